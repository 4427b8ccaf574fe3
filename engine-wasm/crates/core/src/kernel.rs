//! The event queue and its total order.
//!
//! Events run in the order of the key `(time, class, insertion sequence)`:
//! earlier time first; at equal times packet arrivals before timers before
//! application actions; within one class, in the order they were scheduled.
//! The order is total, so a run depends on nothing but its scenario and seed.
//! Time never goes backwards: scheduling in the past is a bug and asserted.
//!
//! A heap entry is one 128-bit integer (time, class, sequence, payload), so
//! comparing and moving entries is cheap. Timers are lazy, so re-arming one
//! (as TCP does on every ACK) costs no heap work: a heap entry fires at the
//! earliest deadline it was armed for and, if the deadline has since moved
//! later, re-arms itself there.

use crate::ids::{AgentId, ChannelId, FlowId, TimerId};
use crate::time::SimTime;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Everything that can happen, as one typed enum (never boxed closures).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The head packet of a channel has fully arrived at the far end.
    ChannelArrival(ChannelId),
    /// A scheduled channel finished transmitting a packet: start the next.
    ChannelTxDone(ChannelId),
    /// A timer heap entry; stale unless it is its slot's live entry.
    Timer(TimerId),
    /// A flow's application starts.
    AppStart(FlowId),
}

/// Tie-break among events at the same instant, lowest first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[repr(u8)]
pub enum EventClass {
    /// Packet arrivals and ends of transmission, in scheduling order.
    PacketArrival = 0,
    Timer = 1,
    Application = 2,
}

const PAYLOAD_BITS: u32 = 22;
const SEQ_BITS: u32 = 40;
const PAYLOAD_MASK: u128 = (1 << PAYLOAD_BITS) - 1;
/// In the packet class, this payload bit marks an end of transmission.
const TX_DONE_BIT: u32 = 1 << 16;
const SEQ_MASK: u128 = (1 << SEQ_BITS) - 1;

impl Event {
    pub fn class(&self) -> EventClass {
        match self {
            Event::ChannelArrival(_) | Event::ChannelTxDone(_) => EventClass::PacketArrival,
            Event::Timer(_) => EventClass::Timer,
            Event::AppStart(_) => EventClass::Application,
        }
    }

    fn payload(&self) -> u32 {
        match *self {
            Event::ChannelArrival(c) => c.0 as u32,
            Event::ChannelTxDone(c) => c.0 as u32 | TX_DONE_BIT,
            Event::Timer(t) => t.0,
            Event::AppStart(f) => f.0 as u32,
        }
    }

    fn from_parts(class: u8, payload: u32) -> Event {
        match class {
            0 if payload & TX_DONE_BIT != 0 => Event::ChannelTxDone(ChannelId(payload as u16)),
            0 => Event::ChannelArrival(ChannelId(payload as u16)),
            1 => Event::Timer(TimerId(payload)),
            _ => Event::AppStart(FlowId(payload as u16)),
        }
    }

    /// A compact code for digests.
    pub fn code(&self) -> u64 {
        ((self.class() as u64) << 32) | self.payload() as u64
    }
}

/// An event taken from the queue, with its time and insertion sequence.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Scheduled {
    pub time: SimTime,
    pub event: Event,
    pub seq: u64,
}

/// time (64 bits) | class (2) | insertion sequence (40) | payload (22).
fn encode(at: SimTime, event: Event, seq: u64) -> u128 {
    debug_assert!(event.payload() as u128 <= PAYLOAD_MASK, "event payload too large");
    ((at.0 as u128) << 64)
        | ((event.class() as u128) << (SEQ_BITS + PAYLOAD_BITS))
        | ((seq as u128 & SEQ_MASK) << PAYLOAD_BITS)
        | event.payload() as u128
}

fn decode(key: u128) -> Scheduled {
    Scheduled {
        time: SimTime((key >> 64) as u64),
        event: Event::from_parts((key >> (SEQ_BITS + PAYLOAD_BITS)) as u8 & 3, (key & PAYLOAD_MASK) as u32),
        seq: ((key >> PAYLOAD_BITS) & SEQ_MASK) as u64,
    }
}

/// A min-heap of event keys. std's `BinaryHeap` sifts with a hole and beat
/// a hand-written binary heap, a 4-ary heap and a radix heap here (fewest
/// instructions and branch misses on PERF-1; the heap holds ~20 entries).
#[derive(Default)]
struct KeyHeap {
    heap: BinaryHeap<Reverse<u128>>,
}

impl KeyHeap {
    #[inline]
    fn peek(&self) -> Option<u128> {
        self.heap.peek().map(|r| r.0)
    }

    fn push(&mut self, key: u128) {
        self.heap.push(Reverse(key));
    }

    /// Replaces the minimum by `key`: one sift instead of a pop and a push.
    #[inline]
    fn replace_min(&mut self, key: u128) {
        if let Some(mut top) = self.heap.peek_mut() {
            *top = Reverse(key);
        }
    }

    fn pop_min(&mut self) {
        self.heap.pop();
    }

