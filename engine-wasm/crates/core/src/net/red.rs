//! Random Early Detection (Floyd and Jacobson, 1993) as ns-2.35 runs it
//! (queue/red.cc), with ECN marking (RFC 3168 section 7).
//!
//! On every arrival RED updates an exponentially weighted average of the
//! waiting queue and, between the two thresholds, drops (or marks) the
//! arriving packet with a probability that grows with the average and with
//! the number of packets since the last drop. The arithmetic below follows
//! red.cc line by line, ns-2.35's defaults included:
//! - `bytes_` and `queue_in_bytes_` true: the queue is measured in bytes and
//!   the thresholds and hard limit in packets of `mean_pktsize_` (500 B), so
//!   a "50pkt" RED queue holds 25,000 waiting bytes;
//! - `thresh_ 0`, `maxthresh_ 0`, `q_weight_ -1`: configured from the link
//!   (`initialize_params`);
//! - `gentle_` and `wait_` true, `linterm_ 10` (max_p 0.1), `use_mark_p_`
//!   true with `mark_p_ 0.1`: with ECN on (`setbit_`) an ECN-capable packet
//!   is marked while the probability before the count correction is at most
//!   `mark_p`, and dropped above it.
//!
//! As in ns-2, the queue RED sees excludes the packet being transmitted.
//! Adaptive RED, "cautious" modes and drop-from-front are not modelled.

use crate::rng::RandomStream;
use crate::time::SimTime;

/// ns-2's `targetdelay_`: the automatic minimum threshold is half the
/// queue a link drains in this time (`initialize_params`).
const TARGET_DELAY_S: f64 = 0.005;

/// RED's settings, resolved: what red.cc holds in `edp_` after `reset()`.
#[derive(Clone, Debug, PartialEq)]
pub struct RedParams {
    /// Minimum threshold of the average, in packets of `mean_pktsize_bytes`.
    pub min_thresh_pkts: f64,
    /// Maximum threshold of the average, in the same packets.
    pub max_thresh_pkts: f64,
    /// Weight of each new sample in the average.
    pub q_weight: f64,
    /// Drop probability at the maximum threshold.
    pub max_p: f64,
    /// ECN: mark instead of drop while the probability is at most this.
    pub mark_p: f64,
    /// Probability grows from max_p to 1 between max_thresh and twice it.
    pub gentle: bool,
    /// Spread drops evenly: no drop until about 1/p packets since the last.
    pub wait: bool,
    /// Measure the queue in bytes (ns-2.35's `bytes_` and `queue_in_bytes_`).
    pub bytes: bool,
    pub mean_pktsize_bytes: u32,
    /// Mark ECN-capable packets instead of dropping them (ns-2's `setbit_`).
    pub ecn: bool,
    /// Hard limit on what waits, in bytes when `bytes`, else packets: an
    /// arrival that finds this much waiting is dropped.
    pub limit: u64,
    /// Packets of mean size the link sends per second (ns-2's `ptc`).
    pub packets_per_s: f64,
}

/// What the scenario sets; `None` means ns-2.35's automatic choice.
#[derive(Clone, Debug, PartialEq)]
pub struct RedSettings {
    pub min_thresh_pkts: Option<f64>,
    pub max_thresh_pkts: Option<f64>,
    pub q_weight: Option<f64>,
    pub max_p: f64,
    pub mark_p: f64,
    pub gentle: bool,
    pub wait: bool,
    pub bytes: bool,
    pub mean_pktsize_bytes: u32,
    pub ecn: bool,
}

