//! The event queue and its total order.
//!
//! Events run in the order of the key `(time, class, insertion sequence)`:
//! earlier time first; at equal times packet arrivals before timers before
//! application actions; within one class, in the order they were scheduled.
//! The order is total, so a run depends on nothing but its scenario and seed.
//! Time never goes backwards: scheduling in the past is a bug and asserted.
//!
//! An entry is one 128-bit integer key (time, class, sequence, payload), so
//! comparing and moving entries is cheap; a timing wheel with an overflow
//! heap holds them (see [`EventQueue`]). Timers are lazy, so re-arming one
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
    /// [`Event::code`], read off the key's bits.
    pub code: u64,
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
        code: ((((key >> (SEQ_BITS + PAYLOAD_BITS)) & 3) as u64) << 32) | (key & PAYLOAD_MASK) as u64,
    }
}

/// A min-heap of event keys: the wheel's overflow. std's `BinaryHeap` sifts
/// with a hole and beat a hand-written binary heap, a 4-ary heap and a radix
/// heap as the whole queue (when it held every event).
struct KeyHeap {
    heap: BinaryHeap<Reverse<u128>>,
    /// The least key, [`NO_KEY`] when empty: read on every event, so a
    /// field rather than an `Option` from the heap (cheaper, in wasm most).
    top: u128,
}

impl Default for KeyHeap {
    fn default() -> Self {
        KeyHeap { heap: BinaryHeap::with_capacity(64), top: NO_KEY }
    }
}

impl KeyHeap {
    #[cfg(test)]
    fn peek(&self) -> Option<u128> {
        (self.top != NO_KEY).then_some(self.top)
    }

    fn push(&mut self, key: u128) {
        self.heap.push(Reverse(key));
        self.top = self.top.min(key);
    }

    // Out of line: most keys go to the wheel, and the inlined push would
    // crowd the hot path.
    #[inline(never)]
    fn push_cold(&mut self, key: u128) {
        self.push(key);
    }

    fn pop_min(&mut self) {
        self.heap.pop();
        self.top = self.heap.peek().map_or(NO_KEY, |r| r.0);
    }

    fn len(&self) -> usize {
        self.heap.len()
    }
}

/// Width of a wheel slot: 2^13 ns (8.2 us), about a 1500-byte packet's time
/// on the wire at 1.5 Gbit/s, so a slot rarely holds more than a couple of events.
const SLOT_SHIFT: u32 = 13;
/// Slots on the wheel: 2^9 x 8.2 us = 4.2 ms ahead of now. A channel
/// schedules only its head packet's arrival, mostly a packet's spacing
/// ahead; later events (timers, long hops) wait in the overflow heap.
/// The wheel's 16 KiB are dense in time (16.4 us a cache line): most
/// schedules write a line a recent one wrote. With 1024 slots of four keys
/// (64 KiB, a line per 4.1 us) nearly every schedule missed the cache
/// (cachegrind: 1.0 M of PERF-1's 3.4 M D1 misses in 20 s).
const SLOTS: usize = 1 << 9;
const SLOT_MASK: u64 = SLOTS as u64 - 1;
// `EventQueue::words` has a bit per bitmap word.
const _: () = assert!(SLOTS / 64 <= 32);
/// Keys a slot holds; a full slot sends further keys to the overflow heap.
const SLOT_KEYS: usize = 2;
/// [`EventQueue::head`]'s place for a key at the top of the overflow heap.
const IN_OVERFLOW: u32 = u32::MAX;
/// [`EventQueue::head`]'s key when the queue is empty: above every real key,
/// as no event has class 3.
const NO_KEY: u128 = u128::MAX;