    fn len(&self) -> usize {
        self.heap.len()
    }
}

/// The pending events, ordered by `(time, class, insertion sequence)`.
pub struct EventQueue {
    heap: KeyHeap,
    next_seq: u64,
    now: SimTime,
}

impl Default for EventQueue {
    fn default() -> Self {
        Self::new()
    }
}

impl EventQueue {
    pub fn new() -> Self {
        EventQueue { heap: KeyHeap { heap: BinaryHeap::with_capacity(256) }, next_seq: 0, now: SimTime::ZERO }
    }

    pub fn now(&self) -> SimTime {
        self.now
    }

    fn key(&mut self, at: SimTime, event: Event) -> (u128, u64) {
        assert!(at >= self.now, "event scheduled in the past: {at:?} < {:?}", self.now);
        let seq = self.next_seq;
        // 2^40 events is days of computing; past it the tie-break order would wrap.
        debug_assert!((seq as u128) < SEQ_MASK, "event sequence exhausted");
        self.next_seq += 1;
        (encode(at, event, seq), seq)
    }

    /// Schedules `event` at `at`; returns its insertion sequence.
    pub fn schedule(&mut self, at: SimTime, event: Event) -> u64 {
        let (key, seq) = self.key(at, event);
        self.heap.push(key);
        seq
    }

    pub fn peek(&self) -> Option<Scheduled> {
        self.heap.peek().map(decode)
    }

    #[inline]
    /// Removes `next` (just returned by `peek`) and advances the clock to its
    /// time. If `successor` is given (a channel's next head packet), it takes
    /// the old entry's place in a single sift.
    pub fn take(&mut self, next: &Scheduled, successor: Option<(SimTime, Event)>) {
        debug_assert_eq!(self.peek().as_ref(), Some(next), "take the peeked event");
        debug_assert!(next.time >= self.now, "time went backwards");
        self.now = next.time;
        match successor {
            Some((at, event)) => {
                let (key, _) = self.key(at, event);
                self.heap.replace_min(key);
            }
            None => self.heap.pop_min(),
        }
    }

    /// Removes the next event and advances the clock to its time.
    pub fn pop(&mut self) -> Option<Scheduled> {
        let next = self.peek()?;
        self.take(&next, None);
        Some(next)
    }

    pub fn len(&self) -> usize {
        self.heap.len()
    }

    pub fn is_empty(&self) -> bool {
        self.heap.len() == 0
    }
}

/// One timer: the deadline its owner wants and the heap entry serving it.
#[derive(Clone, Debug)]
struct TimerSlot {
    owner: AgentId,
    kind: u16,
    deadline: Option<SimTime>,
    /// Time and insertion sequence of the live heap entry, if any.
    live: Option<(SimTime, u64)>,
}

/// What a popped timer entry means.
pub enum TimerFiring {
    /// Deliver `kind` to `owner`.
    Fire { owner: AgentId, kind: u16 },
    /// Stale, cancelled or re-armed: nothing to deliver.
    Nothing,
}

/// All timers of all agents, armed lazily on the event queue.
#[derive(Default)]
pub struct TimerTable {
    slots: Vec<TimerSlot>,
}

impl TimerTable {
    /// Creates a timer slot; `kind` is the owner's own code for it.
    pub fn create(&mut self, owner: AgentId, kind: u16) -> TimerId {
        self.slots.push(TimerSlot { owner, kind, deadline: None, live: None });
        TimerId(self.slots.len() as u32 - 1)
    }

    pub fn deadline(&self, id: TimerId) -> Option<SimTime> {
        self.slots[id.0 as usize].deadline
    }

    /// Arms (or re-arms) the timer to fire at `at`.
    pub fn set(&mut self, queue: &mut EventQueue, id: TimerId, at: SimTime) {
        let slot = &mut self.slots[id.0 as usize];
        slot.deadline = Some(at);
        match slot.live {
            // The live entry fires no later than `at`; it will re-arm itself.
            Some((t, _)) if t <= at => {}
            _ => slot.live = Some((at, queue.schedule(at, Event::Timer(id)))),
        }
    }

    pub fn cancel(&mut self, id: TimerId) {
        self.slots[id.0 as usize].deadline = None;
    }

