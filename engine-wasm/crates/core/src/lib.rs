//! Ackscope's simulation engine: a deterministic discrete-event simulator of
//! TCP over wired, wireless, satellite and asymmetric links.
//!
//! A scenario ([`scenario`]) is resolved and built into a [`sim::Simulation`];
//! running it yields series, a packet trace and a summary ([`record`]). Time
//! is integer nanoseconds and randomness comes from per-entity seeded
//! streams, so a scenario and seed give the same run bit for bit, natively
//! and in WebAssembly.

#![forbid(unsafe_code)]

pub mod agent;
pub mod app;
pub mod budget;
pub mod export;
pub mod ids;
pub mod kernel;
pub mod middlebox;
pub mod net;
pub mod packet;
pub mod record;
pub mod rng;
pub mod scenario;
pub mod sim;
pub mod sweep;
pub mod tcp;
pub mod time;
pub mod topo;
pub mod udp;

pub use record::{Recording, Summary};
pub use scenario::{FieldError, Format, Override, Scenario, ScenarioErrors};
pub use sim::Simulation;
pub use budget::RunOutcome;

/// Loads, validates and builds a scenario, ready to run.
pub fn prepare(text: &str, format: Format, overrides: &[Override], recording: Recording) -> Result<(Scenario, Simulation), ScenarioErrors> {
    let (scenario, resolved) = scenario::load(text, format, overrides)?;
    let sim = Simulation::new(&resolved, recording);
    Ok((scenario, sim))
}
