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

/// Random schedules (some after a peek) and pops, near and far beyond
/// the wheel's horizon and many at one instant, pop in exactly the order
/// of a sorted set.
#[test]
fn the_wheel_pops_in_key_order_like_a_sorted_set() {
    let mut rng = crate::rng::RandomStream::for_entity(7, "wheel");
    let horizon = (SLOTS as u64) << SLOT_SHIFT;
    let mut q = EventQueue::new();
    let mut reference = std::collections::BTreeSet::new();
    let mut popped = 0;
    for round in 0..20_000u32 {
        let now = q.now().0;
        if rng.next_u64() % 3 != 0 || reference.is_empty() {
            // A peeked head must give way to a smaller key scheduled after it.
            if round % 4 == 0 {
                q.peek();
            }
            let ahead = match rng.next_u64() % 10 {
                0 => 0,
                1 => rng.next_u64() % 4 * horizon + rng.next_u64() % horizon,
                2 => horizon - 1 - rng.next_u64() % 8,
                _ => rng.next_u64() % (1 << 16),
            };
            let event = match round % 3 {
                0 => Event::ChannelArrival(ChannelId(round as u16 % 50)),
                1 => Event::Timer(TimerId(round)),
                _ => Event::ChannelTxDone(ChannelId(round as u16 % 7)),
            };
            let seq = q.schedule(SimTime(now + ahead), event);
            reference.insert(encode(SimTime(now + ahead), event, seq));
        } else {
            let expected = decode(reference.pop_first().unwrap());
            assert_eq!(q.pop(), Some(expected), "pop {popped}");
            popped += 1;
        }
        assert_eq!(q.len(), reference.len());
    }
    while let Some(k) = reference.pop_first() {
        assert_eq!(q.pop(), Some(decode(k)));
    }
    assert!(q.is_empty() && popped > 5_000);
}

/// The head kept across takes: an emptied queue (wheel and overflow)
/// peeks nothing, then takes new events, far and near, in order.
#[test]
fn an_emptied_queue_takes_new_events_in_order() {
    let mut q = EventQueue::new();
    q.schedule(SimTime(1 << 30), Event::Timer(TimerId(0)));
    q.schedule(SimTime(50), Event::ChannelArrival(ChannelId(0)));
    assert_eq!(q.pop().map(|s| s.time), Some(SimTime(50)));
    assert_eq!(q.pop().map(|s| s.time), Some(SimTime(1 << 30)));
    assert_eq!((q.peek(), q.len()), (None, 0));
    q.schedule(SimTime(1 << 31), Event::AppStart(FlowId(1)));
    q.schedule(SimTime((1 << 30) + 7), Event::ChannelArrival(ChannelId(3)));
    assert_eq!(q.len(), 2);
    let order: Vec<Event> = std::iter::from_fn(|| q.pop().map(|s| s.event)).collect();
    assert_eq!(order, vec![Event::ChannelArrival(ChannelId(3)), Event::AppStart(FlowId(1))]);
    assert!(q.is_empty());
}

#[test]
fn a_successor_earlier_than_the_next_event_runs_first() {
    let mut q = EventQueue::new();
    q.schedule(SimTime(1 << 40), Event::Timer(TimerId(0)));
    q.schedule(SimTime(100), Event::ChannelArrival(ChannelId(0)));
    let first = q.peek().unwrap();
    q.take(&first, Some(SimTime(100)));
    assert_eq!(q.peek().map(|s| (s.time, s.event, s.seq)), Some((SimTime(100), Event::ChannelArrival(ChannelId(0)), 2)));
    q.pop();
    assert_eq!(q.pop().map(|s| s.time), Some(SimTime(1 << 40)));
    assert_eq!(q.pop(), None);
}

