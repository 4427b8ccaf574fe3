//! CoDel, Controlled Delay (RFC 8289), as the RFC's pseudocode (section 5)
//! runs it, which ns-3's CoDelQueueDisc and Linux's sch_codel port.
//!
//! CoDel watches each packet's sojourn time as it leaves. When the sojourn
//! has stayed at or above `target` for a whole `interval` (and more than one
//! MTU waits), it enters the dropping state: it drops (or, for an
//! ECN-capable packet with `ecn`, marks) the packet leaving, then the next
//! ones at times spaced by the control law, `interval / sqrt(count)`, until
//! a sojourn falls below target. On re-entry soon after leaving, it resumes
//! near the drop rate that last controlled the queue (section 5.6).
//!
//! Differences from the ports, all at the margins: time is kept in
//! nanoseconds and the control law uses an exact square root (ns-3 and Linux
//! use 1024 ns ticks and a Newton step for 1/sqrt(count)); an empty queue
//! resets `first_above_time` as the RFC's `dodequeue` does.

use super::aqm::{ecn_capable, set_ce, Admission, Dequeued, Discarded, Fifo, Queued, Room};
use crate::packet::Packet;
use crate::time::{SimDuration, SimTime};

/// CoDel's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct CoDelParams {
    /// Acceptable standing queue delay (RFC 8289: 5 ms).
    pub target: SimDuration,
    /// Window over which the delay must stay above target (100 ms).
    pub interval: SimDuration,
    /// MAXPACKET: with at most this many bytes left waiting, never drop
    /// (one MTU; ns-3's MinBytes 1500, Linux 1514).
    pub max_packet: u64,
    /// Mark ECN-capable packets instead of dropping them.
    pub ecn: bool,
}

impl CoDelParams {
    /// RFC 8289's defaults: target 5 ms, interval 100 ms, no ECN.
    pub fn rfc_defaults() -> CoDelParams {
        CoDelParams {
            target: SimDuration::from_millis(5),
            interval: SimDuration::from_millis(100),
            max_packet: 1514,
            ecn: false,
        }
    }
}

/// CoDel's per-queue state (the RFC's `codel_queue_t` fields).
#[derive(Clone, Debug, Default)]
pub struct CoDelVars {
    /// Drops (or marks) since entering the dropping state.
    count: u32,
    /// `count` when the dropping state was last entered.
    last_count: u32,
    dropping: bool,
    /// When the sojourn will have been above target for an interval.
    first_above_time: Option<SimTime>,
    /// When the next drop is due in the dropping state.
    drop_next: SimTime,
}

/// `t + interval / sqrt(count)` (RFC 8289 section 5.5), rounded down to the nanosecond.
pub fn control_law(t: SimTime, interval: SimDuration, count: u32) -> SimTime {
    // f64 sqrt and division are correctly rounded: identical on every platform.
    let gap = interval.as_nanos() as f64 / (count.max(1) as f64).sqrt();
    t + SimDuration::from_nanos(gap as u64)
}

impl CoDelVars {
    pub fn dropping(&self) -> bool {
        self.dropping
    }

    pub fn count(&self) -> u32 {
        self.count
    }

    pub fn drop_next(&self) -> SimTime {
        self.drop_next
    }

    /// The RFC's `dodequeue`: whether `item`, just taken off `q`, may be dropped.
    fn ok_to_drop(&mut self, p: &CoDelParams, item: Option<&Queued>, q: &Fifo, now: SimTime) -> bool {
        let Some(item) = item else {
            self.first_above_time = None;
            return false;
        };
        let sojourn = now.since(item.enqueued);
        if sojourn < p.target || q.bytes() <= p.max_packet {
            // Went below target: it stays below for at least an interval.
            self.first_above_time = None;
            return false;
        }
        match self.first_above_time {
            None => {
                self.first_above_time = Some(now + p.interval);
                false
            }
            Some(at) => now >= at,
        }
    }

    /// The RFC's `dequeue`: the next packet of `q` to send at `now`, those
    /// dropped on the way appended to `discarded`.
    pub fn dequeue(&mut self, p: &CoDelParams, q: &mut Fifo, now: SimTime, discarded: &mut Vec<Discarded>) -> Option<Dequeued> {
        let mut item = q.pop();
        let ok_to_drop = self.ok_to_drop(p, item.as_ref(), q, now);
        let Some(mut head) = item else {
            self.dropping = false;
            return None;
        };
        let mut marked = false;
        if self.dropping {
            if !ok_to_drop {
                // The sojourn fell below target: leave the dropping state.
                self.dropping = false;
            }
            while self.dropping && now >= self.drop_next {
                self.count = self.count.saturating_add(1);
                if p.ecn && ecn_capable(&head.pkt) {
                    set_ce(&mut head.pkt);
                    marked = true;
                    self.drop_next = control_law(self.drop_next, p.interval, self.count);
                    break;
                }
                discarded.push(Discarded { pkt: head.pkt, enqueued: head.enqueued, early: true });
                item = q.pop();
                if !self.ok_to_drop(p, item.as_ref(), q, now) {
                    self.dropping = false;
                } else {
                    self.drop_next = control_law(self.drop_next, p.interval, self.count);
                }
                match item {
                    Some(next) => head = next,
                    None => return None,
                }
            }
        } else if ok_to_drop {
            if p.ecn && ecn_capable(&head.pkt) {
                set_ce(&mut head.pkt);
                marked = true;
            } else {
                discarded.push(Discarded { pkt: head.pkt, enqueued: head.enqueued, early: true });
                item = q.pop();
                self.ok_to_drop(p, item.as_ref(), q, now);
            }
            self.enter_dropping(p, now);
            match item {
                Some(next) if !marked => head = next,
                Some(_) => {}
                None => return None,
            }
        }
        Some(Dequeued { item: head, marked })
    }

