//! Retransmission timeout per RFC 6298, in integer nanoseconds.
//!
//! Karn's rule (RFC 6298 section 3: no samples from retransmitted segments)
//! is the sender's job: it only ever times a segment sent once.

use crate::time::SimDuration;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RtoConfig {
    /// RTO before the first RTT sample (RFC 6298 (2.1): one second).
    pub initial: SimDuration,
    /// Lower bound (RFC 6298 (2.4): one second; ns-2 uses 200 ms).
    pub min: SimDuration,
    /// Upper bound, also on backed-off values (RFC 6298 (2.5): at least 60 s).
    pub max: SimDuration,
    /// Clock granularity G of RFC 6298 (2.2).
    pub granularity: SimDuration,
}

impl Default for RtoConfig {
    fn default() -> Self {
        RtoConfig {
            initial: SimDuration::from_secs(1),
            min: SimDuration::from_secs(1),
            max: SimDuration::from_secs(60),
            granularity: SimDuration::from_millis(1),
        }
    }
}

/// srtt, rttvar and the backed-off RTO of one connection.
#[derive(Clone, Debug)]
pub struct RtoEstimator {
    cfg: RtoConfig,
    srtt: Option<SimDuration>,
    rttvar: SimDuration,
    /// RTO from the estimates, clamped to [min, max], before backoff.
    base: SimDuration,
    /// Exponent of the backoff factor: the timer is base x 2^backoff.
    backoff: u32,
    /// base x 2^backoff, capped: read on every ACK, changed rarely.
    current: SimDuration,
}

impl RtoEstimator {
    pub fn new(cfg: RtoConfig) -> Self {
        let base = clamp(cfg.initial, &cfg);
        RtoEstimator { cfg, srtt: None, rttvar: SimDuration::ZERO, base, backoff: 0, current: base }
    }

    /// Feeds one RTT measurement R.
    pub fn on_sample(&mut self, r: SimDuration) {
        let r = r.as_nanos();
        let (srtt, rttvar) = match self.srtt {
            // (2.2) SRTT <- R, RTTVAR <- R/2
            None => (r, r / 2),
            // (2.3) RTTVAR <- (1 - beta) RTTVAR + beta |SRTT - R'| with beta = 1/4,
            //       then SRTT <- (1 - alpha) SRTT + alpha R' with alpha = 1/8.
            Some(s) => {
                let s = s.as_nanos();
                let rttvar = (3 * self.rttvar.as_nanos() + s.abs_diff(r)) / 4;
                (seven_eighths_plus_eighth(s, r), rttvar)
            }
        };
        self.srtt = Some(SimDuration(srtt));
        self.rttvar = SimDuration(rttvar);
        // RTO <- SRTT + max(G, K * RTTVAR) with K = 4, then (2.4)/(2.5) bounds.
        let spread = self.cfg.granularity.as_nanos().max(4 * rttvar);
        self.base = clamp(SimDuration(srtt + spread), &self.cfg);
        // A fresh sample ends any backoff (Karn: it came from a segment sent once).
        self.backoff = 0;
        self.current = self.base;
    }

    /// Ends a backoff without a new sample (ns-2 does this on partial ACKs).
    pub fn reset_backoff(&mut self) {
        self.backoff = 0;
        self.current = self.base;
    }

    /// (5.5) The timer expired: double the RTO, up to the maximum.
    pub fn back_off(&mut self) {
        if self.current < self.cfg.max {
            self.backoff += 1;
            let factor = 1u64 << self.backoff.min(32);
            self.current = SimDuration(self.base.as_nanos().saturating_mul(factor).min(self.cfg.max.as_nanos()));
        }
    }

    /// The current timeout, with backoff applied.
    #[inline]
    pub fn rto(&self) -> SimDuration {
        self.current
    }

    pub fn srtt(&self) -> Option<SimDuration> {
        self.srtt
    }

    pub fn rttvar(&self) -> SimDuration {
        self.rttvar
    }

    pub fn backoff_exponent(&self) -> u32 {
        self.backoff
    }
}

/// (7 s + r) / 8 rounded down, exactly, in u64: with s = 8a + b and
/// r = 8c + d, 7s + r = 8 (7a + c) + (7b + d). 7a + c never overflows (the
/// result is at most max(s, r)), and no 128-bit multiply is needed (a
/// software call in wasm, on every RTT sample).
#[inline]
fn seven_eighths_plus_eighth(s: u64, r: u64) -> u64 {
    7 * (s / 8) + r / 8 + (7 * (s % 8) + r % 8) / 8
}

