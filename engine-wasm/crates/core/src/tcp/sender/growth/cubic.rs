//! CUBIC (RFC 9438): after a reduction the window follows a cubic function
//! of the time since it, W_cubic(t) = C (t - K)^3 + W_max (eq. 1), flat
//! around the window W_max where the last loss happened and probing fast
//! away from it, with K = cbrt(W_max (1 - beta) / C) (eq. 2) the time it takes
//! to get back to W_max. Where Reno would grow faster (short RTTs, small
//! windows) it follows Reno's estimate instead (the Reno-friendly region,
//! section 4.3). Windows are in segments, as RFC 9438 counts them.

use super::hystart::{HyStart, SlowStart, CSS_GROWTH_DIVISOR, L_SEGMENTS};
use super::{AckEvent, Congestion, GrowthMetrics, Window};
use crate::time::SimTime;

/// RFC 9438 section 5: C = 0.4 segments/s^3 and beta_cubic = 0.7.
pub const C: f64 = 0.4;
pub const BETA: f64 = 0.7;
/// RFC 9438 eq. 4: the Reno-friendly estimate's additive increase, 3 (1 - beta) / (1 + beta).
pub const ALPHA_CUBIC: f64 = 3.0 * (1.0 - BETA) / (1.0 + BETA);

/// RFC 9438 eq. 2 for a window starting at `cwnd_epoch` below `w_max`.
pub fn k_s(w_max: f64, cwnd_epoch: f64) -> f64 {
    libm::cbrt(((w_max - cwnd_epoch) / C).max(0.0))
}

/// RFC 9438 eq. 1.
pub fn w_cubic(t_s: f64, k_s: f64, w_max: f64) -> f64 {
    let d = t_s - k_s;
    C * d * d * d + w_max
}

#[derive(Clone, Debug)]
pub struct CubicGrowth {
    /// The configured receiver window: a reduction takes min(cwnd, rwnd).
    rwnd_segments: u32,
    /// The window at the last reduction (after fast convergence).
    w_max: f64,
    /// cwnd_prior: the window just before the last reduction (section 4.6),
    /// where W_est's increase switches to Reno's (section 4.3).
    cwnd_prior: f64,
    /// Start of the current congestion-avoidance epoch.
    epoch_start: Option<SimTime>,
    k_s: f64,
    /// W_cubic's plateau this epoch: W_max, or cwnd when the epoch began above it.
    origin: f64,
    /// Reno's window estimate, W_est (section 4.3).
    w_est: f64,
    hystart: Option<HyStart>,
}

impl CubicGrowth {
    pub fn new(rwnd_segments: u32, hystart: bool) -> Self {
        CubicGrowth {
            rwnd_segments,
            w_max: 0.0,
            cwnd_prior: 0.0,
            epoch_start: None,
            k_s: 0.0,
            origin: 0.0,
            w_est: 0.0,
            hystart: hystart.then(HyStart::default),
        }
    }

    pub fn on_ack(&mut self, w: &mut Window, ack: &AckEvent) {
        let acked = ack.newly_acked.max(1) as f64;
        if w.in_slow_start() {
            let step = match self.hystart.as_mut().map(|h| h.on_ack(w, ack)) {
                None => acked,
                Some(SlowStart::Standard) => acked.min(L_SEGMENTS),
                Some(SlowStart::Conservative) => acked.min(L_SEGMENTS) / CSS_GROWTH_DIVISOR,
                Some(SlowStart::Ended) => 0.0,
            };
            if w.in_slow_start() {
                // RFC 5681 3.1 with RFC 3465's byte counting: one segment per acknowledged segment.
                w.cwnd += step;
                return;
            }
        }
        self.congestion_avoidance(w, ack, acked);
    }

    /// RFC 9438 sections 4.2 to 4.4.
    fn congestion_avoidance(&mut self, w: &mut Window, ack: &AckEvent, acked: f64) {
        let epoch = match self.epoch_start {
            Some(t) => t,
            None => {
                // Section 4.2: a new epoch; K from where the window is now.
                if w.cwnd < self.w_max {
                    self.k_s = k_s(self.w_max, w.cwnd);
                    self.origin = self.w_max;
                } else {
                    self.k_s = 0.0;
                    self.origin = w.cwnd;
                }
                self.w_est = w.cwnd;
                self.epoch_start = Some(ack.now);
                ack.now
            }
        };
        let t_s = ack.now.since(epoch).as_secs_f64();
        let rtt_s = ack.srtt.or(ack.rtt).map_or(0.0, |r| r.as_secs_f64());
        // Section 4.3: W_est grows by alpha_cubic per window of ACKs; alpha is 1 once
        // W_est reaches cwnd_prior. Not W_max: fast convergence lowers W_max, and
        // switching there would speed a flow up exactly when it should yield.
        let alpha = if self.w_est >= self.cwnd_prior { 1.0 } else { ALPHA_CUBIC };
        self.w_est += alpha * acked / w.cwnd;
        if w_cubic(t_s, self.k_s, self.origin) < self.w_est {
            // The Reno-friendly region: grow as Reno would.
            w.cwnd = self.w_est;
            return;
        }
        // Section 4.4: aim for W_cubic one RTT ahead, no lower than cwnd and
        // no higher than 1.5 cwnd; cwnd moves (target - cwnd) / cwnd per segment.
        let target = w_cubic(t_s + rtt_s, self.k_s, self.origin).clamp(w.cwnd, 1.5 * w.cwnd);
        w.cwnd += (target - w.cwnd) / w.cwnd * acked;
    }