    /// Handles a popped timer entry (`seq` is its insertion sequence).
    pub fn on_pop(&mut self, queue: &mut EventQueue, id: TimerId, seq: u64, now: SimTime) -> TimerFiring {
        let slot = &mut self.slots[id.0 as usize];
        if slot.live.map(|(_, s)| s) != Some(seq) {
            return TimerFiring::Nothing;
        }
        slot.live = None;
        match slot.deadline {
            Some(d) if d <= now => {
                slot.deadline = None;
                TimerFiring::Fire { owner: slot.owner, kind: slot.kind }
            }
            Some(d) => {
                slot.live = Some((d, queue.schedule(d, Event::Timer(id))));
                TimerFiring::Nothing
            }
            None => TimerFiring::Nothing,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::SimDuration;

    #[test]
    fn equal_times_run_by_class_then_insertion() {
        let mut q = EventQueue::new();
        let t = SimTime(5);
        q.schedule(t, Event::AppStart(FlowId(0)));
        q.schedule(t, Event::Timer(TimerId(0)));
        q.schedule(t, Event::ChannelArrival(ChannelId(2)));
        q.schedule(t, Event::ChannelArrival(ChannelId(1)));
        q.schedule(SimTime(4), Event::AppStart(FlowId(9)));
        let order: Vec<Event> = std::iter::from_fn(|| q.pop().map(|s| s.event)).collect();
        assert_eq!(
            order,
            vec![
                Event::AppStart(FlowId(9)),
                Event::ChannelArrival(ChannelId(2)),
                Event::ChannelArrival(ChannelId(1)),
                Event::Timer(TimerId(0)),
                Event::AppStart(FlowId(0)),
            ]
        );
    }

    #[test]
    #[should_panic(expected = "in the past")]
    fn scheduling_in_the_past_is_refused() {
        let mut q = EventQueue::new();
        q.schedule(SimTime(10), Event::AppStart(FlowId(0)));
        q.pop();
        q.schedule(SimTime(9), Event::AppStart(FlowId(0)));
    }

    fn fire_times(q: &mut EventQueue, timers: &mut TimerTable) -> Vec<u64> {
        let mut fired = vec![];
        while let Some(Scheduled { time, event: Event::Timer(timer), seq }) = q.pop() {
            if let TimerFiring::Fire { .. } = timers.on_pop(q, timer, seq, time) {
                fired.push(time.0);
            }
        }
        fired
    }

    #[test]
    fn replacing_the_next_event_keeps_the_total_order() {
        let mut q = EventQueue::new();
        q.schedule(SimTime(10), Event::ChannelArrival(ChannelId(0)));
        q.schedule(SimTime(30), Event::ChannelArrival(ChannelId(1)));
        let first = q.peek().unwrap();
        q.take(&first, Some((first.time + crate::time::SimDuration(5), first.event)));
        assert_eq!(first.time, SimTime(10));
        assert_eq!(q.now(), SimTime(10));
        let times: Vec<u64> = std::iter::from_fn(|| q.pop().map(|s| s.time.0)).collect();
        assert_eq!(times, vec![15, 30]);
    }

    #[test]
    fn the_key_heap_pops_in_key_order() {
        let mut h = KeyHeap::default();
        let mut rng = crate::rng::RandomStream::for_entity(3, "heap");
        let mut keys: Vec<u128> = (0..500).map(|_| rng.next_u64() as u128 % 1000).collect();
        for &k in &keys {
            h.push(k);
        }
        // Interleave replacements, as the event loop does.
        for _ in 0..100 {
            let min = h.peek().unwrap();
            let bigger = min + rng.next_u64() as u128 % 500;
            let at = keys.iter().position(|&k| k == min).unwrap();
            keys[at] = bigger;
            h.replace_min(bigger);
        }
        keys.sort();
        let mut popped = vec![];
        while let Some(k) = h.peek() {
            popped.push(k);
            h.pop_min();
        }
        assert_eq!(popped, keys);
    }

    #[test]
    fn entries_round_trip_through_their_keys() {
        for event in [
            Event::ChannelArrival(ChannelId(65_535)),
            Event::ChannelTxDone(ChannelId(65_535)),
            Event::Timer(TimerId(4_000_000)),
            Event::AppStart(FlowId(7)),
        ] {
            let s = decode(encode(SimTime(u64::MAX - 1), event, 123_456));
            assert_eq!((s.time, s.event, s.seq), (SimTime(u64::MAX - 1), event, 123_456));
        }
    }

    #[test]
    fn a_timer_pushed_later_rearms_itself_once() {
        let mut q = EventQueue::new();
        let mut timers = TimerTable::default();
        let id = timers.create(AgentId(0), 0);
        timers.set(&mut q, id, SimTime(100));
        timers.set(&mut q, id, SimTime(150));
        timers.set(&mut q, id, SimTime(200));
        assert_eq!(q.len(), 1, "later deadlines add no heap entries");
        assert_eq!(fire_times(&mut q, &mut timers), vec![200]);
    }

    #[test]
    fn a_timer_pulled_earlier_fires_early_and_only_once() {
        let mut q = EventQueue::new();
        let mut timers = TimerTable::default();
        let id = timers.create(AgentId(0), 0);
        timers.set(&mut q, id, SimTime(100));
        timers.set(&mut q, id, SimTime(40));
        assert_eq!(fire_times(&mut q, &mut timers), vec![40]);
    }

    #[test]
    fn a_cancelled_timer_never_fires() {
        let mut q = EventQueue::new();
        let mut timers = TimerTable::default();
        let id = timers.create(AgentId(0), 0);
        timers.set(&mut q, id, SimTime::ZERO + SimDuration(100));
        timers.cancel(id);
        assert!(fire_times(&mut q, &mut timers).is_empty());
    }
}
