//! The measurement window: receiver counters snapshotted at its edges.

use crate::time::SimTime;

/// (delivered in order, received) bytes of one flow's receiver.
pub(super) type Counters = (u64, u64);

/// Receiver counters (delivered, received bytes) of every flow at the edges
/// of the measurement window `[from, to)`: taken before the first event at or
/// after each edge, as a measurement scheduled there in ns-2 would be.
pub(super) struct Measurement {
    pub(super) from: SimTime,
    pub(super) to: SimTime,
    at_from: Option<Vec<Counters>>,
    at_to: Option<Vec<Counters>>,
}

impl Measurement {
    pub(super) fn new(from: SimTime, to: SimTime) -> Self {
        Measurement { from, to, at_from: None, at_to: None }
    }

    /// Whether an event at `time` must first snapshot the counters.
    #[inline]
    pub(super) fn is_due(&self, time: SimTime) -> bool {
        (self.at_from.is_none() && time >= self.from) || (self.at_to.is_none() && time >= self.to)
    }

    /// The earliest edge not taken yet ([`SimTime::NEVER`] once both are):
    /// `is_due(time)` is `time >= next_due()`.
    pub(super) fn next_due(&self) -> SimTime {
        let from = if self.at_from.is_none() { self.from } else { SimTime::NEVER };
        let to = if self.at_to.is_none() { self.to } else { SimTime::NEVER };
        from.min(to)
    }

    /// Snapshots `counters` at the edges `time` has reached and not taken yet.
    pub(super) fn take(&mut self, time: SimTime, counters: impl FnOnce() -> Vec<Counters>) {
        if !self.is_due(time) {
            return;
        }
        let counters = counters();
        if self.at_from.is_none() && time >= self.from {
            self.at_from = Some(counters.clone());
        }
        if self.at_to.is_none() && time >= self.to {
            self.at_to = Some(counters);
        }
    }

    /// Flow `i`'s counts over the window, given its `totals` now (an edge not
    /// reached yet counts as now), and the window's length in seconds.
    pub(super) fn window(&self, i: usize, totals: Counters) -> (Counters, f64) {
        let edge = |snap: &Option<Vec<Counters>>| snap.as_ref().map_or(totals, |v| v[i]);
        let (a, b) = (edge(&self.at_from), edge(&self.at_to));
        ((b.0 - a.0, b.1 - a.1), self.to.since(self.from).as_secs_f64())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edges_are_taken_once_at_the_first_event_at_or_after_them() {
        let mut m = Measurement::new(SimTime(100), SimTime(300));
        let mut calls = 0;
        m.take(SimTime(99), || unreachable!("not due before the window"));
        m.take(SimTime(150), || {
            calls += 1;
            vec![(10, 12)]
        });
        assert!(!m.is_due(SimTime(200)), "the start edge is taken once");
        m.take(SimTime(400), || {
            calls += 1;
            vec![(50, 60)]
        });
        assert_eq!(calls, 2);
        assert_eq!(m.window(0, (99, 99)), ((40, 48), 200e-9));
    }

    #[test]
    fn an_unreached_edge_counts_as_now() {
        let mut m = Measurement::new(SimTime(100), SimTime(300));
        assert_eq!(m.window(0, (7, 8)), ((0, 0), 200e-9));
        m.take(SimTime(100), || vec![(3, 4), (1, 1)]);
        assert_eq!(m.window(1, (6, 9)), ((5, 8), 200e-9));
    }

    #[test]
    fn one_event_past_both_edges_takes_both() {
        let mut m = Measurement::new(SimTime(10), SimTime(20));
        m.take(SimTime::NEVER, || vec![(5, 5)]);
        assert!(!m.is_due(SimTime::NEVER));
        assert_eq!(m.window(0, (9, 9)).0, (0, 0));
    }

    #[test]
    fn the_next_due_time_is_where_is_due_turns_true() {
        let mut m = Measurement::new(SimTime(100), SimTime(300));
        let mut dues = vec![m.next_due()];
        m.take(SimTime(150), || vec![(1, 1)]);
        dues.push(m.next_due());
        m.take(SimTime(300), || vec![(2, 2)]);
        dues.push(m.next_due());
        assert_eq!(dues, [SimTime(100), SimTime(300), SimTime::NEVER]);
        let m = Measurement::new(SimTime(100), SimTime(300));
        for t in [0, 99, 100, 101, 299, 300, 301] {
            assert_eq!(m.is_due(SimTime(t)), SimTime(t) >= m.next_due(), "{t}");
        }
    }
}
