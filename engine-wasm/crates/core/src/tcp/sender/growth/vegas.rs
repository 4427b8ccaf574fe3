//! TCP Vegas's window growth (Brakmo and Peterson, 1995) as ns-2's
//! VegasTcpAgent: once per RTT it compares the rate it expects (window /
//! base RTT) with the rate it achieves; in congestion avoidance it adds a
//! segment when fewer than `alpha` segments sit in queues, removes one above
//! `beta`, and leaves slow start when more than `gamma` are queued. Times are
//! f64 seconds since the first segment, as ns-2 keeps them. Losses halve as
//! Reno does; the fine-grained retransmissions are Vegas's recovery's.

use super::{AckEvent, GrowthMetrics, RenoGrowth, Window};

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct VegasParams {
    /// Segments queued below which the window grows (ns-2 v_alpha_ = 1).
    pub alpha: u32,
    /// Segments queued above which the window shrinks (v_beta_ = 3).
    pub beta: u32,
    /// Segments queued that end slow start (v_gamma_ = 1).
    pub gamma: u32,
}

impl Default for VegasParams {
    fn default() -> Self {
        VegasParams { alpha: 1, beta: 3, gamma: 1 }
    }
}

#[derive(Clone, Debug)]
pub struct VegasGrowth {
    params: VegasParams,
    /// Reductions on loss and timeout.
    pub(super) reno: RenoGrowth,
    base_rtt: f64,
    first_ack_seen: bool,
    /// First segment of the current once-per-RTT round, and when it began.
    round_seq: u32,
    round_start: f64,
    rtt_count: u32,
    rtt_sum: f64,
    incr: f64,
    inc_flag: bool,
}

impl VegasGrowth {
    pub fn new(params: VegasParams, rwnd_segments: u32) -> Self {
        VegasGrowth {
            params,
            reno: RenoGrowth::new(rwnd_segments),
            base_rtt: 1e9,
            first_ack_seen: false,
            round_seq: 0,
            round_start: 0.0,
            rtt_count: 0,
            rtt_sum: 0.0,
            incr: 0.0,
            inc_flag: true,
        }
    }

    /// ns-2's precisionReduce_ for the loss response.
    pub fn with_precision_reduce(mut self, on: bool) -> Self {
        self.reno = self.reno.with_precision_reduce(on);
        self
    }

    /// Before any sample, ns-2 takes the time of the first ACK as the base RTT.
    pub fn on_first_ack(&mut self, elapsed_s: f64) {
        if !std::mem::replace(&mut self.first_ack_seen, true) {
            self.base_rtt = elapsed_s;
        }
    }

    pub fn on_ack(&mut self, w: &mut Window, ack: &AckEvent) {
        self.on_first_ack(ack.elapsed_s);
        // ns-2 counts segments from 0 with last_ack_ the last one acknowledged.
        let last_ack = ack.ack as i64 - 1;
        self.once_per_rtt(w, last_ack, ack.snd_nxt as i64, ack.elapsed_s);
        self.grow(w, ack.snd_nxt as f64 - last_ack as f64);
        if let Some(rtt) = ack.fine_rtt_s {
            self.rtt_sum += rtt;
            self.rtt_count += 1;
            if rtt > 0.0 {
                self.base_rtt = self.base_rtt.min(rtt);
            }
        }
    }

    /// Once per RTT: compare expected and actual rates and set the increment.
    fn once_per_rtt(&mut self, w: &mut Window, last_ack: i64, snd_nxt: i64, now: f64) {
        if last_ack < self.round_seq as i64 {
            return;
        }
        let rtt = if self.rtt_count > 0 { self.rtt_sum / self.rtt_count as f64 } else { now - self.round_start };
        self.rtt_sum = 0.0;
        self.rtt_count = 0;
        let round_len = snd_nxt - self.round_seq as i64;
        if rtt > 0.0 {
            // With a single segment in flight the RTT is the base RTT.
            if rtt < self.base_rtt || round_len <= 1 {
                self.base_rtt = rtt;
            }
            let actual = round_len as f64 / rtt;
            let expect = (snd_nxt - last_ack) as f64 / self.base_rtt;
            let delta = ((expect - actual) * self.base_rtt + 0.5) as i64;
            if w.in_slow_start() {
                self.inc_flag = !self.inc_flag;
                if !self.inc_flag {
                    self.incr = 0.0;
                } else if delta > self.params.gamma as i64 {
                    w.ssthresh = 2.0;
                    w.cwnd = (w.cwnd - w.cwnd / 8.0).max(2.0);
                    self.incr = 0.0;
                } else {
                    self.incr = 1.0;
                }
            } else if delta > self.params.beta as i64 {
                w.cwnd = (w.cwnd - 1.0).max(2.0);
                self.incr = 0.0;
            } else if delta < self.params.alpha as i64 {
                self.incr = 1.0 / w.cwnd;
            } else {
                self.incr = 0.0;
            }
        }
        self.round_seq = snd_nxt as u32;
        self.round_start = now;
    }

