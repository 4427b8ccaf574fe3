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
//! t_0 (section 3): the paper takes the middle of t_0's feasible range for
//! the guessed sign of d = t_0 - k_0: 3/4 of the first RTT when the forward
//! share of the delay is above alpha = 0.75, 1/4 below beta = 0.25, else 1/2
//! (its formulas reduce to these when delays hold still during the probes).
//! It does not say how the sender learns that share; its premise is that
//! queueing dominates and changes slowly, so we take the forward share of the
//! delay *growth* seen over the probe samples (both changes are known exactly)
//! and RTT/2 when nothing grew.

use crate::time::{SimDuration, SimTime};

/// Forward share of the delay above which t_0 is 3/4 of the first RTT.
const ALPHA: f64 = 0.75;
/// Forward share below which t_0 is 1/4 of the first RTT.
const BETA: f64 = 0.25;

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
    /// Marked samples used to choose t_0 before estimates start.
    probes: usize,
    first: Option<MarkedSample>,
    /// t_n - t_0 of the latest sample, ns.
    drift_ns: i64,
    /// Largest forward and reverse delay growth seen while probing, ns.
    growth_fwd_ns: i64,
    growth_rev_ns: i64,
    samples: usize,
    t0_ns: Option<i64>,
}

/// An estimate for one marked segment.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct OwdEstimate {
    /// Estimated forward delay t_n, ns (negative only if t_0 was badly guessed).
    pub forward_ns: i64,
    /// Estimated reverse delay of the echoing ACK, ns.
    pub reverse_ns: i64,
}

impl OwdEstimator {
    /// `probes`: marked samples (at least 1, the first included) seen before t_0 is chosen.
    pub fn new(probes: usize) -> Self {
        OwdEstimator {
            probes: probes.max(1),
            first: None,
            drift_ns: 0,
            growth_fwd_ns: 0,
            growth_rev_ns: 0,
            samples: 0,
            t0_ns: None,
        }
    }

    /// A test or a replay can give t_0 instead of the heuristic.
    pub fn with_t0(t0: SimDuration) -> Self {
        OwdEstimator { t0_ns: Some(t0.as_nanos() as i64), ..OwdEstimator::new(1) }
    }

    /// Takes a marked sample; returns the estimate once t_0 is known.
    pub fn on_sample(&mut self, s: MarkedSample) -> Option<OwdEstimate> {
        let rtt_ns = s.acked_at.0 as i64 - s.sent_at.0 as i64;
        let first = *self.first.get_or_insert(s);
        self.samples += 1;
        // Equation 6 in closed form against the first sample.
        self.drift_ns = (s.receiver_clock.0 as i64 - first.receiver_clock.0 as i64)
            - (s.sent_at.0 as i64 - first.sent_at.0 as i64);
        let first_rtt_ns = first.acked_at.0 as i64 - first.sent_at.0 as i64;
        if self.t0_ns.is_none() {
            self.growth_fwd_ns = self.growth_fwd_ns.max(self.drift_ns);
            self.growth_rev_ns = self.growth_rev_ns.max(rtt_ns - first_rtt_ns - self.drift_ns);
            if self.samples >= self.probes {
                self.t0_ns = Some(self.choose_t0(first_rtt_ns));
            }
        }
        let forward_ns = self.t0_ns? + self.drift_ns;
        Some(OwdEstimate { forward_ns, reverse_ns: rtt_ns - forward_ns })
    }

    /// Whether estimates are available (the probes are done).
    pub fn ready(&self) -> bool {
        self.t0_ns.is_some()
    }

    /// The latest forward-delay estimate, if any.
    pub fn forward(&self) -> Option<SimDuration> {
        self.t0_ns.map(|t0| SimDuration::from_nanos((t0 + self.drift_ns).max(0) as u64))
    }

    fn choose_t0(&self, first_rtt_ns: i64) -> i64 {
        let (fwd, rev) = (self.growth_fwd_ns.max(0), self.growth_rev_ns.max(0));
        let share = if fwd + rev == 0 { 0.5 } else { fwd as f64 / (fwd + rev) as f64 };
        if share > ALPHA {
            first_rtt_ns * 3 / 4
        } else if share < BETA {
            first_rtt_ns / 4
        } else {
            first_rtt_ns / 2
        }
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
    fn steady_delays_give_half_the_rtt_after_the_probes() {
        let mut e = OwdEstimator::new(3);
        assert_eq!(e.on_sample(sample(0, 20, 20)), None);
        assert_eq!(e.on_sample(sample(40, 20, 20)), None);
        let est = e.on_sample(sample(80, 20, 20)).unwrap();
        assert_eq!(est.forward_ns, 20_000_000);
        assert!(e.ready());
    }

    #[test]
    fn a_growing_forward_queue_puts_t0_at_three_quarters_of_the_rtt() {
        let mut e = OwdEstimator::new(3);
        e.on_sample(sample(0, 60, 20));
        e.on_sample(sample(80, 70, 20));
        // t_0 = 3/4 x 80 ms = 60 ms (right here), then + 20 ms of growth.
        let est = e.on_sample(sample(170, 80, 20)).unwrap();
        assert_eq!(est.forward_ns, 80_000_000);
    }

    #[test]
    fn a_growing_reverse_queue_puts_t0_at_a_quarter_of_the_rtt() {
        let mut e = OwdEstimator::new(2);
        e.on_sample(sample(0, 20, 60));
        // t_0 = 20 ms, and the forward delay did not move.
        let est = e.on_sample(sample(80, 20, 90)).unwrap();
        assert_eq!(est.forward_ns, 20_000_000);
        assert_eq!(est.reverse_ns, 90_000_000);
    }
}
