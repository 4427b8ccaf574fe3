//! One-way delay estimation without synchronized clocks (seed 004, equations
//! 1-7 and figure 3), seen from the sender.
//!
//! One data segment per round trip is marked. The receiver notes, on its own
//! clock, when each marked segment arrives and echoes that reading in the next
//! ACK. For marked segments n-1 and n, sent at S and received at R,
//!
//!   t_n - t_(n-1) = (R_n - R_(n-1)) - (S_n - S_(n-1))
//!
//! which is the paper's RTT(r, n) - RTT(s, n) with RTT(s, n) = S_n - S_(n-1)
//! (its equation 1) and RTT(r, n) = R_n - R_(n-1) (equation 2); summed, it
//! is equation 6: t_n = t_0 - sum [RTT(s, i) - RTT(r, i)]. The receiver's clock
//! offset cancels, so the forward delay is tracked exactly and only t_0 is
//! guessed. Echoing the reading instead of the spacing carries the same
//! information and survives lost ACKs: the sender pairs any two echoes it got.
//! The reverse delay of the echoing ACK is then RTT - t_n (equation 7).
//!
//! t_0 (section 3, equations 8-10): the paper bounds t_0 by the first round
//! trip and takes RTT(s, 0)/2 when the two first delays are alike (d = 0,
//! equation 10), moving to 3/4 or 1/4 of it when it guesses d's sign. Every
//! later sample bounds t_0 further, since its forward and reverse delays are
//! not negative: t_0 >= -(t_n - t_0) and t_0 <= RTT_n - (t_n - t_0). We keep
//! t_0 in the middle of the tightest bounds seen (equation 10 over the least
//! forward and least reverse delay met so far), so every estimate lies within
//! [0, RTT] of every sample, and the error is half the difference between the
//! least forward and least reverse delay. With a marked SYN (40 bytes each way
//! over an idle path) that is the propagation asymmetry plus 40 bytes'
//! serialization, a millisecond or so on the paper's paths; without one the
//! first marked segment is a full data segment against a 40-byte ACK, and
//! the error grows by half that serialization difference (README of seed 004).
//! The paper's guess of d's sign from the probe samples is left out: read as
//! the forward share of the delay growth while probing, it put t_0 at 3/4 or
//! 1/4 of the first RTT whenever a queue began to build, tens of ms to a
//! second off (the same README).

use crate::time::{SimDuration, SimTime};

/// One marked segment whose echo came back.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MarkedSample {
    /// When the sender sent it (S_n).
    pub sent_at: SimTime,
    /// When its echoing ACK arrived.
    pub acked_at: SimTime,
    /// The receiver's clock when it arrived (R_n plus an unknown offset).
    pub receiver_clock: SimTime,
}

/// The sender's side of the estimator.
#[derive(Clone, Debug)]
pub struct OwdEstimator {
    /// Marked samples taken before estimates start (the paper's probes).
    probes: usize,
    first: Option<MarkedSample>,
    /// t_n - t_0 of the latest sample, ns.
    drift_ns: i64,
    /// Bounds on t_0 from every sample so far: forward delays not negative
    /// (lower) and reverse delays not negative (upper), ns.
    t0_low_ns: i64,
    t0_high_ns: i64,
    samples: usize,
    /// A t_0 given from outside (tests, replays), still kept within the bounds.
    given_t0_ns: Option<i64>,
}

/// An estimate for one marked segment.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct OwdEstimate {
    /// Estimated forward delay t_n, ns: within [0, RTT of the sample].
    pub forward_ns: i64,
    /// Estimated reverse delay of the echoing ACK, ns: RTT - forward.
    pub reverse_ns: i64,
}

impl OwdEstimator {
    /// `probes`: marked samples (at least 1, the first included) seen before estimates start.
    pub fn new(probes: usize) -> Self {
        OwdEstimator {
            probes: probes.max(1),
            first: None,
            drift_ns: 0,
            t0_low_ns: i64::MIN,
            t0_high_ns: i64::MAX,
            samples: 0,
            given_t0_ns: None,
        }
    }

    /// A test or a replay can give t_0 instead of the bounds' middle.
    pub fn with_t0(t0: SimDuration) -> Self {
        OwdEstimator { given_t0_ns: Some(t0.as_nanos() as i64), ..OwdEstimator::new(1) }
    }

    /// Takes a marked sample; returns the estimate once the probes are done.
    pub fn on_sample(&mut self, s: MarkedSample) -> Option<OwdEstimate> {
        let rtt_ns = s.acked_at.0 as i64 - s.sent_at.0 as i64;
        let first = *self.first.get_or_insert(s);
        self.samples += 1;
        // Equation 6 in closed form against the first sample.
        self.drift_ns = (s.receiver_clock.0 as i64 - first.receiver_clock.0 as i64)
            - (s.sent_at.0 as i64 - first.sent_at.0 as i64);
        // Equations 8-9, for this sample: 0 <= t_n = t_0 + drift <= RTT_n.
        self.t0_low_ns = self.t0_low_ns.max(-self.drift_ns);
        self.t0_high_ns = self.t0_high_ns.min(rtt_ns - self.drift_ns);
        let forward_ns = self.t0_ns()? + self.drift_ns;
        Some(OwdEstimate { forward_ns, reverse_ns: rtt_ns - forward_ns })
    }