/// The pending events, ordered by `(time, class, insertion sequence)`.
///
/// A timing wheel (a calendar queue with one lap, Brown 1988) in front of a
/// heap: an event due within the wheel's horizon goes to the slot of its
/// time, a later one (or one finding its slot full) to the overflow heap.
/// The next event is the smaller of the first occupied slot's least key
/// (found with a bitmap) and the heap's top, so events leave in the keys'
/// order exactly, whichever structure holds them. Push and pop cost the same
/// for 10 or 1000 pending events, where a heap's sift grows with their
/// logarithm (the 100-flow benchmark).
pub struct EventQueue {
    /// Keys per slot in descending order; the first `counts[slot]` are live.
    // Fixed-size arrays: a masked index needs no bounds check.
    slots: Box<[[u128; SLOT_KEYS]; SLOTS]>,
    // In place (1 KiB), not boxed: each access is one instruction, not two.
    counts: [u8; SLOTS],
    /// Bit `i` set: slot `i` holds keys.
    occupied: [u64; SLOTS / 64],
    /// Bit `w` set: `occupied[w]` is not zero (finds the next word at once).
    words: u32,
    /// The slot number (time >> SLOT_SHIFT) of `now`: every key on the wheel
    /// lies in slots `cursor .. cursor + SLOTS`.
    cursor: u64,
    overflow: KeyHeap,
    /// The least key and its place (its slot, always its last live key, or
    /// [`IN_OVERFLOW`]); [`NO_KEY`] when the queue is empty. Kept current by
    /// every schedule and take, so a peek only decodes it.
    head: (u128, u32),
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
        EventQueue {
            slots: vec![[0; SLOT_KEYS]; SLOTS].into_boxed_slice().try_into().expect("SLOTS slots"),
            counts: [0; SLOTS],
            occupied: [0; SLOTS / 64],
            words: 0,
            cursor: 0,
            overflow: KeyHeap::default(),
            head: (NO_KEY, IN_OVERFLOW),
            next_seq: 0,
            now: SimTime::ZERO,
        }
    }

    pub fn now(&self) -> SimTime {
        self.now
    }

    /// The insertion sequence of an event scheduled at `at` (not in the past).
    #[inline(always)]
    fn next_seq_for(&mut self, at: SimTime) -> u64 {
        assert!(at >= self.now, "event scheduled in the past: {at:?} < {:?}", self.now);
        let seq = self.next_seq;
        // 2^40 events is days of computing; past it the tie-break order would wrap.
        debug_assert!((seq as u128) < SEQ_MASK, "event sequence exhausted");
        self.next_seq += 1;
        seq
    }

    fn key(&mut self, at: SimTime, event: Event) -> (u128, u64) {
        let seq = self.next_seq_for(at);
        (encode(at, event, seq), seq)
    }

    /// The key of `key`'s event scheduled again at `at`: its class and
    /// payload bits kept, a new insertion sequence (no encoding of an
    /// [`Event`], whose variant matches cost a jump table on every arrival).
    #[inline(always)]
    fn repeat_key(&mut self, key: u128, at: SimTime) -> u128 {
        let seq = self.next_seq_for(at);
        const KEEP: u64 = !((SEQ_MASK as u64) << PAYLOAD_BITS);
        let low = (key as u64 & KEEP) | (seq << PAYLOAD_BITS);
        ((at.0 as u128) << 64) | low as u128
    }

    /// Puts `key` on the wheel or in the overflow heap; returns its place.
    /// The head is the caller's to update.
    // Inlined into `take`, its hot caller: the call's register saves and
    // restores cost about a sixth of it.
    #[inline(always)]
    fn place(&mut self, key: u128) -> u32 {
        let slot = ((key >> 64) as u64) >> SLOT_SHIFT;
        let i = (slot & SLOT_MASK) as usize;
        let n = self.counts[i] as usize;
        if slot - self.cursor < SLOTS as u64 && n < SLOT_KEYS {
            // Kept in descending order: the least key is the last live one,
            // so a take only lowers the count. A new key is mostly its slot's
            // latest and its slot mostly empty, so this rarely shifts.
            let keys = &mut self.slots[i];
            let mut j = n;
            while j > 0 && keys[(j - 1) % SLOT_KEYS] < key {
                keys[j % SLOT_KEYS] = keys[(j - 1) % SLOT_KEYS];
                j -= 1;
            }
            keys[j % SLOT_KEYS] = key;
            self.counts[i] = n as u8 + 1;
            self.occupied[i / 64] |= 1 << (i % 64);
            self.words |= 1 << (i / 64);
            i as u32
        } else {
            self.overflow.push_cold(key);
            IN_OVERFLOW
        }
    }

    /// Schedules `event` at `at`; returns its insertion sequence.
    pub fn schedule(&mut self, at: SimTime, event: Event) -> u64 {
        let (key, seq) = self.key(at, event);
        let place = self.place(key);
        // A new least key becomes the head at once; otherwise the head stands.
        if key < self.head.0 {
            self.head = (key, place);
        }
        seq
    }

    /// The first occupied slot at or after the cursor (the wheel is not empty).
    #[inline]
    fn first_occupied(&self) -> usize {
        const WORDS: u32 = (SLOTS / 64) as u32;
        let start = (self.cursor & SLOT_MASK) as usize;
        let w = start / 64;
        let bits = self.occupied[w] & (!0u64 << (start % 64));
        if bits != 0 {
            return w * 64 + bits.trailing_zeros() as usize;
        }
        // The next marked word after `w`, cyclically; `w` itself comes last,
        // as its bits below the cursor are the far end of the horizon.
        let doubled = (self.words as u64) | ((self.words as u64) << WORDS);
        let ahead = (doubled >> (w + 1)).trailing_zeros();
        debug_assert!(ahead < WORDS, "the wheel holds keys but no slot is marked");
        let next = (w + 1 + ahead as usize) % (SLOTS / 64);
        next * 64 + self.occupied[next].trailing_zeros() as usize
    }

    /// The least key and where it is ([`NO_KEY`] if none).
    #[inline(always)]
    fn find_head(&self) -> (u128, u32) {
        let wheel = if self.words != 0 {
            let i = self.first_occupied() % SLOTS;
            let last = (self.counts[i] as usize).wrapping_sub(1) % SLOT_KEYS;
            (self.slots[i][last], i as u32)
        } else {
            (NO_KEY, IN_OVERFLOW)
        };
        if self.overflow.top < wheel.0 {
            (self.overflow.top, IN_OVERFLOW)
        } else {
            wheel
        }
    }

    #[inline]
    pub fn peek(&self) -> Option<Scheduled> {
        (self.head.0 != NO_KEY).then(|| decode(self.head.0))
    }

    /// The next event's time; [`SimTime::NEVER`] if the queue is empty (an
    /// event at `NEVER` itself reads the same: the caller tells them apart
    /// with `peek` off its hot path).
    #[inline(always)]
    pub fn head_time(&self) -> SimTime {
        SimTime((self.head.0 >> 64) as u64)
    }

    /// The next event, which the caller knows is there (`head_time` below
    /// `NEVER`): `peek` without the empty test.
    #[inline(always)]
    pub fn head(&self) -> Scheduled {
        debug_assert!(self.head.0 != NO_KEY, "head of an empty queue");
        decode(self.head.0)
    }

    /// The channel whose head packet's arrival is the next event, if it is
    /// one: read off the head key's class and payload bits (an empty
    /// queue's key has class 3, so none), without decoding an [`Event`],
    /// whose variant match cost the event loop a dozen instructions.
    #[inline(always)]
    pub fn head_arrival(&self) -> Option<ChannelId> {
        const NOT_ARRIVAL: u64 = (3 << (SEQ_BITS + PAYLOAD_BITS)) | TX_DONE_BIT as u64;
        let low = self.head.0 as u64;
        (low & NOT_ARRIVAL == 0).then_some(ChannelId(low as u16))
    }

    /// Removes `next` (just returned by `peek`) and advances the clock to its
    /// time. If `again_at` is given, the same event is scheduled again then,
    /// in the same call (a channel's next head packet arrives).
    // Inlined into the event loop, its one hot caller: the call itself cost
    // about a tenth of it (register saves and restores).
    #[inline(always)]
    pub fn take(&mut self, next: &Scheduled, again_at: Option<SimTime>) {
        debug_assert_eq!(decode(self.head.0), *next, "take the peeked event");
        self.take_head(again_at);
    }

    /// [`EventQueue::take`] of the head, which the caller knows is there
    /// (`head_time` below `NEVER`), with no [`Scheduled`] decoded.
    #[inline(always)]
    pub fn take_head(&mut self, again_at: Option<SimTime>) {
        let (key, place) = self.head;
        // In release an empty take would only pop nothing from the heap.
        debug_assert!(key != NO_KEY, "take from an empty queue");
        let time = SimTime((key >> 64) as u64);
        debug_assert!(time >= self.now, "time went backwards");
        self.now = time;
        self.cursor = time.0 >> SLOT_SHIFT;
        if place == IN_OVERFLOW {
            self.overflow.pop_min();
        } else {
            let i = place as usize % SLOTS;
            // The head is the slot's last live key: dropping it moves nothing.
            let left = self.counts[i].wrapping_sub(1);
            self.counts[i] = left;
            if left == 0 {
                self.occupied[i / 64] &= !(1 << (i % 64));
                if self.occupied[i / 64] == 0 {
                    self.words &= !(1 << (i / 64));
                }
            }
        }
        if let Some(at) = again_at {
            let key = self.repeat_key(key, at);
            self.place(key);
        }
        self.head = self.find_head();
    }

    /// Removes the next event and advances the clock to its time.
    pub fn pop(&mut self) -> Option<Scheduled> {
        let next = self.peek()?;
        self.take(&next, None);
        Some(next)
    }

    pub fn len(&self) -> usize {
        self.counts.iter().map(|&n| n as usize).sum::<usize>() + self.overflow.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
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
mod tests;
