//! PIE, Proportional Integral controller Enhanced (RFC 8033), as ns-3's
//! PieQueueDisc runs it (a port of ns-2's queue/pie.cc).
//!
//! Every `t_update` PIE moves its drop probability by
//! `alpha (qdelay - target) + beta (qdelay - qdelay_old)` (RFC 8033 section
//! 4.2), the step scaled down while the probability is small (the
//! auto-tuning table: /2048 below 0.0001%, ... /2 below 10%), capped at 2%
//! per update above 10% (section 5.5), and decayed by 2% when the queue has
//! been empty for two updates. Arrivals are dropped at random with that
//! probability, except while the burst allowance lasts (section 4.4: 150 ms
//! after PIE first meets congestion), when the delay was under half the
//! target and the probability under 20%, or when at most two packets wait
//! (section 4.1). With ECN, ECN-capable arrivals are marked instead while
//! the probability is below 10% (section 5.1).
//!
//! The queueing delay is measured with timestamps, as ns-3 and Linux do by
//! default (ns-3's UseDequeueRateEstimator false, Linux's dq_rate_estimator
//! off): the sojourn of the last packet to leave, zero when it left the
//! queue empty. RFC 8033's departure-rate estimate (Little's law) is not
//! modelled. The periodic update needs no event: each enqueue and dequeue
//! first runs the updates that fell due, which see exactly the state a
//! timer would have seen, since nothing they read changes between packets.
//! Derandomization (section 5.4, off in ns-3) is not modelled.

use super::aqm::{ecn_capable, set_ce, Admission, Dequeued, Fifo, Queued, Room};
use crate::packet::Packet;
use crate::rng::RandomStream;
use crate::time::{SimDuration, SimTime};

/// ns-3's BURST_RESET_TIMEOUT: calm this long re-arms the burst allowance.
const BURST_RESET_TIMEOUT_S: f64 = 1.5;

/// PIE's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct PieParams {
    /// QDELAY_REF, the delay PIE steers to (15 ms).
    pub target: SimDuration,
    /// T_UPDATE, how often the probability is recomputed (15 ms).
    pub t_update: SimDuration,
    /// MAX_BURST, the burst allowance (150 ms).
    pub max_burst: SimDuration,
    /// Weight of the delay's distance from target, per second (0.125).
    pub alpha: f64,
    /// Weight of the delay's trend, per second (1.25).
    pub beta: f64,
    /// MEAN_PKTSIZE (ns-3: 1000 B): with a byte limit, a packet's drop
    /// probability scales with its size over this, and the "two packets
    /// waiting" safeguard counts in it.
    pub mean_pkt_bytes: u32,
    /// The limit counts bytes (else packets).
    pub bytes: bool,
    /// Mark ECN-capable packets instead of dropping them below 10%.
    pub ecn: bool,
}

impl PieParams {
    /// RFC 8033's (and ns-3's) defaults for a queue counted in packets.
    pub fn rfc_defaults() -> PieParams {
        PieParams {
            target: SimDuration::from_millis(15),
            t_update: SimDuration::from_millis(15),
            max_burst: SimDuration::from_millis(150),
            alpha: 0.125,
            beta: 1.25,
            mean_pkt_bytes: 1000,
            bytes: false,
            ecn: false,
        }
    }
}

/// ns-3's burst states: the allowance is armed at the first congestion,
/// spent, and re-armed after BURST_RESET_TIMEOUT of calm.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Burst {
    None,
    Protecting,
    In,
}

#[derive(Clone, Debug)]
pub struct Pie {
    p: PieParams,
    queue: Fifo,
    drop_prob: f64,
    qdelay: SimDuration,
    qdelay_old: SimDuration,
    burst_allowance: SimDuration,
    burst: Burst,
    burst_reset: u32,
    next_update: SimTime,
    rng: RandomStream,
}

impl Pie {
    pub fn new(p: PieParams, rng: RandomStream) -> Pie {
        Pie {
            p,
            queue: Fifo::default(),
            drop_prob: 0.0,
            qdelay: SimDuration::ZERO,
            qdelay_old: SimDuration::ZERO,
            burst_allowance: SimDuration::ZERO,
            burst: Burst::None,
            burst_reset: 0,
            // The first update runs at time 0 (ns-3's Supdate).
            next_update: SimTime::ZERO,
            rng,
        }
    }

