//! Reno's additive increase, multiplicative decrease (RFC 5681), in
//! segments as ns-2's TcpAgent counts them: one segment per ACK in slow
//! start, 1/cwnd per ACK in congestion avoidance, halving on a loss.

use super::{Congestion, Window};
use crate::tcp::window::{halved, opened};

#[derive(Clone, Debug)]
pub struct RenoGrowth {
    /// The configured receiver window: a reduction halves min(cwnd, rwnd).
    rwnd_segments: u32,
    /// ns-2's precisionReduce_: the halved window keeps its fraction.
    precision_reduce: bool,
}

impl RenoGrowth {
    pub fn new(rwnd_segments: u32) -> Self {
        RenoGrowth { rwnd_segments, precision_reduce: true }
    }

    /// ns-2's precisionReduce_ off: half of the whole window, rounded down.
    pub fn with_precision_reduce(mut self, on: bool) -> Self {
        self.precision_reduce = on;
        self
    }

    /// ns-2 `opencwnd`: per ACK, whatever it acknowledged (so it takes
    /// nothing of the ACK, and the sender builds no [`AckEvent`] for it).
    #[inline]
    pub fn on_ack(&mut self, w: &mut Window) {
        w.cwnd = opened(w.cwnd, w.ssthresh);
    }

    /// ns-2 `slowdown`: ssthresh to half the usable window, cwnd to half
    /// (RFC 5681 (4)) or, after a timeout, to one segment (RFC 5681 (5)).
    pub fn on_congestion(&mut self, w: &mut Window, event: Congestion) {
        let (ssthresh, half) = halved(w.cwnd, self.rwnd_segments, self.precision_reduce);
        w.ssthresh = ssthresh;
        w.cwnd = match event {
            Congestion::Reduce => half,
            Congestion::Restart => 1.0,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::super::AckEvent;
    use super::*;
    use crate::time::SimTime;

    fn ack() -> AckEvent {
        AckEvent { ack: 1, snd_nxt: 1, ..AckEvent::at(SimTime::ZERO) }
    }

    #[test]
    fn slow_start_adds_a_segment_per_ack_whatever_it_acknowledges() {
        let mut g = super::super::Growth::Reno(RenoGrowth::new(64));
        let mut w = Window { cwnd: 2.0, ssthresh: 64.0, pacing_rate: None };
        g.on_ack(&mut w, || AckEvent { newly_acked: 2, ..ack() });
        assert_eq!(w.cwnd, 3.0, "ns-2 counts ACKs, not acknowledged bytes");
    }

    #[test]
    fn a_window_of_acks_in_congestion_avoidance_adds_about_one_segment() {
        let mut g = RenoGrowth::new(64);
        let mut w = Window { cwnd: 10.0, ssthresh: 10.0, pacing_rate: None };
        for _ in 0..10 {
            g.on_ack(&mut w);
        }
        // 10 + 1/10 + 1/10.1 + ...: just under 11.
        assert!(w.cwnd > 10.95 && w.cwnd < 11.0, "cwnd {}", w.cwnd);
    }

    #[test]
    fn a_loss_halves_and_a_timeout_restarts_from_one() {
        let mut g = RenoGrowth::new(64);
        let mut w = Window { cwnd: 15.0, ssthresh: 64.0, pacing_rate: None };
        g.on_congestion(&mut w, Congestion::Reduce);
        assert_eq!(w, Window { cwnd: 7.5, ssthresh: 7.0, pacing_rate: None });
        g.on_congestion(&mut w, Congestion::Restart);
        assert_eq!(w, Window { cwnd: 1.0, ssthresh: 3.0, pacing_rate: None });
    }

    #[test]
    fn the_receiver_window_bounds_what_is_halved() {
        let mut g = RenoGrowth::new(20);
        let mut w = Window { cwnd: 40.0, ssthresh: 64.0, pacing_rate: None };
        g.on_congestion(&mut w, Congestion::Reduce);
        assert_eq!(w, Window { cwnd: 10.0, ssthresh: 10.0, pacing_rate: None });
    }
}
