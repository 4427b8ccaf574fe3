//! Seed 004 on the sender: marking one segment per round trip for the
//! one-way delay estimator (`tcp/owd.rs`), and TCP Fast Increase (figure 4):
//! in slow start, a cwnd timer of twice the estimated forward delay adds a
//! segment when ACKs are late; every new ACK does the normal increase and
//! restarts the timer. Congestion avoidance is unchanged.

use super::TcpSender;
use crate::agent::AgentCtx;
use crate::packet::{flags, Packet};
use crate::tcp::owd::{MarkedSample, OwdEstimator};
use crate::time::{SimDuration, SimTime};

pub(super) struct OwdSender {
    estimator: OwdEstimator,
    /// The marked segment awaiting its echo, and when it left.
    marked: Option<(u32, SimTime)>,
    fast_increase: bool,
    cwnd_timer_armed: bool,
}

impl OwdSender {
    pub(super) fn new(probes: u32, fast_increase: bool) -> Self {
        OwdSender {
            estimator: OwdEstimator::new(probes as usize),
            marked: None,
            fast_increase,
            cwnd_timer_armed: false,
        }
    }
}

impl TcpSender {
    /// Flags for new segment `seq` (the SYN included: its 40 bytes each way
    /// over an idle path make the first sample nearly symmetric, the paper's
    /// d = 0): marked when no marked segment is out.
    pub(super) fn owd_mark(&mut self, seq: u32, now: SimTime) -> u16 {
        match self.owd.as_mut() {
            Some(o) if o.marked.is_none() => {
                o.marked = Some((seq, now));
                flags::MARKED
            }
            _ => 0,
        }
    }

    /// An ACK arrived: take the echo of the marked segment, or give the
    /// marked segment up once an ACK passes it without one (it or its echo was lost).
    /// An echo answers the marked segment only if its ACK covers it: the
    /// receiver echoes at the next ACK after a marked arrival, so an echo whose
    /// ACK does not cover the segment came before it, from a segment given up
    /// on (by a timeout) whose echo was late, or from one that arrived out of
    /// order. Pairing such an echo with this segment's send time would be off
    /// by however far apart the two segments left.
    pub(super) fn owd_on_ack(&mut self, pkt: &Packet, ctx: &mut impl AgentCtx) {
        let Some(o) = self.owd.as_mut() else { return };
        let Some((seq, sent_at)) = o.marked else { return };
        if pkt.has(flags::MARKED) && pkt.seq > seq {
            o.marked = None;
            let sample = MarkedSample { sent_at, acked_at: ctx.now(), receiver_clock: pkt.ts_ecr };
            if let Some(est) = o.estimator.on_sample(sample) {
                self.stats.owd_fwd_est.add_ns(est.forward_ns);
                ctx.record(self.series.owd_fwd_est, est.forward_ns as f64 / 1e9);
            }
        } else if pkt.seq > seq {
            o.marked = None;
        }
    }

    /// The slow-start increase of one new ACK, with Fast Increase's timer when on.
    pub(super) fn fast_increase_on_ack(&mut self, ctx: &mut impl AgentCtx) {
        let Some(period) = self.fast_increase_period() else { return };
        ctx.set_timer(self.timers.cwnd, ctx.now() + period);
        if let Some(o) = self.owd.as_mut() {
            o.cwnd_timer_armed = true;
        }
    }

    /// The cwnd timer fired: one more segment, as if an ACK had come.
    pub(super) fn on_cwnd_timer(&mut self, ctx: &mut impl AgentCtx) {
        if let Some(o) = self.owd.as_mut() {
            o.cwnd_timer_armed = false;
        }
        // Only while slow start runs undisturbed: not in loss recovery.
        let Some(period) = self.fast_increase_period() else { return };
        if self.dupacks > 0 || self.snd_una == self.snd_max {
            return;
        }
        self.cwnd += 1.0;
        self.record_window(ctx);
        self.send_much(ctx, None);
        ctx.set_timer(self.timers.cwnd, ctx.now() + period);
        if let Some(o) = self.owd.as_mut() {
            o.cwnd_timer_armed = true;
        }
    }

    /// Twice the estimated forward delay, when Fast Increase applies now.
    fn fast_increase_period(&self) -> Option<SimDuration> {
        let o = self.owd.as_ref().filter(|o| o.fast_increase)?;
        if self.cwnd >= self.ssthresh {
            return None;
        }
        let fd = o.estimator.forward()?;
        Some(SimDuration::from_nanos((fd.as_nanos() * 2).max(1)))
    }

    /// A timeout ends the round of the marked segment and Fast Increase's timer.
    pub(super) fn owd_on_timeout(&mut self, ctx: &mut impl AgentCtx) {
        if let Some(o) = self.owd.as_mut() {
            o.marked = None;
            if std::mem::take(&mut o.cwnd_timer_armed) {
                ctx.cancel_timer(self.timers.cwnd);
            }
        }
    }
}
