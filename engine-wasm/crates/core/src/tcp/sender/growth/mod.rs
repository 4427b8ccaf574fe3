//! Window growth policies: how cwnd opens on ACKs and what a congestion
//! signal does to it (Linux's `tcp_congestion_ops`: `cong_avoid` and
//! `ssthresh`). Each policy holds only its own state, in its own file, and
//! acts on the [`Window`] the sender's core owns. Enum dispatch keeps trait
//! objects off the per-ACK path (as smoltcp's `AnyController`).

mod bbr;
mod cubic;
mod hystart;
mod reno;
mod vegas;

pub use bbr::BbrGrowth;
pub use cubic::CubicGrowth;
pub use reno::RenoGrowth;
pub use vegas::{VegasGrowth, VegasParams};

use super::rate_sample::RateSample;
use crate::time::{SimDuration, SimTime};

/// cwnd and ssthresh in segments (f64: ns-2 keeps fractions of a segment).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Window {
    pub cwnd: f64,
    pub ssthresh: f64,
    /// The pacing rate a model-based policy sets (BBR), segments per second.
    pub pacing_rate: Option<f64>,
}

impl Window {
    pub fn in_slow_start(&self) -> bool {
        self.cwnd < self.ssthresh
    }
}

/// What a growth policy hears of an ACK of new data.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct AckEvent {
    pub now: SimTime,
    /// The cumulative ACK: the oldest unacknowledged segment from now on.
    pub ack: u32,
    /// Segments this ACK acknowledged for the first time.
    pub newly_acked: u32,
    /// The next segment to send.
    pub snd_nxt: u32,
    /// The RTT sample this ACK gave, if any (Karn: none for resent data).
    pub rtt: Option<SimDuration>,
    /// The smoothed RTT (RFC 6298), once there is one.
    pub srtt: Option<SimDuration>,
    /// Seconds since the first segment left, for policies that time every
    /// segment (Vegas); 0 when the sender keeps no per-segment clock.
    pub elapsed_s: f64,
    /// That clock's RTT of the segment this ACK acknowledged, if it went once.
    pub fine_rtt_s: Option<f64>,
    /// Segments outstanding after this ACK (sent up to snd_nxt, not yet acknowledged).
    pub in_flight: u32,
    /// Segments delivered so far, when the sender samples delivery rates.
    pub delivered: u64,
    /// Of `in_flight`, the segments the receiver has SACKed (when the sender
    /// samples delivery rates; else 0): `in_flight - sacked` is the pipe.
    pub sacked: u32,
    /// This ACK's delivery-rate sample, when the sender takes them (BBR).
    pub rate: Option<RateSample>,
}

#[cfg(test)]
impl AckEvent {
    /// An ACK at `now` with nothing else known, for building events field by field.
    pub fn at(now: SimTime) -> Self {
        AckEvent {
            now,
            ack: 0,
            newly_acked: 1,
            snd_nxt: 0,
            rtt: None,
            srtt: None,
            elapsed_s: 0.0,
            fine_rtt_s: None,
            in_flight: 0,
            delivered: 0,
            sacked: 0,
            rate: None,
        }
    }
}

/// A congestion signal's response.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Congestion {
    /// A loss repaired by fast retransmit, or an ECN echo: multiplicative
    /// decrease (RFC 5681 (4), RFC 3168 6.1.2).
    Reduce,
    /// A timeout (or Tahoe's fast retransmit): ssthresh as for a loss, cwnd
    /// back to one segment (RFC 5681 (5)).
    Restart,
}

/// Figures a policy reports besides the window (quinn-proto's metrics).
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct GrowthMetrics {
    /// Vegas: the smallest RTT seen, seconds.
    pub base_rtt_s: Option<f64>,
    /// CUBIC: W_max, segments, and K, seconds.
    pub w_max: Option<f64>,
    pub k_s: Option<f64>,
    /// BBR: bottleneck bandwidth estimate and pacing rate, segments per
    /// second, and the min-RTT estimate, seconds.
    pub btl_bw: Option<f64>,
    pub pacing_rate: Option<f64>,
    pub min_rtt_s: Option<f64>,
}

#[derive(Clone, Debug)]
pub enum Growth {
    Reno(RenoGrowth),
    Vegas(VegasGrowth),
    Cubic(CubicGrowth),
    Bbr(BbrGrowth),
}

impl Growth {
    /// cwnd growth on an ACK of new data; `ack` builds what the policy
    /// hears of it (Reno, ns-2's default, hears nothing: not built per ACK).
    #[inline]
    pub fn on_ack(&mut self, w: &mut Window, ack: impl FnOnce() -> AckEvent) {
        match self {
            Growth::Reno(g) => g.on_ack(w),
            Growth::Vegas(g) => g.on_ack(w, &ack()),
            Growth::Cubic(g) => g.on_ack(w, &ack()),
            Growth::Bbr(g) => g.on_ack(w, &ack()),
        }
    }

    /// cwnd growth on an ACK of new data for a policy that hears nothing of
    /// it (Reno); false for the others, which the caller then gives the event.
    #[inline]
    pub fn on_ack_unheard(&mut self, w: &mut Window) -> bool {
        let Growth::Reno(g) = self else { return false };
        g.on_ack(w);
        true
    }

    /// The window's response to a congestion signal.
    pub fn on_congestion(&mut self, w: &mut Window, event: Congestion) {
        match self {
            Growth::Reno(g) => g.on_congestion(w, event),
            // Vegas halves as Reno does on losses and timeouts (ns-2's slowdown).
            Growth::Vegas(g) => g.reno.on_congestion(w, event),
            Growth::Cubic(g) => g.on_congestion(w, event),
            Growth::Bbr(g) => g.on_congestion(w, event),
        }
    }

    pub fn metrics(&self) -> GrowthMetrics {
        match self {
            Growth::Reno(_) => GrowthMetrics::default(),
            Growth::Vegas(g) => g.metrics(),
            Growth::Cubic(g) => g.metrics(),
            Growth::Bbr(g) => g.metrics(),
        }
    }

    /// The policy times every segment (the core then keeps a segment clock).
    pub fn wants_segment_clock(&self) -> bool {
        matches!(self, Growth::Vegas(_))
    }

    /// The policy needs delivery-rate samples (the core then takes them).
    pub fn wants_rate_samples(&self) -> bool {
        matches!(self, Growth::Bbr(_))
    }

    /// The policy sets the window on every ACK, in loss recovery too, in
    /// place of the recovery's own rule (PRR, Reno's inflation).
    pub fn owns_window_in_recovery(&self) -> bool {
        matches!(self, Growth::Bbr(_))
    }

    /// The policy sets its own pacing rate and cannot do without pacing.
    pub fn paces(&self) -> bool {
        matches!(self, Growth::Bbr(_))
    }
}