impl RedParams {
    /// Fills in what ns-2.35 configures from the link (`REDQueue::command
    /// "link"` then `initialize_params` and `reset`). `limit` is the hard
    /// limit in the queue's unit (bytes when `bytes`, else packets).
    pub fn configure(s: &RedSettings, rate_bps: u64, delay_s: f64, limit: u64) -> RedParams {
        let ptc = rate_bps as f64 / (8.0 * s.mean_pktsize_bytes as f64);
        // q_weight_ -1: the weight for which the average's time constant is
        // ten round trips, a round trip being three times delay plus one
        // packet time, at least 100 ms.
        let q_weight = s.q_weight.unwrap_or_else(|| {
            let rtt = (3.0 * (delay_s + 1.0 / ptc)).max(0.1);
            1.0 - libm::exp(-1.0 / (10.0 * rtt * ptc))
        });
        // thresh_ 0: 5 packets, or half the queue drained in the target delay if larger.
        let min_thresh_pkts = s.min_thresh_pkts.unwrap_or_else(|| (TARGET_DELAY_S * ptc / 2.0).max(5.0));
        // maxthresh_ 0: three times the minimum.
        let max_thresh_pkts = s.max_thresh_pkts.unwrap_or(3.0 * min_thresh_pkts);
        RedParams {
            min_thresh_pkts,
            max_thresh_pkts,
            q_weight,
            max_p: s.max_p,
            mark_p: s.mark_p,
            gentle: s.gentle,
            wait: s.wait,
            bytes: s.bytes,
            mean_pktsize_bytes: s.mean_pktsize_bytes,
            ecn: s.ecn,
            limit,
            packets_per_s: ptc,
        }
    }
}

/// What RED does with an arriving packet.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RedVerdict {
    Enqueue,
    /// Enqueue with Congestion Experienced set (an ECN-capable packet).
    Mark,
    /// A random ("unforced") drop.
    EarlyDrop,
    /// The hard limit was reached ("forced" drop).
    ForcedDrop,
}

/// The queue as an arriving packet finds it.
#[derive(Copy, Clone, Debug)]
pub struct QueueState {
    pub waiting_pkts: u32,
    pub waiting_bytes: u64,
    /// When the link became idle, if it is (nothing waiting or in transmission).
    pub idle_since: Option<SimTime>,
}

/// RED's state (red.cc's `edv_`) and its random stream.
#[derive(Clone, Debug)]
pub struct Red {
    p: RedParams,
    /// Thresholds in the queue's unit.
    th_min: f64,
    th_max: f64,
    /// p = v_a ave + v_b between the thresholds; v_c ave + v_d above (gentle).
    v_a: f64,
    v_b: f64,
    v_c: f64,
    v_d: f64,
    /// Average queue, in the queue's unit.
    ave: f64,
    /// Packets and bytes since the last drop or mark.
    count: i32,
    count_bytes: i32,
    /// The average was above the minimum threshold at the previous arrival.
    old: bool,
    rng: RandomStream,
}

impl Red {
    pub fn new(p: RedParams, rng: RandomStream) -> Red {
        // REDQueue::reset
        let scale = if p.bytes { p.mean_pktsize_bytes as f64 } else { 1.0 };
        let (th_min, th_max) = (p.min_thresh_pkts * scale, p.max_thresh_pkts * scale);
        let th_diff = if th_max - th_min == 0.0 { 1.0 } else { th_max - th_min };
        // ns-2 keeps 1/max_p (linterm_) and takes its inverse.
        let cur_max_p = 1.0 / (1.0 / p.max_p);
        Red {
            th_min,
            th_max,
            v_a: 1.0 / th_diff,
            v_b: -th_min / th_diff,
            v_c: (1.0 - cur_max_p) / th_max,
            v_d: 2.0 * cur_max_p - 1.0,
            ave: 0.0,
            count: 0,
            count_bytes: 0,
            old: false,
            rng,
            p,
        }
    }

    pub fn params(&self) -> &RedParams {
        &self.p
    }

    /// The average queue, in bytes or packets as the queue is measured.
    pub fn average(&self) -> f64 {
        self.ave
    }

