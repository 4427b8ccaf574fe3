//! Streaming a run's trace to exporters while it runs: the simulation hands
//! over the records that became final and forgets them, so memory does not
//! grow with the length of the run (a 100 s PERF-1 trace is over a gigabyte).

use super::RecordSink;
use crate::sim::Simulation;

/// Events per step between hand-overs: small enough that few records wait.
pub const EVENTS_PER_STEP: u64 = 1 << 14;

/// A write that failed, with the index of its sink.
#[derive(Debug)]
pub struct SinkError {
    pub sink: usize,
    pub error: std::io::Error,
}

/// Moves the trace records that became final from `sim` to every sink.
pub fn pump(sim: &mut Simulation, sinks: &mut [&mut dyn RecordSink]) -> Result<(), SinkError> {
    let (records, watermark) = sim.take_trace();
    for (i, sink) in sinks.iter_mut().enumerate() {
        sink.take(&records, watermark).map_err(|error| SinkError { sink: i, error })?;
    }
    Ok(())
}

/// Hands over the rest and flushes every sink: once the run is over, or
/// when it stops early (a budget, an interrupt), with what it got to.
pub fn finish(sim: &mut Simulation, sinks: &mut [&mut dyn RecordSink]) -> Result<(), SinkError> {
    let records = sim.take_remaining_trace();
    for (i, sink) in sinks.iter_mut().enumerate() {
        sink.take(&records, crate::time::SimTime::NEVER).map_err(|error| SinkError { sink: i, error })?;
    }
    for (i, sink) in sinks.iter_mut().enumerate() {
        sink.finish().map_err(|error| SinkError { sink: i, error })?;
    }
    Ok(())
}

/// Runs `sim` to its end, streaming its trace to `sinks`.
pub fn run(sim: &mut Simulation, sinks: &mut [&mut dyn RecordSink]) -> Result<(), SinkError> {
    while !sim.step(EVENTS_PER_STEP) {
        pump(sim, sinks)?;
    }
    finish(sim, sinks)
}
