//! FQ-CoDel (RFC 8290): packets are hashed by flow into one of `flows`
//! queues, each with its own CoDel state; a deficit round robin with a
//! quantum of one MTU serves them, queues that just became active first.
//!
//! The rules, as RFC 8290 section 4 and ns-3's FqCoDelQueueDisc (whose
//! choices are followed where the RFC leaves room):
//! - enqueue: a queue that was idle joins the tail of the *new* list with a
//!   deficit of one quantum. When the whole discipline exceeds its limit it
//!   drops from the head of the fattest queue (most bytes): up to half of
//!   that queue's bytes, at most `drop_batch` packets (ns-3 and Linux: 64).
//! - dequeue: take the head of the new list, else of the old list. A queue
//!   whose deficit is spent gets another quantum and moves to the tail of the
//!   old list. A queue whose CoDel returns nothing leaves: from the new list
//!   it moves to the tail of the old list (so a flow cannot stay "new" by
//!   emptying its queue each round), from the old list it becomes idle.
//! - CoDel's "at most one MTU waiting" test counts the flow's own queue
//!   (ns-3's per-flow CoDel; Linux counts the whole discipline).
//!
//! Flows are hashed from the packet's flow id and end points with a
//! perturbation drawn from the run's seed, as Linux draws one at start-up:
//! two flows may share a queue, with the probability the RFC describes.

use super::aqm::{Admission, Dequeued, Discarded, Fifo, Queued, Room};
use super::codel::{CoDelParams, CoDelVars};
use crate::packet::Packet;
use crate::rng::RandomStream;
use crate::time::SimTime;
use std::collections::VecDeque;

/// FQ-CoDel's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct FqCoDelParams {
    /// Each queue's CoDel.
    pub codel: CoDelParams,
    /// Number of queues packets are hashed into (RFC 8290: 1024).
    pub flows: u32,
    /// Bytes a queue may send per round (one MTU).
    pub quantum: u32,
    /// Most packets dropped from the fattest queue at one overflow.
    pub drop_batch: u32,
}

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
enum ListStatus {
    #[default]
    Idle,
    New,
    Old,
}

#[derive(Clone, Debug, Default)]
struct FlowQueue {
    queue: Fifo,
    codel: CoDelVars,
    deficit: i64,
    status: ListStatus,
}

#[derive(Clone, Debug)]
pub struct FqCoDel {
    p: FqCoDelParams,
    queues: Vec<FlowQueue>,
    new_flows: VecDeque<u32>,
    old_flows: VecDeque<u32>,
    perturbation: u64,
    pkts: usize,
    bytes: u64,
}

/// SplitMix64's finalizer: every input bit moves every output bit.
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

impl FqCoDel {
    pub fn new(p: FqCoDelParams, mut rng: RandomStream) -> FqCoDel {
        let queues = vec![FlowQueue::default(); p.flows.max(1) as usize];
        FqCoDel {
            p,
            queues,
            new_flows: VecDeque::new(),
            old_flows: VecDeque::new(),
            perturbation: rng.next_u64(),
            pkts: 0,
            bytes: 0,
        }
    }

    /// The queue a packet belongs to.
    pub fn classify(&self, pkt: &Packet) -> usize {
        let key = pkt.flow.0 as u64 | (pkt.src.0 as u64) << 16 | (pkt.dst.0 as u64) << 32;
        (mix(key ^ self.perturbation) % self.queues.len() as u64) as usize
    }

    pub fn enqueue(&mut self, pkt: &Packet, now: SimTime, room: Room, discarded: &mut Vec<Discarded>) -> Admission {
        let i = self.classify(pkt);
        let quantum = self.p.quantum as i64;
        let flow = &mut self.queues[i];
        flow.queue.push(Queued { pkt: *pkt, enqueued: now });
        if flow.status == ListStatus::Idle {
            flow.status = ListStatus::New;
            flow.deficit = quantum;
            self.new_flows.push_back(i as u32);
        }
        self.pkts += 1;
        self.bytes += pkt.size_bytes as u64;
        if !room.exceeded(self.pkts, self.bytes) {
            return Admission::Enqueued;
        }
        let fattest = self.drop_from_fattest(discarded);
        // The arrival was at its queue's tail: it went only if the whole queue did.
        if fattest == i && self.queues[i].queue.is_empty() {
            discarded.pop();
            return Admission::Overflow;
        }
        Admission::Enqueued
    }

