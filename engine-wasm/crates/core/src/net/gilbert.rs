//! Gilbert–Elliott burst errors: a two-state Markov chain, good and bad,
//! each with its own loss (Gilbert 1960, Elliott 1963).
//!
//! The chain moves either per frame (probabilities of leaving each state at
//! each transmitted frame, the classic discrete model) or in time (sojourns
//! drawn from exponential distributions with the given means, so a fade
//! lasts as long whatever the traffic). It starts in the good state. In a
//! state a frame of n bytes is lost with 1 - (1 - loss)(1 - ber)^(8n).
//! Draws come from the channel's own stream.

use super::errors::packet_error_probability;
use crate::rng::RandomStream;
use crate::time::SimTime;
use std::collections::VecDeque;

#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Transitions {
    /// Per frame: P(good -> bad) and P(bad -> good).
    PerFrame { good_to_bad: f64, bad_to_good: f64 },
    /// In time: mean sojourn in each state, in nanoseconds.
    Timed { mean_good_ns: u64, mean_bad_ns: u64 },
}

/// Loss of a frame in one state.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct StateLoss {
    /// Probability that a frame is lost whatever its size.
    pub loss: f64,
    /// Bit error rate on top of it.
    pub ber: f64,
}

impl StateLoss {
    fn probability(&self, size_bytes: u32) -> f64 {
        1.0 - (1.0 - self.loss) * (1.0 - packet_error_probability(self.ber, size_bytes))
    }
}

#[derive(Copy, Clone, Debug, PartialEq)]
pub struct GilbertParams {
    pub transitions: Transitions,
    pub good: StateLoss,
    pub bad: StateLoss,
}

#[derive(Clone, Debug)]
pub struct GilbertElliott {
    params: GilbertParams,
    rng: RandomStream,
    /// The state at `anchor_ns` (timed), or now (per frame).
    bad: bool,
    /// Timed: the last change forgotten, from which `bad` holds...
    anchor_ns: u64,
    /// ...and flips at each of these instants, drawn ahead as queries need.
    changes: VecDeque<u64>,
}

impl GilbertElliott {
    pub fn new(params: GilbertParams, rng: RandomStream) -> Self {
        GilbertElliott { params, rng, bad: false, anchor_ns: 0, changes: VecDeque::new() }
    }

    /// Whether the frame of `size_bytes` sent at `at` is lost. Timed chains
    /// take queries in any order from the last `forget_before` on.
    pub fn corrupts(&mut self, size_bytes: u32, at: SimTime) -> bool {
        let bad = match self.params.transitions {
            Transitions::PerFrame { .. } => self.bad,
            Transitions::Timed { .. } => self.state_at(at.0),
        };
        let loss = if bad { self.params.bad } else { self.params.good };
        let p = loss.probability(size_bytes);
        let lost = p >= 1.0 || (p > 0.0 && self.rng.bernoulli(p));
        if let Transitions::PerFrame { good_to_bad, bad_to_good } = self.params.transitions {
            // The frame is sent in the current state, then the chain takes a step.
            let leave = if self.bad { bad_to_good } else { good_to_bad };
            if leave > 0.0 && self.rng.bernoulli(leave) {
                self.bad = !self.bad;
            }
        }
        lost
    }

    /// Whether the chain is in the bad state at `t_ns` (timed chains).
    fn state_at(&mut self, t_ns: u64) -> bool {
        debug_assert!(t_ns >= self.anchor_ns, "query before the forgotten past");
        while self.changes.back().copied().unwrap_or(self.anchor_ns) <= t_ns {
            let last = self.changes.back().copied().unwrap_or(self.anchor_ns);
            let bad_after_last = self.bad ^ (self.changes.len() % 2 == 1);
            let sojourn = self.sojourn_ns(bad_after_last);
            self.changes.push_back(last.saturating_add(sojourn));
        }
        let flips = self.changes.partition_point(|&c| c <= t_ns);
        self.bad ^ (flips % 2 == 1)
    }