    /// Section 4.6 (multiplicative decrease), 4.7 (fast convergence) and 4.8 (timeout).
    pub fn on_congestion(&mut self, w: &mut Window, event: Congestion) {
        let flight = w.cwnd.min(self.rwnd_segments as f64);
        self.cwnd_prior = flight;
        // Fast convergence: a loss below the last W_max means a new flow
        // wants its share; release some by remembering a lower plateau.
        self.w_max = if flight < self.w_max { flight * (1.0 + BETA) / 2.0 } else { flight };
        self.epoch_start = None;
        w.ssthresh = (flight * BETA).max(2.0);
        w.cwnd = match event {
            Congestion::Reduce => w.ssthresh,
            Congestion::Restart => 1.0,
        };
        if let Some(h) = self.hystart.as_mut() {
            h.on_congestion();
        }
    }

    pub fn metrics(&self) -> GrowthMetrics {
        GrowthMetrics { w_max: Some(self.w_max), k_s: Some(self.k_s), ..GrowthMetrics::default() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::SimDuration;

    fn at_s(t: f64) -> SimTime {
        SimTime((t * 1e9) as u64)
    }

    fn ack_at(t: f64, srtt_ms: u64) -> AckEvent {
        AckEvent { ack: 1, snd_nxt: 1, srtt: Some(SimDuration::from_millis(srtt_ms)), ..AckEvent::at(at_s(t)) }
    }

    #[test]
    fn k_and_the_cubic_window_follow_rfc_9438_equations_1_and_2() {
        // W_max = 100, cwnd after the reduction 70: K = cbrt(100 x 0.3 / 0.4) = cbrt(75) = 4.2172 s.
        let k = k_s(100.0, 70.0);
        assert!((k - 4.217_163).abs() < 1e-6, "K = {k}");
        // W(0) = 0.4 (-K)^3 + 100 = 100 - 0.4 x 75 = 70, W(K) = W_max, W(K + 2) = 100 + 0.4 x 8 = 103.2.
        assert!((w_cubic(0.0, k, 100.0) - 70.0).abs() < 1e-9);
        assert_eq!(w_cubic(k, k, 100.0), 100.0);
        assert!((w_cubic(k + 2.0, k, 100.0) - 103.2).abs() < 1e-9);
        // t = 1 s: 0.4 (1 - 4.21716)^3 + 100 = 100 - 0.4 x 33.298 = 86.681.
        assert!((w_cubic(1.0, k, 100.0) - 86.6808).abs() < 1e-3);
        assert!((ALPHA_CUBIC - 0.529_411_76).abs() < 1e-8);
    }

    #[test]
    fn a_loss_sets_cwnd_and_ssthresh_to_beta_times_the_window() {
        let mut g = CubicGrowth::new(1000, false);
        let mut w = Window { cwnd: 100.0, ssthresh: 1000.0, pacing_rate: None };
        g.on_congestion(&mut w, Congestion::Reduce);
        assert_eq!(w, Window { cwnd: 70.0, ssthresh: 70.0, pacing_rate: None });
        assert_eq!(g.w_max, 100.0);
        let mut w = Window { cwnd: 100.0, ssthresh: 1000.0, pacing_rate: None };
        g.w_max = 0.0;
        g.on_congestion(&mut w, Congestion::Restart);
        assert_eq!(w, Window { cwnd: 1.0, ssthresh: 70.0, pacing_rate: None });
    }

    #[test]
    fn fast_convergence_lowers_w_max_when_a_loss_comes_below_the_last_one() {
        let mut g = CubicGrowth::new(1000, false);
        let mut w = Window { cwnd: 100.0, ssthresh: 1000.0, pacing_rate: None };
        g.on_congestion(&mut w, Congestion::Reduce);
        w.cwnd = 80.0;
        g.on_congestion(&mut w, Congestion::Reduce);
        // 80 < 100: W_max = 80 x (1 + 0.7) / 2 = 68.
        assert!((g.w_max - 68.0).abs() < 1e-9);
        assert!((w.cwnd - 56.0).abs() < 1e-9);
    }

    #[test]
    fn the_window_tracks_w_cubic_and_plateaus_at_w_max_after_k_seconds() {
        // A 100 ms path at W_max 100: about a thousand ACKs a second.
        let mut g = CubicGrowth::new(100_000, false);
        let mut w = Window { cwnd: 100.0, ssthresh: 1000.0, pacing_rate: None };
        g.on_congestion(&mut w, Congestion::Reduce);
        let k = k_s(100.0, 70.0);
        let mut t = 0.0;
        let mut at_k = None;
        while t < 2.0 * k {
            g.on_ack(&mut w, &ack_at(t, 100));
            if at_k.is_none() && t >= k {
                at_k = Some(w.cwnd);
            }
            t += 0.001;
        }
        let at_k = at_k.unwrap();
        // Near K the window is near W_max (it aims one RTT ahead, W(K + 0.1) = 100.0004).
        assert!((at_k - 100.0).abs() < 1.0, "cwnd at K: {at_k}");
        // At 2K it follows the convex part: W(2K) = 130.
        assert!((w.cwnd - w_cubic(2.0 * k, k, 100.0)).abs() < 3.0, "cwnd at 2K: {}", w.cwnd);
    }

    #[test]
    fn in_the_reno_friendly_region_the_window_follows_w_est() {
        // A small window and a short RTT: many ACKs per second make W_est grow
        // faster than W_cubic, which is flat near a W_max of 10.
        let mut g = CubicGrowth::new(1000, false);
        let mut w = Window { cwnd: 10.0, ssthresh: 1000.0, pacing_rate: None };
        g.on_congestion(&mut w, Congestion::Reduce);
        let mut t = 0.0;
        for _ in 0..70 {
            g.on_ack(&mut w, &ack_at(t, 1));
            t += 0.0001;
        }
        // Ten windows of ACKs (7 each) at alpha 0.53: W_est = 7 + ~5.3 (alpha is
        // 1 above cwnd_prior = 10), far above W_cubic(7 ms) ~= 7.
        assert!(w.cwnd > 11.0, "cwnd {}", w.cwnd);
        assert!((w.cwnd - g.w_est).abs() < 1e-12);
        assert!(w_cubic(t, g.k_s, g.origin) < g.w_est);
    }

    /// ACKs, one segment each, 10 us apart (a 1 ms RTT: W_cubic stays flat and
    /// W_est rules) until W_est reaches `to`; how many it took.
    fn acks_until(g: &mut CubicGrowth, w: &mut Window, t: &mut f64, to: f64) -> u32 {
        let mut n = 0;
        while g.w_est < to {
            g.on_ack(w, &ack_at(*t, 1));
            *t += 1e-5;
            n += 1;
        }
        n
    }

    #[test]
    fn alpha_cubic_turns_to_1_at_cwnd_prior_not_at_a_fast_convergence_w_max() {
        // Losses at 100 and then at 80: fast convergence puts W_max at 68, cwnd_prior is 80, cwnd 56.
        let mut g = CubicGrowth::new(1000, false);
        let mut w = Window { cwnd: 100.0, ssthresh: 1000.0, pacing_rate: None };
        g.on_congestion(&mut w, Congestion::Reduce);
        w.cwnd = 80.0;
        g.on_congestion(&mut w, Congestion::Reduce);
        assert!((g.w_max - 68.0).abs() < 1e-9 && g.cwnd_prior == 80.0 && w.cwnd == 56.0);
        let mut t = 0.0;
        acks_until(&mut g, &mut w, &mut t, 70.0);
        // Between W_max and cwnd_prior W_est still grows by 0.53 per window of
        // ACKs (section 4.3): 70 -> 74 takes about 4 / 0.53 x 72 = 544 ACKs (at
        // alpha 1, 288).
        let below_prior = acks_until(&mut g, &mut w, &mut t, 74.0);
        assert!((500..590).contains(&below_prior), "70 -> 74 took {below_prior} ACKs");
        acks_until(&mut g, &mut w, &mut t, 81.0);
        // Past cwnd_prior, Reno's 1 per window: 81 -> 85 takes about 4 x 83 = 332.
        let above_prior = acks_until(&mut g, &mut w, &mut t, 85.0);
        assert!((310..355).contains(&above_prior), "81 -> 85 took {above_prior} ACKs");
        assert!((w.cwnd - g.w_est).abs() < 1e-12, "the Reno-friendly region rules here");
    }

    #[test]
    fn slow_start_counts_acknowledged_segments() {
        let mut g = CubicGrowth::new(1000, false);
        let mut w = Window { cwnd: 10.0, ssthresh: 1000.0, pacing_rate: None };
        g.on_ack(&mut w, &AckEvent { newly_acked: 2, ..ack_at(0.0, 100) });
        assert_eq!(w.cwnd, 12.0);
    }
}
