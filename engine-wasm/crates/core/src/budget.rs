//! Runs within a budget: a shared link or a file may ask for a day of
//! simulated 10 Gbit/s traffic. A run stops after an event budget, or when
//! its caller says so (a wall-clock budget, an interrupt: the core reads no
//! clock), and leaves the simulation as it was at that point, so its summary
//! is the partial result and the run can go on later.

use crate::Simulation;

/// Events processed between two calls of the caller's stop check: a few
/// milliseconds of work, so an interrupt is seen well within a second.
pub const CHECK_EVERY: u64 = 20_000;

/// Generous defaults: every shipped scenario runs well within them
/// (PERF-1, the largest, takes about 1.6 * 10^7 events).
pub const DEFAULT_MAX_EVENTS: u64 = 1_000_000_000;
pub const DEFAULT_MAX_WALL_S: f64 = 600.0;

/// Why a run stopped.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RunOutcome {
    /// The run reached its end.
    Finished,
    /// `max_events` events were processed first.
    EventBudget,
    /// The caller's check asked to stop (its own budget or an interrupt).
    Stopped,
}

impl Simulation {
    /// Runs until the end, until `max_events` events in total have been
    /// processed, or until `stop` (called every [`CHECK_EVERY`] events with
    /// the simulation) returns true. The simulation stays usable: a later
    /// call with a larger budget goes on where this one stopped, and the run
    /// is the same as one made in a single call.
    pub fn run_within(&mut self, max_events: u64, mut stop: impl FnMut(&mut Simulation) -> bool) -> RunOutcome {
        loop {
            let left = max_events.saturating_sub(self.events());
            if left == 0 && !self.is_finished() {
                return RunOutcome::EventBudget;
            }
            if self.step(left.min(CHECK_EVERY)) {
                return RunOutcome::Finished;
            }
            if stop(self) {
                return RunOutcome::Stopped;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{prepare, Format, Recording};

    fn sim() -> Simulation {
        let text = crate::scenario::TWO_NODES.replace("10s", "60s");
        prepare(&text, Format::Toml, &[], Recording::Summary).unwrap().1
    }

    #[test]
    fn an_event_budget_stops_the_run_and_a_larger_one_goes_on_to_the_same_end() {
        let mut whole = sim();
        whole.run();
        let mut parts = sim();
        assert_eq!(parts.run_within(10_000, |_| false), RunOutcome::EventBudget);
        assert_eq!(parts.events(), 10_000);
        assert!(parts.now() < parts.end());
        assert_eq!(parts.run_within(u64::MAX, |_| false), RunOutcome::Finished);
        assert_eq!(parts.summary(), whole.summary());
    }

    #[test]
    fn the_callers_check_stops_the_run_between_slices() {
        let text = crate::scenario::TWO_NODES.replace("10s", "3600s");
        let mut s = prepare(&text, Format::Toml, &[], Recording::Summary).unwrap().1;
        let mut checks = 0;
        assert_eq!(s.run_within(u64::MAX, |_| { checks += 1; checks == 2 }), RunOutcome::Stopped);
        assert!(s.events() <= 2 * CHECK_EVERY && !s.is_finished());
    }
}