    /// Drops from the head of the queue holding the most bytes: half its
    /// bytes, at most `drop_batch` packets. Returns that queue.
    fn drop_from_fattest(&mut self, discarded: &mut Vec<Discarded>) -> usize {
        let mut fattest = 0;
        let mut most = 0;
        for (i, f) in self.queues.iter().enumerate() {
            if f.queue.bytes() > most {
                (fattest, most) = (i, f.queue.bytes());
            }
        }
        let threshold = most / 2;
        let (mut count, mut dropped_bytes) = (0, 0);
        while let Some(head) = self.queues[fattest].queue.pop() {
            self.pkts -= 1;
            self.bytes -= head.pkt.size_bytes as u64;
            dropped_bytes += head.pkt.size_bytes as u64;
            count += 1;
            discarded.push(Discarded { pkt: head.pkt, enqueued: head.enqueued, early: false });
            if count >= self.p.drop_batch || dropped_bytes >= threshold {
                break;
            }
        }
        fattest
    }

    pub fn dequeue(&mut self, now: SimTime, discarded: &mut Vec<Discarded>) -> Option<Dequeued> {
        let quantum = self.p.quantum as i64;
        loop {
            let (i, from_new) = self.next_with_deficit(quantum)?;
            let flow = &mut self.queues[i];
            let before = discarded.len();
            let out = flow.codel.dequeue(&self.p.codel, &mut flow.queue, now, discarded);
            for d in &discarded[before..] {
                self.pkts -= 1;
                self.bytes -= d.pkt.size_bytes as u64;
            }
            let flow = &mut self.queues[i];
            match out {
                Some(d) => {
                    flow.deficit -= d.item.pkt.size_bytes as i64;
                    self.pkts -= 1;
                    self.bytes -= d.item.pkt.size_bytes as u64;
                    return Some(d);
                }
                None if from_new => {
                    flow.status = ListStatus::Old;
                    self.new_flows.pop_front();
                    self.old_flows.push_back(i as u32);
                }
                None => {
                    flow.status = ListStatus::Idle;
                    self.old_flows.pop_front();
                }
            }
        }
    }

    /// The first queue of the new list, else the old, with deficit left;
    /// queues passed over get a quantum and go to the old list's tail.
    fn next_with_deficit(&mut self, quantum: i64) -> Option<(usize, bool)> {
        while let Some(&i) = self.new_flows.front() {
            let flow = &mut self.queues[i as usize];
            if flow.deficit > 0 {
                return Some((i as usize, true));
            }
            flow.deficit += quantum;
            flow.status = ListStatus::Old;
            self.new_flows.pop_front();
            self.old_flows.push_back(i);
        }
        while let Some(&i) = self.old_flows.front() {
            let flow = &mut self.queues[i as usize];
            if flow.deficit > 0 {
                return Some((i as usize, false));
            }
            flow.deficit += quantum;
            self.old_flows.pop_front();
            self.old_flows.push_back(i);
        }
        None
    }

    pub fn len(&self) -> usize {
        self.pkts
    }

    pub fn packets(&self) -> impl Iterator<Item = &Packet> {
        self.queues.iter().flat_map(|q| q.queue.packets())
    }

    pub fn is_empty(&self) -> bool {
        self.pkts == 0
    }