fn fire_times(q: &mut EventQueue, timers: &mut TimerTable) -> Vec<u64> {
    let mut fired = vec![];
    while let Some(Scheduled { time, event: Event::Timer(timer), seq, .. }) = q.pop() {
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
    q.take(&first, Some(first.time + crate::time::SimDuration(5)));
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
        assert_eq!((s.time, s.event, s.seq, s.code), (SimTime(u64::MAX - 1), event, 123_456, event.code()));
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

/// One step of a random schedule: schedule an event some time ahead (0:
/// now, 1: within a slot, 2: within the horizon, 3: at its far edge, 4:
/// beyond it), pop the next one, or take it and schedule the same event again
/// some time ahead (as a channel does with its next arrival), whatever its class.
#[derive(Clone, Debug)]
enum Op {
    Schedule { ahead: (u8, u64), kind: u8, id: u16 },
    Pop,
    TakeAgain { ahead: (u8, u64) },
}

fn ahead_ns((range, x): (u8, u64)) -> u64 {
    let horizon = (SLOTS as u64) << SLOT_SHIFT;
    match range {
        0 => 0,
        1 => x % (1 << SLOT_SHIFT),
        2 => x % horizon,
        3 => horizon - 1 - x % 8,
        _ => horizon + x % (4 * horizon),
    }
}

fn op() -> impl proptest::strategy::Strategy<Value = Op> {
    use proptest::prelude::*;
    let ahead = (0u8..5, any::<u64>());
    prop_oneof![
        4 => (ahead.clone(), 0u8..4, 0u16..40).prop_map(|(ahead, kind, id)| Op::Schedule { ahead, kind, id }),
        2 => Just(Op::Pop),
        2 => ahead.prop_map(|ahead| Op::TakeAgain { ahead }),
    ]
}

/// The plain reference: a binary heap of (time, class, insertion sequence).
type Reference = BinaryHeap<Reverse<(u64, EventClass, u64, u32)>>;

fn reference_push(reference: &mut Reference, at: SimTime, event: Event, seq: u64) {
    reference.push(Reverse((at.0, event.class(), seq, event.payload())));
}

/// Takes the queue's next event and checks it is the reference's.
/// `again`: the taken event happens again that far after it.
fn check_next(q: &mut EventQueue, reference: &mut Reference, again: Option<u64>) -> Result<(), String> {
    let got = q.peek();
    let want = reference.pop().map(|Reverse(k)| k);
    let got_key = got.map(|s| (s.time.0, s.event.class(), s.seq, s.event.payload()));
    if got_key != want {
        return Err(format!("queue gave {got_key:?}, reference {want:?}"));
    }
    if let Some(next) = got {
        let seq = q.next_seq;
        let again_at = again.map(|ahead| SimTime(next.time.0 + ahead));
        q.take(&next, again_at);
        if let Some(at) = again_at {
            reference_push(reference, at, next.event, seq);
        }
        if next.code != next.event.code() {
            return Err(format!("code {:x} of {:?}", next.code, next.event));
        }
    }
    Ok(())
}

fn run_ops(ops: &[Op]) -> Result<(), String> {
    let mut q = EventQueue::new();
    let mut reference = Reference::new();
    for op in ops {
        let now = q.now();
        match *op {
            Op::Schedule { ahead, kind, id } => {
                let event = match kind {
                    0 => Event::ChannelArrival(ChannelId(id)),
                    1 => Event::ChannelTxDone(ChannelId(id)),
                    2 => Event::Timer(TimerId(id as u32)),
                    _ => Event::AppStart(FlowId(id)),
                };
                let at = SimTime(now.0 + ahead_ns(ahead));
                let seq = q.schedule(at, event);
                reference_push(&mut reference, at, event, seq);
            }
            Op::Pop => check_next(&mut q, &mut reference, None)?,
            Op::TakeAgain { ahead } => {
                check_next(&mut q, &mut reference, Some(ahead_ns(ahead)))?;
            }
        }
        if q.len() != reference.len() {
            return Err(format!("queue holds {}, reference {}", q.len(), reference.len()));
        }
    }
    while !reference.is_empty() {
        check_next(&mut q, &mut reference, None)?;
    }
    if q.peek().is_some() || !q.is_empty() {
        return Err("the queue outlasts the reference".into());
    }
    Ok(())
}

proptest::proptest! {
    #![proptest_config(proptest::test_runner::Config::with_cases(300))]

    /// Whatever the schedule (ties at one instant, full slots, timers and far
    /// events, successors), events leave in (time, class, insertion sequence)
    /// order.
    #[test]
    fn events_leave_in_the_order_of_a_plain_heap(ops in proptest::collection::vec(op(), 1..400)) {
        run_ops(&ops).map_err(proptest::test_runner::TestCaseError::fail)?;
    }
}