    /// Grow by the increment chosen this round, unless the flight lags the window.
    fn grow(&mut self, w: &mut Window, in_flight: f64) {
        if self.incr == 1.0 && !w.in_slow_start() {
            self.incr = 0.0;
        }
        if self.incr > 0.0 && w.cwnd - in_flight <= 2.0 {
            w.cwnd += self.incr;
        }
    }

    pub fn metrics(&self) -> GrowthMetrics {
        GrowthMetrics { base_rtt_s: self.first_ack_seen.then_some(self.base_rtt), ..GrowthMetrics::default() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::SimTime;

    /// An ACK of everything below `ack`, `snd_nxt` the next to send, at `t` s.
    fn ack(ack: u32, snd_nxt: u32, t: f64, fine_rtt_s: Option<f64>) -> AckEvent {
        AckEvent { ack, snd_nxt, elapsed_s: t, fine_rtt_s, ..AckEvent::at(SimTime::ZERO) }
    }

    /// Runs rounds of `window` segments with `rtt` s per round trip and
    /// `base` s of it propagation; returns the window after each round.
    fn rounds(w: &mut Window, g: &mut VegasGrowth, base: f64, queued_s_per_segment: f64, n: usize) -> Vec<f64> {
        let mut t = base;
        let mut next = 1u32;
        let mut out = vec![];
        for _ in 0..n {
            let window = w.cwnd as u32;
            let rtt = base + queued_s_per_segment * window as f64;
            let first = next;
            for k in 0..window {
                let acked = first + k;
                g.on_ack(w, &ack(acked, acked + window, t, Some(rtt)));
            }
            next = first + window;
            t += rtt;
            out.push(w.cwnd);
        }
        out
    }

    #[test]
    fn congestion_avoidance_grows_while_under_alpha_segments_are_queued() {
        // No queueing at all: expected = actual, delta 0 < alpha: +1/cwnd per
        // ACK, about one segment per round trip.
        let mut g = VegasGrowth::new(VegasParams::default(), 1000);
        let mut w = Window { cwnd: 10.0, ssthresh: 2.0, pacing_rate: None };
        let after = rounds(&mut w, &mut g, 0.1, 0.0, 4);
        assert!(after[3] > 12.5 && after[3] < 14.5, "{after:?}");
    }

    #[test]
    fn congestion_avoidance_shrinks_above_beta_and_holds_in_between() {
        // base RTT 0.1 s, each segment of the window adds 2 ms: with cwnd 20
        // the RTT is 0.14 s and 20 * (1 - 0.1/0.14) = 5.7 segments queue: > beta.
        let mut g = VegasGrowth::new(VegasParams::default(), 1000);
        g.on_first_ack(0.1);
        g.base_rtt = 0.1;
        let mut w = Window { cwnd: 20.0, ssthresh: 2.0, pacing_rate: None };
        let after = rounds(&mut w, &mut g, 0.1, 0.002, 6);
        assert!(after[5] < 20.0, "shrinks: {after:?}");
        // Between alpha and beta (2 segments queued) the window stays.
        let mut g = VegasGrowth::new(VegasParams::default(), 1000);
        g.on_first_ack(0.1);
        g.base_rtt = 0.1;
        let mut w = Window { cwnd: 10.0, ssthresh: 2.0, pacing_rate: None };
        // 10 * (1 - 0.1/0.125) = 2 segments queued.
        let after = rounds(&mut w, &mut g, 0.1, 0.0025, 5);
        assert!(after[2..].iter().all(|&c| c == after[2]) && after[2] < 12.0, "holds: {after:?}");
    }

    #[test]
    fn slow_start_grows_every_other_round_and_ends_when_over_gamma_segments_queue() {
        let mut g = VegasGrowth::new(VegasParams::default(), 1000);
        g.on_first_ack(0.1);
        g.base_rtt = 0.1;
        let mut w = Window { cwnd: 4.0, ssthresh: 1000.0, pacing_rate: None };
        // 5 ms per queued segment: 4 segments give 4 * (1 - 0.1/0.12) = 0.67 queued.
        let after = rounds(&mut w, &mut g, 0.1, 0.005, 6);
        assert!(w.ssthresh == 2.0, "left slow start: {after:?}");
        // Exponential growth only every other round, then a 1/8 cut.
        assert!(after.windows(2).any(|p| p[1] < p[0]), "{after:?}");
    }

    #[test]
    fn the_base_rtt_is_the_smallest_sample() {
        let mut g = VegasGrowth::new(VegasParams::default(), 1000);
        let mut w = Window { cwnd: 2.0, ssthresh: 2.0, pacing_rate: None };
        g.on_ack(&mut w, &ack(1, 3, 0.3, Some(0.25)));
        g.on_ack(&mut w, &ack(2, 4, 0.35, Some(0.2)));
        g.on_ack(&mut w, &ack(3, 5, 0.6, Some(0.3)));
        assert_eq!(g.metrics().base_rtt_s, Some(0.2));
    }
}