    /// Section 5.6: resume near the last drop rate if the dropping state
    /// was left recently, else start over at count 1.
    fn enter_dropping(&mut self, p: &CoDelParams, now: SimTime) {
        self.dropping = true;
        let delta = self.count.saturating_sub(self.last_count);
        let since_drop_next = now.0 as i128 - self.drop_next.0 as i128;
        self.count = if delta > 1 && since_drop_next < 16 * p.interval.as_nanos() as i128 { delta } else { 1 };
        self.drop_next = control_law(now, p.interval, self.count);
        self.last_count = self.count;
    }
}

/// A single CoDel queue (kind = "codel"): tail drop when the limit is reached.
#[derive(Clone, Debug)]
pub struct CoDel {
    params: CoDelParams,
    vars: CoDelVars,
    queue: Fifo,
}

impl CoDel {
    pub fn new(params: CoDelParams) -> CoDel {
        CoDel { params, vars: CoDelVars::default(), queue: Fifo::default() }
    }

    pub fn enqueue(&mut self, pkt: &Packet, now: SimTime, room: Room) -> Admission {
        if !room.fits(self.queue.len(), self.queue.bytes(), pkt.size_bytes) {
            return Admission::Overflow;
        }
        self.queue.push(Queued { pkt: *pkt, enqueued: now });
        Admission::Enqueued
    }