fn clamp(d: SimDuration, cfg: &RtoConfig) -> SimDuration {
    SimDuration(d.as_nanos().clamp(cfg.min.as_nanos(), cfg.max.as_nanos()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(v: u64) -> SimDuration {
        SimDuration::from_millis(v)
    }

    fn no_floor() -> RtoConfig {
        RtoConfig { min: ms(1), ..RtoConfig::default() }
    }

    #[test]
    fn integer_smoothing_equals_the_128_bit_formula() {
        let edges = [0, 1, 7, 8, 9, 1 << 32, u64::MAX / 8, u64::MAX / 7, u64::MAX - 8, u64::MAX - 1, u64::MAX];
        let mut values: Vec<u64> = edges.to_vec();
        // A deterministic spread of ordinary and huge values (xorshift).
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            values.push(x);
            values.push(x % 10_000_000_000);
        }
        for &s in &values {
            for &r in values.iter().step_by(37).chain(&edges) {
                let wide = ((7 * s as u128 + r as u128) / 8) as u64;
                assert_eq!(seven_eighths_plus_eighth(s, r), wide, "s = {s}, r = {r}");
            }
        }
    }

    #[test]
    fn starts_at_one_second() {
        assert_eq!(RtoEstimator::new(RtoConfig::default()).rto(), ms(1000));
    }

    #[test]
    fn first_sample_sets_srtt_and_half_rttvar() {
        let mut e = RtoEstimator::new(no_floor());
        e.on_sample(ms(100));
        assert_eq!(e.srtt(), Some(ms(100)));
        assert_eq!(e.rttvar(), ms(50));
        // 100 + 4 * 50
        assert_eq!(e.rto(), ms(300));
    }

    #[test]
    fn later_samples_use_gains_one_eighth_and_one_quarter() {
        let mut e = RtoEstimator::new(no_floor());
        e.on_sample(ms(100));
        e.on_sample(ms(200));
        // rttvar = 3/4 * 50 + 1/4 * |100 - 200| = 62.5; srtt = 7/8 * 100 + 1/8 * 200 = 112.5
        assert_eq!(e.rttvar(), SimDuration(62_500_000));
        assert_eq!(e.srtt(), Some(SimDuration(112_500_000)));
        assert_eq!(e.rto(), SimDuration(112_500_000 + 250_000_000));
    }

    #[test]
    fn rto_is_rounded_up_to_the_minimum() {
        let mut e = RtoEstimator::new(RtoConfig::default());
        e.on_sample(ms(10));
        assert_eq!(e.rto(), ms(1000));
    }

    #[test]
    fn granularity_bounds_the_variance_term() {
        let mut e = RtoEstimator::new(RtoConfig { granularity: ms(500), ..no_floor() });
        e.on_sample(ms(100));
        assert_eq!(e.rto(), ms(600));
    }

    #[test]
    fn backoff_doubles_up_to_the_maximum_and_a_sample_resets_it() {
        let mut e = RtoEstimator::new(RtoConfig::default());
        let mut seen = vec![e.rto()];
        for _ in 0..8 {
            e.back_off();
            seen.push(e.rto());
        }
        let secs: Vec<u64> = seen.iter().map(|d| d.as_nanos() / 1_000_000_000).collect();
        assert_eq!(secs, vec![1, 2, 4, 8, 16, 32, 60, 60, 60]);
        e.on_sample(ms(100));
        assert_eq!(e.rto(), ms(1000));
    }
}

/// Which retransmission timer a sender runs.
#[derive(Clone, Debug)]
pub enum RtoTimer {
    /// RFC 6298 in integer nanoseconds.
    Rfc6298(RtoEstimator),
    /// ns-2's tick-based timer, for runs meant to match ns-2.
    Ns2(super::rto_ns2::Ns2Rto),
}

impl RtoTimer {
    /// One RTT measurement `r` taken at `now_ns` (`timestamps`: from a TSecr).
    pub fn on_sample(&mut self, r: SimDuration, now_ns: u64, timestamps: bool) {
        match self {
            RtoTimer::Rfc6298(e) => e.on_sample(r),
            RtoTimer::Ns2(e) => e.on_sample(r, now_ns, timestamps),
        }
    }

    pub fn rto(&self) -> SimDuration {
        match self {
            RtoTimer::Rfc6298(e) => e.rto(),
            RtoTimer::Ns2(e) => e.rto(),
        }
    }

    pub fn back_off(&mut self) {
        match self {
            RtoTimer::Rfc6298(e) => e.back_off(),
            RtoTimer::Ns2(e) => e.back_off(),
        }
    }

    pub fn reset_backoff(&mut self) {
        match self {
            RtoTimer::Rfc6298(e) => e.reset_backoff(),
            RtoTimer::Ns2(e) => e.reset_backoff(),
        }
    }

    pub fn srtt(&self) -> Option<SimDuration> {
        match self {
            RtoTimer::Rfc6298(e) => e.srtt(),
            RtoTimer::Ns2(e) => e.srtt(),
        }
    }

    pub fn backoff_exponent(&self) -> u32 {
        match self {
            RtoTimer::Rfc6298(e) => e.backoff_exponent(),
            RtoTimer::Ns2(e) => e.backoff_exponent(),
        }
    }
}
