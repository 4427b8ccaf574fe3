//! The event queue and its total order.
//!
//! Events run in the order of the key `(time, class, insertion sequence)`:
//! earlier time first; at equal times packet arrivals before timers before
//! application actions; within one class, in the order they were scheduled.
//! The order is total, so a run depends on nothing but its scenario and seed.
//! Time never goes backwards: scheduling in the past is a bug and asserted.
//!
//! Timers are lazy, so re-arming one (as TCP does on every ACK) costs no heap
//! work: a heap entry fires at the earliest deadline it was armed for and,
//! if the deadline has since moved later, re-arms itself there.

use crate::ids::{AgentId, ChannelId, FlowId, TimerId};
use crate::time::SimTime;
use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// Everything that can happen, as one typed enum (never boxed closures).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The head packet of a channel has fully arrived at the far end.
    ChannelArrival(ChannelId),
    /// A timer heap entry; stale when `generation` no longer matches its slot.
    Timer { timer: TimerId, generation: u32 },
    /// A flow's application starts.
    AppStart(FlowId),
}

/// Tie-break among events at the same instant, lowest first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[repr(u8)]
pub enum EventClass {
    PacketArrival = 0,
    Timer = 1,
    Application = 2,
}

impl Event {
    pub fn class(&self) -> EventClass {
        match self {
            Event::ChannelArrival(_) => EventClass::PacketArrival,
            Event::Timer { .. } => EventClass::Timer,
            Event::AppStart(_) => EventClass::Application,
        }
    }

    /// A compact code for digests.
    pub fn code(&self) -> u64 {
        match *self {
            Event::ChannelArrival(c) => c.0 as u64,
            Event::Timer { timer, .. } => (1 << 32) | timer.0 as u64,
            Event::AppStart(f) => (2 << 32) | f.0 as u64,
        }
    }
}

struct Entry {
    /// time (64 bits) | class (8 bits) | insertion sequence (56 bits).
    key: u128,
    event: Event,
}

impl PartialEq for Entry {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}
impl Eq for Entry {}
impl PartialOrd for Entry {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Entry {
    // Reversed: BinaryHeap is a max-heap and we want the smallest key.
    fn cmp(&self, other: &Self) -> Ordering {
        other.key.cmp(&self.key)
    }
}

/// The pending events, ordered by `(time, class, insertion sequence)`.
pub struct EventQueue {
    heap: BinaryHeap<Entry>,
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
        EventQueue { heap: BinaryHeap::with_capacity(256), next_seq: 0, now: SimTime::ZERO }
    }

    pub fn now(&self) -> SimTime {
        self.now
    }

    pub fn schedule(&mut self, at: SimTime, event: Event) {
        assert!(at >= self.now, "event scheduled in the past: {at:?} < {:?}", self.now);
        let key = ((at.0 as u128) << 64)
            | ((event.class() as u128) << 56)
            | (self.next_seq as u128 & ((1u128 << 56) - 1));
        self.next_seq += 1;
        self.heap.push(Entry { key, event });
    }

    pub fn peek_time(&self) -> Option<SimTime> {
        self.heap.peek().map(|e| SimTime((e.key >> 64) as u64))
    }

    /// Removes the next event and advances the clock to its time.
    pub fn pop(&mut self) -> Option<(SimTime, Event)> {
        let entry = self.heap.pop()?;
        let at = SimTime((entry.key >> 64) as u64);
        debug_assert!(at >= self.now, "time went backwards");
        self.now = at;
        Some((at, entry.event))
    }

    pub fn len(&self) -> usize {
        self.heap.len()
    }

    pub fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }
}

/// One timer: the deadline its owner wants and the heap entry serving it.
#[derive(Clone, Debug)]
struct TimerSlot {
    owner: AgentId,
    kind: u8,
    deadline: Option<SimTime>,
    /// Time of the live heap entry, if any.
    scheduled: Option<SimTime>,
    generation: u32,
}

/// What a popped timer entry means.
pub enum TimerFiring {
    /// Deliver `kind` to `owner`.
    Fire { owner: AgentId, kind: u8 },
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
    pub fn create(&mut self, owner: AgentId, kind: u8) -> TimerId {
        self.slots.push(TimerSlot { owner, kind, deadline: None, scheduled: None, generation: 0 });
        TimerId(self.slots.len() as u32 - 1)
    }

    pub fn deadline(&self, id: TimerId) -> Option<SimTime> {
        self.slots[id.0 as usize].deadline
    }

    /// Arms (or re-arms) the timer to fire at `at`.
    pub fn set(&mut self, queue: &mut EventQueue, id: TimerId, at: SimTime) {
        let slot = &mut self.slots[id.0 as usize];
        slot.deadline = Some(at);
        match slot.scheduled {
            // The live entry fires no later than `at`; it will re-arm itself.
            Some(t) if t <= at => {}
            _ => {
                slot.generation = slot.generation.wrapping_add(1);
                slot.scheduled = Some(at);
                queue.schedule(at, Event::Timer { timer: id, generation: slot.generation });
            }
        }
    }

    pub fn cancel(&mut self, id: TimerId) {
        self.slots[id.0 as usize].deadline = None;
    }

    /// Handles a popped timer entry at `now`.
    pub fn on_pop(
        &mut self,
        queue: &mut EventQueue,
        id: TimerId,
        generation: u32,
        now: SimTime,
    ) -> TimerFiring {
        let slot = &mut self.slots[id.0 as usize];
        if slot.generation != generation {
            return TimerFiring::Nothing;
        }
        slot.scheduled = None;
        match slot.deadline {
            Some(d) if d <= now => {
                slot.deadline = None;
                TimerFiring::Fire { owner: slot.owner, kind: slot.kind }
            }
            Some(d) => {
                slot.generation = slot.generation.wrapping_add(1);
                slot.scheduled = Some(d);
                queue.schedule(d, Event::Timer { timer: id, generation: slot.generation });
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
        q.schedule(t, Event::Timer { timer: TimerId(0), generation: 0 });
        q.schedule(t, Event::ChannelArrival(ChannelId(2)));
        q.schedule(t, Event::ChannelArrival(ChannelId(1)));
        q.schedule(SimTime(4), Event::AppStart(FlowId(9)));
        let order: Vec<Event> = std::iter::from_fn(|| q.pop().map(|(_, e)| e)).collect();
        assert_eq!(
            order,
            vec![
                Event::AppStart(FlowId(9)),
                Event::ChannelArrival(ChannelId(2)),
                Event::ChannelArrival(ChannelId(1)),
                Event::Timer { timer: TimerId(0), generation: 0 },
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
        while let Some((now, Event::Timer { timer, generation })) = q.pop() {
            if let TimerFiring::Fire { .. } = timers.on_pop(q, timer, generation, now) {
                fired.push(now.0);
            }
        }
        fired
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