    pub fn dequeue(&mut self, now: SimTime, discarded: &mut Vec<Discarded>) -> Option<Dequeued> {
        self.vars.dequeue(&self.params, &mut self.queue, now, discarded)
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

    pub fn vars(&self) -> &CoDelVars {
        &self.vars
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::channel::QueueLimit;
    use crate::packet::{flags, PacketKind};

    const MS: u64 = 1_000_000;

    fn pkt(seq: u32) -> Packet {
        Packet::for_test(PacketKind::Data, seq, 1000)
    }

    fn room() -> Room {
        Room { limit: QueueLimit::Packets(1000), in_service_bytes: None }
    }

    /// A CoDel queue holding `n` packets enqueued at time 0.
    fn loaded(n: u32, ecn: bool) -> CoDel {
        let mut c = CoDel::new(CoDelParams { ecn, ..CoDelParams::rfc_defaults() });
        for seq in 0..n {
            let mut p = pkt(seq);
            if ecn {
                p.flags |= flags::ECT;
            }
            assert_eq!(c.enqueue(&p, SimTime(0), room()), Admission::Enqueued);
        }
        c
    }

    #[test]
    fn the_control_law_spaces_drops_by_interval_over_sqrt_count() {
        let i = SimDuration::from_millis(100);
        assert_eq!(control_law(SimTime(0), i, 1), SimTime(100 * MS));
        assert_eq!(control_law(SimTime(0), i, 4), SimTime(50 * MS));
        assert_eq!(control_law(SimTime(0), i, 16), SimTime(25 * MS));
        // 100 ms / sqrt(2) = 70.710678 ms, rounded down to the nanosecond.
        assert_eq!(control_law(SimTime(MS), i, 2), SimTime(MS + 70_710_678));
    }

    #[test]
    fn below_target_nothing_is_dropped() {
        let mut c = loaded(50, false);
        let mut out = vec![];
        // Each packet leaves 4 ms after it came: under the 5 ms target.
        for k in 0..50u64 {
            let d = c.dequeue(SimTime(4 * MS), &mut out).expect("a packet");
            assert_eq!(d.item.pkt.seq as u64, k);
        }
        assert!(out.is_empty() && !c.vars().dropping());
    }

    #[test]
    fn an_interval_above_target_enters_dropping_and_drops_on_the_control_law_schedule() {
        let mut c = loaded(200, false);
        let mut out = vec![];
        // First dequeue above target (10 ms): starts the interval, no drop.
        assert_eq!(c.dequeue(SimTime(10 * MS), &mut out).unwrap().item.pkt.seq, 0);
        assert!(out.is_empty() && !c.vars().dropping());
        // Before the interval ends (10 + 100 ms): still nothing.
        c.dequeue(SimTime(109 * MS), &mut out);
        assert!(out.is_empty());
        // At 110 ms it is ok to drop: packet 2 is dropped, packet 3 sent,
        // count 1, next drop at 110 + 100/sqrt(1) = 210 ms.
        assert_eq!(c.dequeue(SimTime(110 * MS), &mut out).unwrap().item.pkt.seq, 3);
        assert_eq!(out.iter().map(|d| d.pkt.seq).collect::<Vec<_>>(), vec![2]);
        assert!(c.vars().dropping());
        assert_eq!((c.vars().count(), c.vars().drop_next()), (1, SimTime(210 * MS)));
        // Nothing more until then.
        c.dequeue(SimTime(200 * MS), &mut out);
        assert_eq!(out.len(), 1);
        // At 210 ms: the second drop, count 2, next at 210 + 100/sqrt(2) ms.
        c.dequeue(SimTime(210 * MS), &mut out);
        assert_eq!(out.len(), 2);
        assert_eq!(c.vars().count(), 2);
        assert_eq!(c.vars().drop_next(), SimTime(210 * MS + 70_710_678));
        // Then 100/sqrt(3) = 57.735026 ms later.
        c.dequeue(SimTime(210 * MS + 70_710_678), &mut out);
        assert_eq!(c.vars().count(), 3);
        assert_eq!(c.vars().drop_next(), SimTime(210 * MS + 70_710_678 + 57_735_026));
    }

    #[test]
    fn a_sojourn_below_target_leaves_the_dropping_state() {
        let mut c = loaded(20, false);
        let mut out = vec![];
        c.dequeue(SimTime(10 * MS), &mut out);
        c.dequeue(SimTime(110 * MS), &mut out);
        assert!(c.vars().dropping());
        // Fresh packets that waited only 1 ms.
        let mut fresh = CoDel { queue: Fifo::default(), ..c.clone() };
        fresh.enqueue(&pkt(99), SimTime(200 * MS), room());
        fresh.enqueue(&pkt(100), SimTime(200 * MS), room());
        fresh.enqueue(&pkt(101), SimTime(200 * MS), room());
        assert_eq!(fresh.dequeue(SimTime(201 * MS), &mut out).unwrap().item.pkt.seq, 99);
        assert!(!fresh.vars().dropping());
        // An empty queue leaves it too.
        let mut empty = CoDel { queue: Fifo::default(), ..c };
        assert!(empty.dequeue(SimTime(300 * MS), &mut out).is_none());
        assert!(!empty.vars().dropping());
    }

    #[test]
    fn one_mtu_or_less_left_waiting_is_never_dropped() {
        // Two packets: after taking one, 1000 B (< 1514) wait: never ok to drop.
        let mut c = loaded(2, false);
        let mut out = vec![];
        c.dequeue(SimTime(10 * MS), &mut out);
        c.dequeue(SimTime(500 * MS), &mut out);
        assert!(out.is_empty());
    }

    #[test]
    fn re_entering_soon_resumes_at_the_previous_drop_rate() {
        let mut v = CoDelVars { count: 10, last_count: 2, drop_next: SimTime(100 * MS), ..Default::default() };
        let p = CoDelParams::rfc_defaults();
        // 8 drops in the last cycle, re-entered 0.5 s after drop_next (< 16 intervals).
        v.enter_dropping(&p, SimTime(600 * MS));
        assert_eq!(v.count, 8);
        assert_eq!(v.drop_next, control_law(SimTime(600 * MS), p.interval, 8));
        // Long after: start over.
        let mut v = CoDelVars { count: 10, last_count: 2, drop_next: SimTime(100 * MS), ..Default::default() };
        v.enter_dropping(&p, SimTime(100 * MS + 1_600 * MS));
        assert_eq!(v.count, 1);
    }

    #[test]
    fn with_ecn_capable_packets_are_marked_not_dropped() {
        let mut c = loaded(50, true);
        let mut out = vec![];
        c.dequeue(SimTime(10 * MS), &mut out);
        let d = c.dequeue(SimTime(110 * MS), &mut out).unwrap();
        assert!(d.marked && d.item.pkt.has(flags::CE));
        assert_eq!(d.item.pkt.seq, 1, "the packet leaving is marked and sent");
        assert!(out.is_empty());
        assert!(c.vars().dropping());
        // The next mark on the control-law schedule.
        let d = c.dequeue(SimTime(210 * MS), &mut out).unwrap();
        assert!(d.marked);
        assert_eq!(c.vars().count(), 2);
    }

    #[test]
    fn the_limit_bounds_the_queue() {
        let mut c = CoDel::new(CoDelParams::rfc_defaults());
        let room = Room { limit: QueueLimit::Packets(3), in_service_bytes: Some(1000) };
        assert_eq!(c.enqueue(&pkt(0), SimTime(0), room), Admission::Enqueued);
        assert_eq!(c.enqueue(&pkt(1), SimTime(0), room), Admission::Enqueued);
        assert_eq!(c.enqueue(&pkt(2), SimTime(0), room), Admission::Overflow);
    }
}
