//! Bounds on one run from the command line: an event budget, a wall-clock
//! budget, SIGINT/SIGTERM, and a progress bar when stderr is a terminal.
//! The run loop checks them every few milliseconds and returns normally, so
//! the summary so far is printed and every file being written is flushed.

use ackscope_engine::budget::{DEFAULT_MAX_EVENTS, DEFAULT_MAX_WALL_S};
use ackscope_engine::scenario::units::Dur;
use ackscope_engine::{FieldError, RunOutcome, ScenarioErrors, Simulation};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Set by SIGINT or SIGTERM.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Installs the handler once: the first signal asks the run to stop and
/// print what it has; a second one ends the process at once.
pub fn install_interrupt_handler() {
    let _ = ctrlc::set_handler(|| {
        if INTERRUPTED.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    });
}

pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

#[derive(Clone, Copy, Debug)]
pub struct Budget {
    pub max_events: u64,
    pub max_wall: Duration,
}

impl Budget {
    /// From the `--max-events` and `--max-wall` flags, defaults where absent.
    pub fn from_flags(max_events: Option<&str>, max_wall: Option<&str>) -> Result<Budget, ScenarioErrors> {
        let mut errors = vec![];
        let events = match max_events {
            None => DEFAULT_MAX_EVENTS,
            Some(t) => match t.trim().replace('_', "").parse::<u64>() {
                Ok(n) if n > 0 => n,
                _ => {
                    errors.push(FieldError::new("--max-events", format!("invalid count \"{t}\""), "a whole number above 0, e.g. 100000000"));
                    0
                }
            },
        };
        let wall = match max_wall {
            None => Duration::from_secs_f64(DEFAULT_MAX_WALL_S),
            Some(t) => match Dur::parse(t) {
                Ok(d) if d.0 > 0 => Duration::from_nanos(d.0),
                _ => {
                    errors.push(FieldError::new("--max-wall", format!("invalid duration \"{t}\""), "a wall-clock time above 0, e.g. 60s or 10min"));
                    Duration::ZERO
                }
            },
        };
        if errors.is_empty() {
            Ok(Budget { max_events: events, max_wall: wall })
        } else {
            Err(ScenarioErrors(errors))
        }
    }
}

/// Why a run ended before its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    MaxEvents,
    MaxWall,
    Interrupted,
}

impl Stop {
    pub fn reason(self) -> &'static str {
        match self {
            Stop::MaxEvents => "max-events",
            Stop::MaxWall => "max-wall",
            Stop::Interrupted => "interrupted",
        }
    }
}

/// A progress bar on stderr, only when it is a terminal and the run lasts.
pub struct Progress(Option<ProgressBar>);

impl Progress {
    pub fn new(len: u64, what: &str) -> Progress {
        if !std::io::stderr().is_terminal() {
            return Progress(None);
        }
        let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
        let style = ProgressStyle::with_template(&format!("{what} {{bar:40}} {{percent}}% {{msg}} (eta {{eta}})"))
            .unwrap_or_else(|_| ProgressStyle::default_bar());
        bar.set_style(style);
        Progress(Some(bar))
    }

    pub fn set(&self, pos: u64) {
        if let Some(bar) = &self.0 {
            bar.set_position(pos);
        }
    }

    pub fn finish(&self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}

/// Runs `sim` within `budget`, with a progress bar; `None` if it reached its end.
pub fn run(sim: &mut Simulation, budget: Budget, mut between: impl FnMut(&mut Simulation) -> bool) -> Option<Stop> {
    let started = Instant::now();
    let progress = Progress::new(1000, "run");
    let mut wall_hit = false;
    let outcome = sim.run_within(budget.max_events, |s| {
        progress.set((s.progress() * 1000.0) as u64);
        wall_hit = started.elapsed() >= budget.max_wall;
        // `between` (writing the trace so far) says whether to go on.
        !between(s) || wall_hit || interrupted()
    });
    progress.finish();
    match outcome {
        RunOutcome::Finished => None,
        RunOutcome::EventBudget => Some(Stop::MaxEvents),
        RunOutcome::Stopped if wall_hit => Some(Stop::MaxWall),
        RunOutcome::Stopped => Some(Stop::Interrupted),
    }
}

/// The line on stderr for a run that stopped early, in `path: problem (allowed: ...)` form.
pub fn stop_message(stop: Stop, sim: &Simulation, budget: Budget) -> String {
    let at = format!("at {:.3} s of {:.3} s simulated, after {} events", sim.now().as_secs_f64(), sim.end().as_secs_f64(), sim.events());
    match stop {
        Stop::MaxEvents => FieldError::new(
            "--max-events",
            format!("the run reached its budget of {} events {at}; the summary so far is printed, marked partial", budget.max_events),
            format!("a larger budget, e.g. --max-events {}", budget.max_events.saturating_mul(10)),
        ),
        Stop::MaxWall => FieldError::new(
            "--max-wall",
            format!("the run reached its wall-clock budget of {:.1} s {at}; the summary so far is printed, marked partial", budget.max_wall.as_secs_f64()),
            format!("a longer budget, e.g. --max-wall {}s", (budget.max_wall.as_secs_f64() * 10.0).ceil()),
        ),
        Stop::Interrupted => FieldError::new(
            "run",
            format!("interrupted {at}; the summary so far is printed, marked interrupted"),
            "let the run finish, or lower --duration",
        ),
    }
    .to_string()
}