    /// `REDQueue::enque`: updates the average and decides the packet's fate.
    pub fn on_arrival(&mut self, now: SimTime, q: QueueState, size_bytes: u32, ect: bool) -> RedVerdict {
        // An idle link counts as m packets of mean size having left empty-handed.
        let m = match q.idle_since {
            Some(since) => (self.p.packets_per_s * (now.since(since).as_nanos() as f64 / 1e9)) as u64,
            None => 0,
        };
        let qlen = if self.p.bytes { q.waiting_bytes as f64 } else { q.waiting_pkts as f64 };
        self.ave = estimator(qlen, m + 1, self.ave, self.p.q_weight);
        self.count += 1;
        self.count_bytes = self.count_bytes.wrapping_add(size_bytes as i32);

        let mut verdict = RedVerdict::Enqueue;
        // use_mark_p_ true: no forced region by the average, p is capped at 1 instead.
        if self.ave >= self.th_min && qlen > 1.0 {
            if !self.old {
                // The average has just crossed the minimum threshold.
                self.count = 1;
                self.count_bytes = size_bytes as i32;
                self.old = true;
            } else {
                verdict = self.drop_early(size_bytes, ect);
            }
        } else {
            self.old = false;
        }
        if qlen >= self.p.limit as f64 {
            // ns-2 enqueues, then drops the tail: the arriving packet.
            self.count = 0;
            self.count_bytes = 0;
            return RedVerdict::ForcedDrop;
        }
        verdict
    }

    /// `REDQueue::drop_early`: a random drop or mark, or nothing.
    fn drop_early(&mut self, size_bytes: u32, ect: bool) -> RedVerdict {
        let p1 = self.probability();
        let p = modify_p(p1, self.count, self.count_bytes, &self.p, size_bytes);
        let u = self.rng.uniform();
        if u <= p {
            self.count = 0;
            self.count_bytes = 0;
            if self.p.ecn && ect && p1 <= self.p.mark_p {
                return RedVerdict::Mark;
            }
            return RedVerdict::EarlyDrop;
        }
        RedVerdict::Enqueue
    }

    /// `calculate_p_new`: the probability before the count correction.
    fn probability(&self) -> f64 {
        let max_p = 1.0 / (1.0 / self.p.max_p);
        let p = if self.p.gentle && self.ave >= self.th_max {
            self.v_c * self.ave + self.v_d
        } else if !self.p.gentle && self.ave >= self.th_max {
            1.0
        } else {
            (self.v_a * self.ave + self.v_b) * max_p
        };
        p.min(1.0)
    }
}

/// `REDQueue::estimator`: the average after `m` samples, the last of them
/// `qlen` and the others empty, multiplied out as ns-2 does (a power would
/// round differently). Zero stays zero, so long idle periods end early.
fn estimator(qlen: f64, m: u64, ave: f64, q_w: f64) -> f64 {
    let mut new_ave = ave;
    let mut left = m;
    while left > 1 && new_ave != 0.0 {
        new_ave *= 1.0 - q_w;
        left -= 1;
    }
    new_ave *= 1.0 - q_w;
    new_ave + q_w * qlen
}

