//! Scheduled outages and handoffs: intervals `[from, to)` during which a
//! link carries nothing, once or repeating with a period.
//!
//! The schedule is known in advance, so a FIFO channel still fixes each
//! packet's passage when it admits it (see `passage.rs`). What "down" means
//! is the mode's:
//! - `Drop`: the sender keeps transmitting but nothing gets through: a packet
//!   is lost if any part of its passage, from the start of its transmission
//!   to the arrival of its last bit, falls in an outage. Packets waiting in
//!   the queue are served as usual, so those sent after the outage survive.
//! - `Hold`: the link stops and resumes: a packet being serialized when an
//!   outage begins pauses and finishes after it, waiting packets stay queued
//!   (the queue limit still applies) and packets already propagating arrive
//!   normally (a handoff with link-layer buffering, as M-TCP assumes).

use crate::time::{SimDuration, SimTime};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OutageMode {
    Drop,
    Hold,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outages {
    pub mode: OutageMode,
    /// Sorted, disjoint, non-empty `[from, to)` in nanoseconds; within
    /// `[0, period]` when periodic.
    intervals: Vec<(u64, u64)>,
    /// The schedule repeats every `period` nanoseconds.
    period: Option<u64>,
}

impl Outages {
    /// `intervals` must be sorted, disjoint and non-empty (the scenario
    /// checks it); a periodic schedule must leave the link up some time.
    pub fn new(mode: OutageMode, intervals: Vec<(u64, u64)>, period: Option<u64>) -> Outages {
        debug_assert!(intervals.windows(2).all(|w| w[0].1 <= w[1].0) && intervals.iter().all(|&(a, b)| a < b));
        debug_assert!(period.is_none_or(|p| intervals.iter().map(|&(a, b)| b - a).sum::<u64>() < p));
        Outages { mode, intervals, period }
    }

    /// The first outage that ends after `t`, in absolute time.
    fn first_ending_after(&self, t: u64) -> Option<(u64, u64)> {
        let first = |r: u64| self.intervals.partition_point(|&(_, to)| to <= r);
        match self.period {
            None => self.intervals.get(first(t)).copied(),
            Some(p) => {
                let (cycle, r) = (t / p, t % p);
                let (base, i) = match first(r) {
                    i if i < self.intervals.len() => (cycle * p, i),
                    _ => ((cycle + 1) * p, 0),
                };
                self.intervals.get(i).map(|&(a, b)| (base.saturating_add(a), base.saturating_add(b)))
            }
        }
    }

    /// Whether the link is down at `t`.
    pub fn is_down(&self, t: SimTime) -> bool {
        self.first_ending_after(t.0).is_some_and(|(from, _)| from <= t.0)
    }

    /// The first instant at or after `t` when the link is up.
    pub fn up_from(&self, t: SimTime) -> SimTime {
        let mut t = t.0;
        while let Some((from, to)) = self.first_ending_after(t) {
            if from > t {
                break;
            }
            t = to;
        }
        SimTime(t)
    }

    /// Hold: when `work` started at `start` ends, pausing during outages.
    pub fn finish(&self, start: SimTime, work: SimDuration) -> SimTime {
        let mut t = self.up_from(start).0;
        let mut left = work.0;
        while let Some((from, to)) = self.first_ending_after(t) {
            if t.saturating_add(left) <= from {
                break;
            }
            left -= from - t;
            t = self.up_from(SimTime(to)).0;
        }
        SimTime(t.saturating_add(left))
    }

    /// Drop: whether `[from, to)` meets an outage.
    pub fn overlaps(&self, from: SimTime, to: SimTime) -> bool {
        self.first_ending_after(from.0).is_some_and(|(start, _)| start < to.0)
    }

    /// The first outage starting at or after `t`: its start and length.
    pub fn next_start(&self, t: SimTime) -> Option<(SimTime, SimDuration)> {
        let first = |r: u64| self.intervals.partition_point(|&(from, _)| from < r);
        let (base, i) = match self.period {
            None => (0, first(t.0)),
            Some(p) => match first(t.0 % p) {
                i if i < self.intervals.len() => (t.0 / p * p, i),
                _ => ((t.0 / p + 1) * p, 0),
            },
        };
        self.intervals.get(i).map(|&(a, b)| (SimTime(base.saturating_add(a)), SimDuration(b - a)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: u64 = 1_000_000;

    fn once() -> Outages {
        // Down over [10, 20) ms and [30, 35) ms.
        Outages::new(OutageMode::Hold, vec![(10 * MS, 20 * MS), (30 * MS, 35 * MS)], None)
    }

    #[test]
    fn up_from_skips_to_the_end_of_the_covering_outage() {
        let o = once();
        assert_eq!(o.up_from(SimTime(5 * MS)), SimTime(5 * MS));
        assert_eq!(o.up_from(SimTime(10 * MS)), SimTime(20 * MS));
        assert_eq!(o.up_from(SimTime(20 * MS)), SimTime(20 * MS), "[from, to): up again at `to`");
        assert_eq!(o.up_from(SimTime(34 * MS)), SimTime(35 * MS));
        assert_eq!(o.up_from(SimTime(99 * MS)), SimTime(99 * MS));
        assert!(o.is_down(SimTime(10 * MS)) && !o.is_down(SimTime(20 * MS)));
    }

    #[test]
    fn held_work_pauses_across_outages() {
        let o = once();
        // 8 ms of work from 5 ms: 5 ms before the outage, 3 ms after it, ends at 23 ms.
        assert_eq!(o.finish(SimTime(5 * MS), SimDuration(8 * MS)), SimTime(23 * MS));
        // Work that ends exactly as an outage begins is not delayed.
        assert_eq!(o.finish(SimTime(5 * MS), SimDuration(5 * MS)), SimTime(10 * MS));
        // 20 ms of work from 5 ms spans both outages: 5 + 10 + 5 busy, ends at 40 ms.
        assert_eq!(o.finish(SimTime(5 * MS), SimDuration(20 * MS)), SimTime(40 * MS));
        // Starting inside an outage waits for its end.
        assert_eq!(o.finish(SimTime(12 * MS), SimDuration(MS)), SimTime(21 * MS));
    }

    #[test]
    fn a_passage_is_lost_if_it_meets_an_outage() {
        let o = once();
        assert!(!o.overlaps(SimTime(0), SimTime(10 * MS)), "arrives as the outage begins");
        assert!(o.overlaps(SimTime(0), SimTime(10 * MS + 1)));
        assert!(o.overlaps(SimTime(15 * MS), SimTime(16 * MS)));
        assert!(!o.overlaps(SimTime(20 * MS), SimTime(30 * MS)));
        assert!(o.overlaps(SimTime(19 * MS), SimTime(40 * MS)));
    }

    #[test]
    fn periodic_schedules_repeat() {
        // Down [90, 100) ms of every 100 ms: a handoff every 0.1 s lasting 10 ms.
        let o = Outages::new(OutageMode::Drop, vec![(90 * MS, 100 * MS)], Some(100 * MS));
        assert_eq!(o.up_from(SimTime(195 * MS)), SimTime(200 * MS));
        assert_eq!(o.finish(SimTime(185 * MS), SimDuration(10 * MS)), SimTime(205 * MS));
        assert!(o.overlaps(SimTime(289 * MS), SimTime(290 * MS + 1)));
        assert!(!o.overlaps(SimTime(200 * MS), SimTime(290 * MS)));
        assert_eq!(o.next_start(SimTime(91 * MS)), Some((SimTime(190 * MS), SimDuration(10 * MS))));
        assert_eq!(o.next_start(SimTime(190 * MS)), Some((SimTime(190 * MS), SimDuration(10 * MS))));
        assert_eq!(once().next_start(SimTime(11 * MS)), Some((SimTime(30 * MS), SimDuration(5 * MS))));
        assert_eq!(once().next_start(SimTime(31 * MS)), None);
    }
}