    pub fn drop_probability(&self) -> f64 {
        self.drop_prob
    }

    /// Runs the periodic updates due by `now`.
    fn catch_up(&mut self, now: SimTime) {
        while self.next_update <= now {
            self.calculate_p();
            self.next_update += self.p.t_update;
        }
    }

    /// ns-3's `CalculateP`: one periodic update.
    fn calculate_p(&mut self) {
        let (qdelay, old) = (self.qdelay.as_secs_f64(), self.qdelay_old.as_secs_f64());
        let mut p = 0.0;
        if self.burst_allowance > SimDuration::ZERO {
            self.drop_prob = 0.0;
        } else {
            p = self.p.alpha * (qdelay - self.p.target.as_secs_f64()) + self.p.beta * (qdelay - old);
            p /= auto_tuning_divisor(self.drop_prob);
            // Cap Drop Adjustment (section 5.5).
            if self.drop_prob >= 0.1 && p > 0.02 {
                p = 0.02;
            }
        }
        p += self.drop_prob;
        // Exponential decay while the queue stays empty (section 4.2).
        if self.qdelay == SimDuration::ZERO && self.qdelay_old == SimDuration::ZERO {
            p *= 0.98;
        }
        self.drop_prob = p.clamp(0.0, 1.0);
        self.burst_allowance = SimDuration(self.burst_allowance.0.saturating_sub(self.p.t_update.0));

        let reset_limit = (BURST_RESET_TIMEOUT_S / self.p.t_update.as_secs_f64()) as u32;
        let calm = 2 * self.qdelay.0 < self.p.target.0 && 2 * self.qdelay_old.0 < self.p.target.0 && self.drop_prob == 0.0;
        if calm && self.burst_allowance == SimDuration::ZERO {
            match self.burst {
                Burst::Protecting => {
                    self.burst = Burst::In;
                    self.burst_reset = 0;
                }
                Burst::In => {
                    self.burst_reset += 1;
                    if self.burst_reset > reset_limit {
                        self.burst_reset = 0;
                        self.burst = Burst::None;
                    }
                }
                Burst::None => {}
            }
        } else if self.burst == Burst::In {
            self.burst_reset = 0;
        }
        self.qdelay_old = self.qdelay;
    }

    /// ns-3's `DropEarly`: whether to drop (or mark) an arrival of `size`
    /// bytes finding `waiting` (packets, or bytes with a byte limit).
    fn drop_early(&mut self, size: u32, waiting: u64) -> bool {
        if self.burst_allowance > SimDuration::ZERO {
            return false;
        }
        if self.burst == Burst::None {
            self.burst = Burst::Protecting;
            self.burst_allowance = self.p.max_burst;
        }
        let mut p = self.drop_prob;
        if self.p.bytes {
            p = p * size as f64 / self.p.mean_pkt_bytes as f64;
        }
        // Keep PIE work-conserving (section 4.1).
        if 2 * self.qdelay_old.0 < self.p.target.0 && self.drop_prob < 0.2 {
            return false;
        }
        let two_packets = if self.p.bytes { 2 * self.p.mean_pkt_bytes as u64 } else { 2 };
        if waiting <= two_packets {
            return false;
        }
        self.rng.uniform() <= p
    }

    pub fn enqueue(&mut self, pkt: &Packet, now: SimTime, room: Room) -> Admission {
        self.catch_up(now);
        if !room.fits(self.queue.len(), self.queue.bytes(), pkt.size_bytes) {
            return Admission::Overflow;
        }
        let waiting = if self.p.bytes { self.queue.bytes() } else { self.queue.len() as u64 };
        let mut pkt = *pkt;
        let mut verdict = Admission::Enqueued;
        if self.drop_early(pkt.size_bytes, waiting) {
            if !self.p.ecn || self.drop_prob >= 0.1 || !ecn_capable(&pkt) {
                return Admission::EarlyDrop;
            }
            set_ce(&mut pkt);
            verdict = Admission::Marked;
        }
        self.queue.push(Queued { pkt, enqueued: now });
        verdict
    }