    /// An exponential sojourn in the given state, at least 1 ns.
    fn sojourn_ns(&mut self, bad: bool) -> u64 {
        let Transitions::Timed { mean_good_ns, mean_bad_ns } = self.params.transitions else { unreachable!() };
        let mean = if bad { mean_bad_ns } else { mean_good_ns };
        // -mean ln(1 - u), u in [0, 1): finite.
        let d = -(mean as f64) * libm::log(1.0 - self.rng.uniform());
        (d as u64).max(1)
    }

    /// No query will come before `t`: drop the history before it.
    pub fn forget_before(&mut self, t: SimTime) {
        while let Some(&c) = self.changes.front() {
            if c > t.0 {
                break;
            }
            self.changes.pop_front();
            self.bad = !self.bad;
            self.anchor_ns = c;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NONE: StateLoss = StateLoss { loss: 0.0, ber: 0.0 };
    const ALL: StateLoss = StateLoss { loss: 1.0, ber: 0.0 };

    #[test]
    fn per_frame_chain_gives_the_stationary_loss_and_burst_length() {
        // Gilbert: p = 0.01, r = 0.25; loss only in the bad state. Stationary
        // P(bad) = p / (p + r) = 1/26; bursts last 1/r = 4 frames on average.
        let params = GilbertParams {
            transitions: Transitions::PerFrame { good_to_bad: 0.01, bad_to_good: 0.25 },
            good: NONE,
            bad: ALL,
        };
        let mut ge = GilbertElliott::new(params, RandomStream::for_entity(7, "ge"));
        let n = 400_000;
        let lost: Vec<bool> = (0..n).map(|_| ge.corrupts(1000, SimTime::ZERO)).collect();
        let rate = lost.iter().filter(|&&l| l).count() as f64 / n as f64;
        assert!((rate - 1.0 / 26.0).abs() < 0.003, "loss rate {rate}");
        let bursts = lost.windows(2).filter(|w| !w[0] && w[1]).count();
        let mean_burst = lost.iter().filter(|&&l| l).count() as f64 / bursts as f64;
        assert!((mean_burst - 4.0).abs() < 0.15, "mean burst {mean_burst}");
    }

    #[test]
    fn timed_chain_spends_the_expected_share_of_time_in_the_bad_state() {
        // Means 90 ms good, 10 ms bad: bad 10 % of the time, probed every ms.
        let params = GilbertParams {
            transitions: Transitions::Timed { mean_good_ns: 90_000_000, mean_bad_ns: 10_000_000 },
            good: NONE,
            bad: ALL,
        };
        let mut ge = GilbertElliott::new(params, RandomStream::for_entity(7, "ge"));
        let n = 200_000u64;
        let lost = (0..n)
            .filter(|&i| {
                let t = SimTime(i * 1_000_000);
                ge.forget_before(t);
                ge.corrupts(100, t)
            })
            .count();
        let share = lost as f64 / n as f64;
        assert!((share - 0.1).abs() < 0.01, "bad share {share}");
    }

    #[test]
    fn timed_queries_ahead_and_back_agree() {
        let params = GilbertParams {
            transitions: Transitions::Timed { mean_good_ns: 5_000_000, mean_bad_ns: 5_000_000 },
            good: NONE,
            bad: ALL,
        };
        let mut a = GilbertElliott::new(params, RandomStream::for_entity(3, "ge"));
        let mut b = a.clone();
        // a looks far ahead first (as link-layer retries do), b walks forward.
        let ahead: Vec<bool> = (0..100).rev().map(|i| a.state_at(i * 1_000_000)).collect();
        let forward: Vec<bool> = (0..100).map(|i| b.state_at(i * 1_000_000)).collect();
        assert_eq!(ahead.into_iter().rev().collect::<Vec<_>>(), forward);
        assert!(forward.contains(&true) && forward.contains(&false));
    }

    #[test]
    fn per_bit_errors_in_a_state_scale_with_size() {
        let s = StateLoss { loss: 0.0, ber: 1e-5 };
        assert!((s.probability(1250) - packet_error_probability(1e-5, 1250)).abs() < 1e-15);
        let both = StateLoss { loss: 0.5, ber: 1e-5 };
        assert!((both.probability(1250) - (1.0 - 0.5 * (1.0 - s.probability(1250)))).abs() < 1e-15);
    }
}
