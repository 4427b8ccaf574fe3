//! Packet pacing: segments leave spaced at the pacing rate instead of in
//! bursts as ACKs allow. BBR sets the rate from its model; any other growth
//! policy paces, when asked to, as Linux does (tcp_update_pacing_rate):
//! cwnd / srtt, times 2 in slow start and 1.2 in congestion avoidance.

use crate::time::{SimDuration, SimTime};

/// Linux's sysctl_tcp_pacing_ss_ratio and ca_ratio (200% and 120%).
pub const SLOW_START_RATIO: f64 = 2.0;
pub const AVOIDANCE_RATIO: f64 = 1.2;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Pacer {
    /// When the next segment may leave.
    next_send: SimTime,
}

/// The gap after one segment at `rate` segments per second (at least 1 ns).
pub fn interval(rate_segments_per_s: f64) -> SimDuration {
    SimDuration::from_nanos((1e9 / rate_segments_per_s).round().max(1.0) as u64)
}

/// Linux's default rate, segments per second, once there is an srtt.
pub fn default_rate(cwnd: f64, slow_start: bool, srtt: Option<SimDuration>) -> Option<f64> {
    let srtt_s = srtt?.as_secs_f64();
    let ratio = if slow_start { SLOW_START_RATIO } else { AVOIDANCE_RATIO };
    (srtt_s > 0.0).then(|| ratio * cwnd / srtt_s)
}

impl Pacer {
    /// May a segment leave at `now`?
    pub fn ready(&self, now: SimTime) -> bool {
        now >= self.next_send
    }

    pub fn next_send(&self) -> SimTime {
        self.next_send
    }

    /// A segment left at `now`: the next one waits one interval at `rate`.
    pub fn on_sent(&mut self, now: SimTime, rate: Option<f64>) {
        self.next_send = match rate {
            Some(r) if r > 0.0 => now.max(self.next_send) + interval(r),
            _ => now,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_are_spaced_by_one_over_the_rate() {
        // 1000 segments/s: one per millisecond.
        assert_eq!(interval(1000.0), SimDuration::from_millis(1));
        // 20 Mbit/s of 1500-byte packets: 1666.7 per second, 600 us apart.
        assert_eq!(interval(20e6 / 12_000.0), SimDuration::from_micros(600));
        let mut p = Pacer::default();
        let t0 = SimTime::ZERO + SimDuration::from_millis(10);
        assert!(p.ready(t0));
        p.on_sent(t0, Some(1000.0));
        assert!(!p.ready(t0 + SimDuration::from_micros(999)));
        assert!(p.ready(t0 + SimDuration::from_millis(1)));
    }

    #[test]
    fn linux_paces_at_twice_cwnd_per_srtt_in_slow_start_and_1_2_times_after() {
        let srtt = Some(SimDuration::from_millis(100));
        // 10 segments per 100 ms = 100/s; x2 and x1.2.
        assert!((default_rate(10.0, true, srtt).unwrap() - 200.0).abs() < 1e-9);
        assert!((default_rate(10.0, false, srtt).unwrap() - 120.0).abs() < 1e-9);
        assert_eq!(default_rate(10.0, true, None), None, "no pacing before an RTT sample");
    }

    #[test]
    fn without_a_rate_segments_go_at_once() {
        let mut p = Pacer::default();
        let t = SimTime::ZERO + SimDuration::from_millis(5);
        p.on_sent(t, None);
        assert!(p.ready(t));
    }
}