    pub fn dequeue(&mut self, now: SimTime) -> Option<Dequeued> {
        self.catch_up(now);
        let item = self.queue.pop()?;
        self.qdelay = if self.queue.is_empty() { SimDuration::ZERO } else { now.since(item.enqueued) };
        Some(Dequeued { item, marked: false })
    }

    pub fn len(&self) -> usize {
        self.queue.len()
    }

    pub fn packets(&self) -> impl Iterator<Item = &Packet> {
        self.queue.packets()
    }

    pub fn is_empty(&self) -> bool {
        self.queue.is_empty()
    }

    pub fn oldest(&self) -> Option<SimTime> {
        self.queue.front().map(|q| q.enqueued)
    }
}

/// RFC 8033 section 4.2's table: small probabilities move in small steps.
fn auto_tuning_divisor(drop_prob: f64) -> f64 {
    match drop_prob {
        p if p < 0.000_001 => 2048.0,
        p if p < 0.000_01 => 512.0,
        p if p < 0.000_1 => 128.0,
        p if p < 0.001 => 32.0,
        p if p < 0.01 => 8.0,
        p if p < 0.1 => 2.0,
        _ => 1.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::channel::QueueLimit;
    use crate::packet::{flags, PacketKind};

    const MS: u64 = 1_000_000;

    fn pie() -> Pie {
        Pie::new(PieParams::rfc_defaults(), RandomStream::for_entity(1, "pie"))
    }

    fn pkt() -> Packet {
        Packet::for_test(PacketKind::Data, 0, 1000)
    }

    fn room() -> Room {
        Room { limit: QueueLimit::Packets(1000), in_service_bytes: None }
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn the_probability_moves_by_the_rfc_formula_scaled_by_the_table() {
        let mut q = pie();
        // 5% (the /2 band), delay 25 ms rising from 20 ms:
        // 0.125 (0.025 - 0.015) + 1.25 (0.025 - 0.020) = 0.0075, halved.
        q.drop_prob = 0.05;
        q.qdelay = SimDuration::from_millis(25);
        q.qdelay_old = SimDuration::from_millis(20);
        q.calculate_p();
        assert!(close(q.drop_prob, 0.05 + 0.0075 / 2.0), "{}", q.drop_prob);
        assert_eq!(q.qdelay_old, SimDuration::from_millis(25));
        // From zero (/2048): 30 ms rising from 15 ms: (0.125 + 1.25) x 0.015 / 2048.
        let mut q = pie();
        q.qdelay = SimDuration::from_millis(30);
        q.qdelay_old = SimDuration::from_millis(15);
        q.calculate_p();
        assert!(close(q.drop_prob, 1.375 * 0.015 / 2048.0));
        // 0.5% (/8) and 0.05% (/32).
        for (prob, div) in [(0.005, 8.0), (0.0005, 32.0), (0.00005, 128.0), (0.000005, 512.0), (0.2, 1.0)] {
            let mut q = pie();
            q.drop_prob = prob;
            q.qdelay = SimDuration::from_millis(16);
            q.qdelay_old = SimDuration::from_millis(16);
            q.calculate_p();
            assert!(close(q.drop_prob, prob + 0.125 * 0.001 / div), "at {prob}");
        }
    }

    #[test]
    fn above_ten_percent_a_step_is_capped_at_two_percent() {
        let mut q = pie();
        q.drop_prob = 0.3;
        q.qdelay = SimDuration::from_millis(200);
        q.qdelay_old = SimDuration::from_millis(100);
        q.calculate_p();
        assert!(close(q.drop_prob, 0.32));
    }

    #[test]
    fn an_empty_queue_decays_the_probability() {
        let mut q = pie();
        q.drop_prob = 0.5;
        q.calculate_p();
        // 0.125 (0 - 0.015) = -0.001875 (band >= 10%: undivided), then x 0.98.
        assert!(close(q.drop_prob, (0.5 - 0.001_875) * 0.98));
    }

    #[test]
    fn the_burst_allowance_holds_off_drops_for_max_burst() {
        let mut q = pie();
        // The first arrival meeting PIE arms the allowance (150 ms).
        assert!(!q.drop_early(1000, 100));
        assert_eq!(q.burst_allowance, SimDuration::from_millis(150));
        // A standing 100 ms delay: the probability stays 0 while the allowance lasts...
        q.qdelay = SimDuration::from_millis(100);
        for _ in 0..10 {
            q.calculate_p();
            assert_eq!(q.drop_prob, 0.0);
        }
        // ...ten updates of 15 ms; then it grows: 0.125 (0.1 - 0.015) / 2048.
        assert_eq!(q.burst_allowance, SimDuration::ZERO);
        q.calculate_p();
        assert!(close(q.drop_prob, 0.125 * 0.085 / 2048.0));
    }

    #[test]
    fn updates_run_every_t_update_without_an_event() {
        let mut q = pie();
        q.qdelay = SimDuration::from_millis(100);
        q.qdelay_old = SimDuration::from_millis(100);
        q.burst = Burst::In; // no allowance left to spend
        // Updates at 0, 15, 30 and 45 ms are due by 45 ms.
        q.enqueue(&pkt(), SimTime(45 * MS), room());
        assert_eq!(q.next_update, SimTime(60 * MS));
        let mut expected = 0.0;
        for _ in 0..4 {
            expected += 0.125 * 0.085 / auto_tuning_divisor(expected);
        }
        assert!(close(q.drop_prob, expected));
    }

    #[test]
    fn safeguards_keep_pie_work_conserving() {
        let mut q = pie();
        q.burst = Burst::In;
        q.drop_prob = 1.0;
        // Delay under half the target and p < 20%: no drop.
        q.drop_prob = 0.19;
        q.qdelay_old = SimDuration::from_millis(7);
        assert!((0..1000).all(|_| !q.drop_early(1000, 100)));
        // Two packets waiting or fewer: no drop even at p = 1.
        q.drop_prob = 1.0;
        q.qdelay_old = SimDuration::from_millis(100);
        assert!(!q.drop_early(1000, 2));
        assert!(q.drop_early(1000, 3));
    }

    #[test]
    fn the_delay_is_the_last_departures_sojourn_and_zero_once_empty() {
        let mut q = pie();
        q.enqueue(&pkt(), SimTime(0), room());
        q.enqueue(&pkt(), SimTime(MS), room());
        q.dequeue(SimTime(10 * MS));
        assert_eq!(q.qdelay, SimDuration::from_millis(10));
        q.dequeue(SimTime(12 * MS));
        assert_eq!(q.qdelay, SimDuration::ZERO);
    }

    #[test]
    fn with_ecn_capable_arrivals_are_marked_below_ten_percent() {
        let mut q = Pie::new(PieParams { ecn: true, ..PieParams::rfc_defaults() }, RandomStream::for_entity(1, "pie"));
        q.burst = Burst::In;
        q.qdelay_old = SimDuration::from_millis(100);
        q.next_update = SimTime::NEVER;
        for _ in 0..5 {
            q.queue.push(Queued { pkt: pkt(), enqueued: SimTime(0) });
        }
        let mut ect = pkt();
        ect.flags |= flags::ECT;
        q.drop_prob = 0.099_999;
        let verdicts: Vec<Admission> = (0..200).map(|_| q.enqueue(&ect, SimTime(0), room())).collect();
        assert!(verdicts.contains(&Admission::Marked) && !verdicts.contains(&Admission::EarlyDrop));
        q.drop_prob = 0.1;
        let verdicts: Vec<Admission> = (0..200).map(|_| q.enqueue(&ect, SimTime(0), room())).collect();
        assert!(verdicts.contains(&Admission::EarlyDrop) && !verdicts.contains(&Admission::Marked));
    }

    #[test]
    fn the_limit_bounds_the_queue() {
        let mut q = pie();
        let full = Room { limit: QueueLimit::Packets(2), in_service_bytes: Some(1000) };
        assert_eq!(q.enqueue(&pkt(), SimTime(0), full), Admission::Enqueued);
        assert_eq!(q.enqueue(&pkt(), SimTime(0), full), Admission::Overflow);
    }
}