/// `REDQueue::modify_p`: uniform instead of geometric gaps between drops.
fn modify_p(p: f64, count: i32, count_bytes: i32, params: &RedParams, size_bytes: u32) -> f64 {
    let mean = params.mean_pktsize_bytes as i32;
    // In bytes, packets since the last drop are counted in mean sizes, rounded down.
    let count1 = if params.bytes { (count_bytes / mean) as f64 } else { count as f64 };
    let mut p = if params.wait {
        if count1 * p < 1.0 {
            0.0
        } else if count1 * p < 2.0 {
            p / (2.0 - count1 * p)
        } else {
            1.0
        }
    } else if count1 * p < 1.0 {
        p / (1.0 - count1 * p)
    } else {
        1.0
    };
    if params.bytes && p < 1.0 {
        p = p * size_bytes as f64 / mean as f64;
    }
    p.min(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> RedSettings {
        RedSettings {
            min_thresh_pkts: None,
            max_thresh_pkts: None,
            q_weight: None,
            max_p: 0.1,
            mark_p: 0.1,
            gentle: true,
            wait: true,
            bytes: true,
            mean_pktsize_bytes: 500,
            ecn: false,
        }
    }

    #[test]
    fn automatic_parameters_follow_ns2() {
        // 1.5 Mbit/s: ptc = 1.5e6 / 4000 = 375 packets/s; the target queue
        // 0.005 x 375 = 1.875 packets is below 10, so th_min = 5, th_max = 15.
        // rtt = 3 (0.02 + 1/375) = 0.068 s -> 0.1 s; q_w = 1 - e^(-1/375).
        let p = RedParams::configure(&settings(), 1_500_000, 0.020, 25_000);
        assert_eq!((p.min_thresh_pkts, p.max_thresh_pkts), (5.0, 15.0));
        assert!((p.q_weight - (1.0 - (-1.0f64 / 375.0).exp())).abs() < 1e-15);
        assert!((p.q_weight - 0.002_663).abs() < 1e-6);
        // 100 Mbit/s, 10 ms: ptc = 25,000; th_min = 0.005 x 25,000 / 2 = 62.5,
        // th_max = 187.5; rtt = 3 (0.01 + 4e-5) = 0.03012 -> 0.1.
        let p = RedParams::configure(&settings(), 100_000_000, 0.010, 25_000);
        assert_eq!((p.min_thresh_pkts, p.max_thresh_pkts), (62.5, 187.5));
        assert!((p.q_weight - (1.0 - (-1.0f64 / 25_000.0).exp())).abs() < 1e-15);
        // A 300 ms link: rtt = 3 (0.3 + 1/375) = 0.908 s.
        let p = RedParams::configure(&settings(), 1_500_000, 0.300, 25_000);
        let rtt = 3.0 * (0.3 + 1.0 / 375.0);
        assert!((p.q_weight - (1.0 - (-1.0 / (10.0 * rtt * 375.0f64)).exp())).abs() < 1e-15);
    }

    fn red(s: RedSettings) -> Red {
        let p = RedParams::configure(&s, 1_500_000, 0.020, 50);
        Red::new(p, RandomStream::for_entity(1, "red"))
    }

    fn busy(waiting_pkts: u32) -> QueueState {
        QueueState { waiting_pkts, waiting_bytes: waiting_pkts as u64 * 500, idle_since: None }
    }

    #[test]
    fn the_average_moves_by_q_weight_towards_each_sample() {
        let mut r = red(RedSettings { bytes: false, q_weight: Some(0.5), ..settings() });
        r.on_arrival(SimTime(0), busy(4), 500, false);
        assert_eq!(r.average(), 2.0);
        r.on_arrival(SimTime(0), busy(4), 500, false);
        assert_eq!(r.average(), 3.0);
    }

    #[test]
    fn idle_time_decays_the_average_as_if_empty_packets_left() {
        let mut r = red(RedSettings { bytes: false, q_weight: Some(0.5), ..settings() });
        r.on_arrival(SimTime(0), busy(8), 500, false);
        assert_eq!(r.average(), 4.0);
        // Idle for 8 ms at 375 packets/s: m = int(3.0) = 3, so four halvings in all.
        let idle = QueueState { waiting_pkts: 0, waiting_bytes: 0, idle_since: Some(SimTime(2_000_000)) };
        r.on_arrival(SimTime(10_000_000), idle, 500, false);
        assert_eq!(r.average(), 0.25);
    }

    #[test]
    fn below_the_minimum_threshold_nothing_is_dropped() {
        let mut r = red(RedSettings { bytes: false, q_weight: Some(1.0), ..settings() });
        for _ in 0..1000 {
            assert_eq!(r.on_arrival(SimTime(0), busy(4), 500, false), RedVerdict::Enqueue);
        }
    }

    #[test]
    fn the_hard_limit_forces_a_drop_whatever_the_average() {
        let mut r = red(RedSettings { bytes: false, q_weight: Some(1e-9), ..settings() });
        assert_eq!(r.on_arrival(SimTime(0), busy(49), 500, false), RedVerdict::Enqueue);
        assert_eq!(r.on_arrival(SimTime(0), busy(50), 500, false), RedVerdict::ForcedDrop);
    }

    #[test]
    fn probability_between_the_thresholds_is_linear_then_gentle() {
        // Packets: th_min 5, th_max 15, max_p 0.1.
        let mut r = red(RedSettings { bytes: false, ..settings() });
        r.ave = 10.0;
        assert!((r.probability() - 0.05).abs() < 1e-12);
        r.ave = 15.0;
        assert!((r.probability() - 0.1).abs() < 1e-12);
        // Gentle: from 0.1 at 15 to 1 at 30.
        r.ave = 22.5;
        assert!((r.probability() - 0.55).abs() < 1e-12);
        r.ave = 40.0;
        assert_eq!(r.probability(), 1.0);
    }

    #[test]
    fn waiting_spreads_drops_uniformly() {
        let params = RedParams::configure(&RedSettings { bytes: false, ..settings() }, 1_500_000, 0.02, 50);
        // p = 0.05: no drop before 20 packets, then p / (2 - count p), then certain at 40.
        assert_eq!(modify_p(0.05, 19, 0, &params, 500), 0.0);
        assert!((modify_p(0.05, 30, 0, &params, 500) - 0.1).abs() < 1e-12);
        assert_eq!(modify_p(0.05, 40, 0, &params, 500), 1.0);
        // Counted in bytes: 10,000 bytes are 20 mean packets; a 1000 B packet doubles p.
        let bytes = RedParams { bytes: true, ..params };
        assert!((modify_p(0.05, 0, 15_000, &bytes, 1000) - 2.0 * 0.05 / (2.0 - 30.0 * 0.05)).abs() < 1e-12);
    }

    #[test]
    fn the_average_must_cross_the_minimum_before_the_first_drop() {
        // q_weight 1: the average is the sample; 10 waiting is between 5 and 15.
        let mut r = red(RedSettings { bytes: false, q_weight: Some(1.0), ..settings() });
        assert_eq!(r.on_arrival(SimTime(0), busy(10), 500, false), RedVerdict::Enqueue);
        assert_eq!((r.count, r.old), (1, true));
        // p = 0.05 then waits about 1/p packets: between 20 and 40 arrivals, one drop.
        let mut first_drop = None;
        for i in 2..=41 {
            if r.on_arrival(SimTime(0), busy(10), 500, false) == RedVerdict::EarlyDrop {
                first_drop = Some(i);
                break;
            }
        }
        let at = first_drop.expect("a drop by the 40th packet");
        assert!((20..=40).contains(&at), "first drop at packet {at}");
    }

    #[test]
    fn ecn_marks_capable_packets_below_mark_p_and_drops_above() {
        let mut r = red(RedSettings { bytes: false, q_weight: Some(1.0), ecn: true, ..settings() });
        let mut verdicts = vec![];
        for _ in 0..200 {
            verdicts.push(r.on_arrival(SimTime(0), busy(10), 500, true));
        }
        assert!(verdicts.contains(&RedVerdict::Mark));
        assert!(!verdicts.contains(&RedVerdict::EarlyDrop), "p = 0.05 <= mark_p: marks only");
        // Not ECN-capable: dropped.
        assert!((0..200).any(|_| r.on_arrival(SimTime(0), busy(10), 500, false) == RedVerdict::EarlyDrop));
        // Gentle region (p1 = 0.55 > mark_p): dropped even if ECN-capable.
        assert!((0..200).all(|_| r.on_arrival(SimTime(0), busy(25), 500, true) != RedVerdict::Mark));
    }

    #[test]
    fn early_drop_rate_matches_the_uniform_gap_law() {
        // With wait, the drop probability at count c is p / (2 - c p) = 1 / (40 - c)
        // for p = 0.05: the gap between drops is uniform on 20..=39, mean 29.5 packets.
        let mut r = red(RedSettings { bytes: false, q_weight: Some(1.0), ..settings() });
        let n = 300_000;
        let drops = (0..n).filter(|_| r.on_arrival(SimTime(0), busy(10), 500, false) == RedVerdict::EarlyDrop).count();
        let gap = n as f64 / drops as f64;
        assert!((gap - 29.5).abs() < 0.3, "mean gap {gap}");
    }
}