    /// Whether estimates are available (the probes are done).
    pub fn ready(&self) -> bool {
        self.samples >= self.probes
    }

    /// The latest forward-delay estimate, if any.
    pub fn forward(&self) -> Option<SimDuration> {
        self.t0_ns().map(|t0| SimDuration::from_nanos((t0 + self.drift_ns).max(0) as u64))
    }

    /// t_0: the given one or the middle of the bounds (equation 10), within the bounds.
    fn t0_ns(&self) -> Option<i64> {
        if !self.ready() {
            return None;
        }
        // The bounds cannot cross (the true t_0 lies between them) unless the
        // receiver's clock drifts; then the latest sample's upper bound wins.
        let (low, high) = (self.t0_low_ns.min(self.t0_high_ns), self.t0_high_ns);
        let t0 = self.given_t0_ns.unwrap_or(low + (high - low) / 2);
        Some(t0.clamp(low, high))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(v: u64) -> SimTime {
        SimTime(v * 1_000_000)
    }

    /// A marked segment sent at `sent` ms with forward delay `fwd` and reverse
    /// delay `rev` ms, seen by a receiver whose clock is 1000 s ahead.
    fn sample(sent: u64, fwd: u64, rev: u64) -> MarkedSample {
        MarkedSample { sent_at: ms(sent), acked_at: ms(sent + fwd + rev), receiver_clock: ms(1_000_000 + sent + fwd) }
    }

    #[test]
    fn a_known_t0_tracks_an_asymmetric_forward_delay_exactly() {
        // Forward 30 ms growing by a queue, reverse 170 ms: RTT/2 would be far off.
        let mut e = OwdEstimator::with_t0(SimDuration::from_millis(30));
        let path = [(0, 30, 170), (200, 30, 170), (400, 45, 170), (615, 80, 172), (867, 62, 170)];
        for (sent, fwd, rev) in path {
            let est = e.on_sample(sample(sent, fwd, rev)).unwrap();
            assert_eq!(est.forward_ns, (fwd * 1_000_000) as i64);
            assert_eq!(est.reverse_ns, (rev * 1_000_000) as i64);
        }
    }

    #[test]
    fn with_delays_that_hold_still_t0_is_half_the_rtt_after_the_probes() {
        let mut e = OwdEstimator::new(3);
        assert_eq!(e.on_sample(sample(0, 20, 20)), None);
        assert_eq!(e.on_sample(sample(40, 20, 20)), None);
        let est = e.on_sample(sample(80, 20, 20)).unwrap();
        assert_eq!(est.forward_ns, 20_000_000);
        assert!(e.ready());
    }

    #[test]
    fn the_least_forward_and_least_reverse_delays_seen_set_t0() {
        // The first sample is asymmetric (a long data segment out, a short ACK
        // back: 60 against 20 ms), so RTT/2 = 40 ms is 20 ms low. A later one
        // meets a queue on the way back only, which leaves the bounds alone;
        // a third with a shorter forward delay (10 ms) narrows them.
        let mut e = OwdEstimator::new(1);
        assert_eq!(e.on_sample(sample(0, 60, 20)).unwrap().forward_ns, 40_000_000);
        assert_eq!(e.on_sample(sample(100, 60, 90)).unwrap().forward_ns, 40_000_000);
        // Bounds: t_0 >= 60 - 10 = 50 ms (t_2 >= 0) and <= 60 + 20 = 80 ms; middle 65 ms.
        let est = e.on_sample(sample(300, 10, 20)).unwrap();
        assert_eq!(est.forward_ns, 15_000_000);
        assert_eq!(e.forward(), Some(SimDuration::from_millis(15)));
    }

    #[test]
    fn no_estimate_leaves_the_round_trip_of_its_sample() {
        // A given t_0 far too high: the first sample's reverse delay would be negative.
        let mut e = OwdEstimator::with_t0(SimDuration::from_millis(500));
        let est = e.on_sample(sample(0, 30, 20)).unwrap();
        assert_eq!((est.forward_ns, est.reverse_ns), (50_000_000, 0));
        // And one far too low is raised to keep later forward delays at zero or more.
        let mut e = OwdEstimator::with_t0(SimDuration::ZERO);
        e.on_sample(sample(0, 80, 20));
        let est = e.on_sample(sample(200, 5, 20)).unwrap();
        assert!(est.forward_ns >= 0 && est.reverse_ns >= 0, "{est:?}");
    }
}