    pub fn oldest(&self) -> Option<SimTime> {
        self.new_flows
            .iter()
            .chain(&self.old_flows)
            .filter_map(|&i| self.queues[i as usize].queue.front().map(|q| q.enqueued))
            .min()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::FlowId;
    use crate::net::channel::QueueLimit;
    use crate::packet::PacketKind;

    const MS: u64 = 1_000_000;

    fn params(quantum: u32) -> FqCoDelParams {
        FqCoDelParams { codel: CoDelParams::rfc_defaults(), flows: 1024, quantum, drop_batch: 64 }
    }

    fn fq(quantum: u32) -> FqCoDel {
        FqCoDel::new(params(quantum), RandomStream::for_entity(1, "fq"))
    }

    fn pkt(flow: u16, seq: u32, size: u32) -> Packet {
        let mut p = Packet::for_test(PacketKind::Data, seq, size);
        p.flow = FlowId(flow);
        p
    }

    fn room(n: u32) -> Room {
        Room { limit: QueueLimit::Packets(n), in_service_bytes: None }
    }

    /// Flows 0..3 hash to distinct queues under this seed (checked here so
    /// the tests below do not silently test a collision).
    fn distinct(f: &FqCoDel, flows: u16) {
        let mut seen: Vec<usize> = (0..flows).map(|i| f.classify(&pkt(i, 0, 100))).collect();
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), flows as usize);
    }

    fn drain(f: &mut FqCoDel, now: SimTime) -> Vec<(u16, u32)> {
        let mut out = vec![];
        let mut dropped = vec![];
        while let Some(d) = f.dequeue(now, &mut dropped) {
            out.push((d.item.pkt.flow.0, d.item.pkt.seq));
        }
        assert!(dropped.is_empty());
        out
    }

    #[test]
    fn deficit_round_robin_gives_each_flow_a_quantum_per_round() {
        // Quantum 1500: flow 0 sends 500 B packets (3 per round), flow 1
        // sends 1500 B packets (1 per round).
        let mut f = fq(1500);
        distinct(&f, 2);
        for s in 0..6 {
            f.enqueue(&pkt(0, s, 500), SimTime(0), room(100), &mut vec![]);
        }
        for s in 0..3 {
            f.enqueue(&pkt(1, s, 1500), SimTime(0), room(100), &mut vec![]);
        }
        assert_eq!(
            drain(&mut f, SimTime(MS)),
            vec![(0, 0), (0, 1), (0, 2), (1, 0), (0, 3), (0, 4), (0, 5), (1, 1), (1, 2)]
        );
    }

    #[test]
    fn a_newly_active_flow_is_served_before_the_old_ones() {
        let mut f = fq(1500);
        distinct(&f, 3);
        for s in 0..4 {
            f.enqueue(&pkt(0, s, 1500), SimTime(0), room(100), &mut vec![]);
            f.enqueue(&pkt(1, s, 1500), SimTime(0), room(100), &mut vec![]);
        }
        let mut d = vec![];
        // Flows 0 and 1 each send one quantum; both are now on the old list.
        assert_eq!(f.dequeue(SimTime(MS), &mut d).unwrap().item.pkt.flow.0, 0);
        assert_eq!(f.dequeue(SimTime(MS), &mut d).unwrap().item.pkt.flow.0, 1);
        // Flow 2 arrives: it goes ahead of both old flows.
        f.enqueue(&pkt(2, 0, 100), SimTime(MS), room(100), &mut vec![]);
        assert_eq!(f.dequeue(SimTime(MS), &mut d).unwrap().item.pkt.flow.0, 2);
        assert_eq!(f.dequeue(SimTime(MS), &mut d).unwrap().item.pkt.flow.0, 0);
    }

    #[test]
    fn an_emptied_new_flow_moves_to_the_old_list_and_an_emptied_old_flow_goes_idle() {
        let mut f = fq(1500);
        distinct(&f, 2);
        let q0 = f.classify(&pkt(0, 0, 100));
        let q1 = f.classify(&pkt(1, 0, 100));
        f.enqueue(&pkt(0, 0, 100), SimTime(0), room(100), &mut vec![]);
        f.enqueue(&pkt(1, 0, 100), SimTime(0), room(100), &mut vec![]);
        let mut d = vec![];
        f.dequeue(SimTime(MS), &mut d);
        // Flow 0 is empty but still new (deficit left) until visited again.
        f.dequeue(SimTime(MS), &mut d);
        assert!(f.dequeue(SimTime(MS), &mut d).is_none());
        // Both visited empty from the new list: moved to old, then idle on the next pass.
        assert_eq!(f.queues[q0].status, ListStatus::Idle);
        assert_eq!(f.queues[q1].status, ListStatus::Idle);
        assert!(f.new_flows.is_empty() && f.old_flows.is_empty());
        // Rejoining: new again with a fresh quantum.
        f.enqueue(&pkt(0, 1, 100), SimTime(2 * MS), room(100), &mut vec![]);
        assert_eq!((f.queues[q0].status, f.queues[q0].deficit), (ListStatus::New, 1500));
    }

    #[test]
    fn overflow_drops_half_the_fattest_queue_from_its_head() {
        let mut f = fq(1500);
        distinct(&f, 2);
        // Limit 10 packets: flow 0 holds 8 x 1000 B, flow 1 holds 2.
        for s in 0..8 {
            f.enqueue(&pkt(0, s, 1000), SimTime(0), room(10), &mut vec![]);
        }
        for s in 0..2 {
            f.enqueue(&pkt(1, s, 1000), SimTime(0), room(10), &mut vec![]);
        }
        // The 11th packet (flow 1) overflows: flow 0 (8000 B) loses 4000 B,
        // four packets from its head; the arrival stays.
        let mut dropped = vec![];
        assert_eq!(f.enqueue(&pkt(1, 2, 1000), SimTime(0), room(10), &mut dropped), Admission::Enqueued);
        assert_eq!(dropped.iter().map(|d| (d.pkt.flow.0, d.pkt.seq)).collect::<Vec<_>>(), vec![(0, 0), (0, 1), (0, 2), (0, 3)]);
        assert!(dropped.iter().all(|d| !d.early));
        assert_eq!(f.len(), 7);
    }

    #[test]
    fn the_drop_batch_caps_an_overflow() {
        let mut f = FqCoDel::new(FqCoDelParams { drop_batch: 2, ..params(1500) }, RandomStream::for_entity(1, "fq"));
        for s in 0..10 {
            f.enqueue(&pkt(0, s, 1000), SimTime(0), room(10), &mut vec![]);
        }
        let mut dropped = vec![];
        f.enqueue(&pkt(0, 10, 1000), SimTime(0), room(10), &mut dropped);
        assert_eq!(dropped.len(), 2);
    }

    #[test]
    fn an_arrival_that_is_its_fattest_queue_alone_is_refused() {
        // Limit 1 packet, one on the wire: the lone arrival overflows and is its own fattest queue.
        let mut f = fq(1500);
        let full = Room { limit: QueueLimit::Packets(1), in_service_bytes: Some(1000) };
        let mut dropped = vec![];
        assert_eq!(f.enqueue(&pkt(0, 0, 1000), SimTime(0), full, &mut dropped), Admission::Overflow);
        assert!(dropped.is_empty() && f.is_empty());
    }

    #[test]
    fn each_queue_runs_its_own_codel() {
        // Flow 0 builds a standing queue; flow 1 sends a packet now and then.
        let mut f = fq(1500);
        distinct(&f, 2);
        for s in 0..100 {
            f.enqueue(&pkt(0, s, 1000), SimTime(0), room(1000), &mut vec![]);
        }
        let mut dropped = vec![];
        // Two packets at 10 ms: the sojourn is above target from then on.
        f.dequeue(SimTime(10 * MS), &mut dropped);
        f.dequeue(SimTime(10 * MS), &mut dropped);
        f.enqueue(&pkt(1, 0, 100), SimTime(110 * MS), room(1000), &mut vec![]);
        // Flow 1 is new: served first, not dropped though CoDel of flow 0 is due.
        assert_eq!(f.dequeue(SimTime(110 * MS), &mut dropped).unwrap().item.pkt.flow.0, 1);
        assert!(dropped.is_empty());
        // Flow 0's CoDel drops its head.
        assert_eq!(f.dequeue(SimTime(110 * MS), &mut dropped).unwrap().item.pkt.flow.0, 0);
        assert_eq!(dropped.len(), 1);
        assert!(dropped[0].early);
        assert_eq!(f.len(), 96);
    }
}
