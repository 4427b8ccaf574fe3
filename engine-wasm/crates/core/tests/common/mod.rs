//! Helpers shared by the scenario-level tests: load a shipped scenario,
//! apply `--set`-style overrides, run it, look up a series.
#![allow(dead_code)] // each test crate uses some of them

pub mod owd_truth;

use ackscope_engine::record::{FlowSummary, Recording, Summary};
use ackscope_engine::{prepare, Format, Override, Simulation};
use std::path::{Path, PathBuf};

/// `rel` below the repository's scenarios/ folder.
pub fn scenario_path(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../scenarios").join(rel)
}

pub fn scenario_text(rel: &str) -> String {
    let path = scenario_path(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `path=value` strings as overrides.
pub fn overrides<S: AsRef<str>>(sets: &[S]) -> Vec<Override> {
    sets.iter().map(|s| Override::parse(s.as_ref()).unwrap()).collect()
}

/// A scenario text with overrides, ready to run.
pub fn build_text(text: &str, overrides: &[Override], recording: Recording) -> Simulation {
    prepare(text, Format::Toml, overrides, recording).unwrap_or_else(|e| panic!("{e}")).1
}

/// A scenario text run to its end.
pub fn run_overrides(text: &str, overrides: &[Override], recording: Recording) -> Simulation {
    let mut sim = build_text(text, overrides, recording);
    sim.run();
    sim
}

pub fn run_text(text: &str, sets: &[&str], recording: Recording) -> Simulation {
    run_overrides(text, &overrides(sets), recording)
}

/// The shipped scenario `rel` (below scenarios/) run to its end.
pub fn run(rel: &str, sets: &[&str], recording: Recording) -> Simulation {
    run_text(&scenario_text(rel), sets, recording)
}

/// A series' times (ns) and values, by its full name.
pub fn series<'a>(sim: &'a Simulation, name: &str) -> (&'a [u64], &'a [f64]) {
    let s = sim.series().all().iter().find(|s| s.info.name == name).unwrap_or_else(|| panic!("no series {name}"));
    (&s.t_ns, &s.values)
}

/// A series as (time ns, value) points.
pub fn points(sim: &Simulation, name: &str) -> Vec<(u64, f64)> {
    let (t, v) = series(sim, name);
    t.iter().copied().zip(v.iter().copied()).collect()
}

pub fn flow<'a>(s: &'a Summary, id: &str) -> &'a FlowSummary {
    s.flows.iter().find(|f| f.id == id).unwrap_or_else(|| panic!("no flow {id}"))
}
