//! The engine for JavaScript: one `Engine` class run in bounded slices, plus
//! scenario validation. Structured data crosses as JSON text (types generated
//! from the same Rust types), bulk data as typed arrays copied out of wasm
//! memory so the worker can transfer them. Time crosses as f64 milliseconds.

use ackscope_engine::record::{Recording, SeriesStore};
use ackscope_engine::scenario::{self, Format, Override, Scenario};
use ackscope_engine::Simulation;
use js_sys::{Float64Array, Uint16Array, Uint32Array, Uint8Array};
use serde::Serialize;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

mod export;
mod parsed_cache;
mod sweep_points;
pub use export::{series_vocabulary_json, trace_vocabulary_json, Exporter};

thread_local! {
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = console, js_name = error)]
    fn console_error(message: &str);
}

/// Keeps a panic's message so the worker can report it after the trap.
#[wasm_bindgen(start)]
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let message = format!("engine bug: {info}");
        console_error(&message);
        LAST_PANIC.with(|p| *p.borrow_mut() = Some(message));
    }));
}

/// The message of the last panic, if any (after a `RuntimeError: unreachable`).
#[wasm_bindgen(js_name = takePanicMessage)]
pub fn take_panic_message() -> Option<String> {
    LAST_PANIC.with(|p| p.borrow_mut().take())
}

fn format_of(name: &str) -> Result<Format, String> {
    match name {
        "toml" => Ok(Format::Toml),
        "json" => Ok(Format::Json),
        other => Err(format!("format: unknown \"{other}\" (allowed: toml, json)")),
    }
}

/// Overrides arrive as JSON `[[path, rawValue], ...]`, values as typed in a URL.
fn parse_overrides(json: &str) -> Result<Vec<Override>, String> {
    let pairs: Vec<(String, String)> =
        serde_json::from_str(json).map_err(|e| format!("overrides: not a list of [path, value] pairs ({e})"))?;
    Ok(pairs
        .into_iter()
        .map(|(path, raw)| Override { path, value: scenario::path::parse_value(&raw) })
        .collect())
}

#[derive(Serialize)]
struct Validation<'a> {
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    scenario: Option<&'a Scenario>,
    errors: Vec<scenario::FieldError>,
}

fn load(text: &str, format: &str, overrides_json: &str) -> Result<(Scenario, scenario::Resolved), Vec<scenario::FieldError>> {
    let one = |message: String| vec![scenario::FieldError::from_message("request", &message)];
    let format = format_of(format).map_err(one)?;
    let overrides = parse_overrides(overrides_json).map_err(one)?;
    // As `scenario::load`, the text parsed once for all its overrides.
    scenario::limits::check_overrides(overrides.len()).map_err(|e| e.0)?;
    let doc = parsed_cache::parsed(text, format).map_err(|e| e.0)?;
    scenario::load_parsed(doc, &overrides).map_err(|e| e.0)
}

/// Validates a scenario with overrides. Returns JSON
/// `{"ok":true,"scenario":{...},"errors":[]}` (normalized, defaults filled in)
/// or `{"ok":false,"errors":[{path, problem, allowed}]}`.
#[wasm_bindgen]
pub fn validate(text: &str, format: &str, overrides_json: &str) -> String {
    let out = match load(text, format, overrides_json) {
        Ok((scenario, _)) => serde_json::to_string(&Validation { ok: true, scenario: Some(&scenario), errors: vec![] }),
        Err(errors) => serde_json::to_string(&Validation { ok: false, scenario: None, errors }),
    };
    out.expect("validation results serialize")
}

/// Expands a sweep file (TOML) into its runs, as `ackscope sweep` does:
/// `{"ok":true,"spec":{...},"points":[{"labels":[...],"overrides":[[path, raw], ...]}]}`
/// (raw values as a URL's `set=` writes them) or `{"ok":false,"errors":[{path, problem, allowed}]}`.
#[wasm_bindgen(js_name = sweepPoints)]
pub fn sweep_points(text: &str) -> String {
    sweep_points::expansion_json(text)
}

/// New series points since the last drain, concatenated: chunk i belongs to
/// series `ids[i]` and has `lengths[i]` points.
#[wasm_bindgen]
pub struct SeriesDrain {
    ids: Vec<u32>,
    lengths: Vec<u32>,
    times_ms: Vec<f64>,
    values: Vec<f64>,
}

#[wasm_bindgen]
impl SeriesDrain {
    #[wasm_bindgen(getter)]
    pub fn ids(&self) -> Uint32Array {
        Uint32Array::from(&self.ids[..])
    }
    #[wasm_bindgen(getter)]
    pub fn lengths(&self) -> Uint32Array {
        Uint32Array::from(&self.lengths[..])
    }
    #[wasm_bindgen(getter, js_name = timesMs)]
    pub fn times_ms(&self) -> Float64Array {
        Float64Array::from(&self.times_ms[..])
    }
    #[wasm_bindgen(getter)]
    pub fn values(&self) -> Float64Array {
        Float64Array::from(&self.values[..])
    }
}

fn drain_series(store: &mut SeriesStore) -> SeriesDrain {
    let mut d = SeriesDrain { ids: vec![], lengths: vec![], times_ms: vec![], values: vec![] };
    for chunk in store.drain() {
        d.ids.push(chunk.id.0);
        d.lengths.push(chunk.t_ns.len() as u32);
        d.times_ms.extend(chunk.t_ns.iter().map(|&t| t as f64 / 1e6));
        d.values.extend_from_slice(chunk.values);
    }
    d
}

/// New trace records since the last drain, as columns.
#[wasm_bindgen]
pub struct TraceDrain {
    enqueued_ms: Vec<f64>,
    tx_start_ms: Vec<f64>,
    tx_end_ms: Vec<f64>,
    uid: Vec<u32>,
    seq: Vec<u32>,
    size: Vec<u32>,
    channel: Vec<u16>,
    flow: Vec<u16>,
    kind: Vec<u8>,
    flags: Vec<u16>,
    fate: Vec<u8>,
    created_ms: Vec<f64>,
    sack_len: Vec<u8>,
    sack_blocks: Vec<u32>,
    ts_ecr_ms: Vec<f64>,
    window: Vec<u16>,
}

#[wasm_bindgen]
impl TraceDrain {
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> u32 {
        self.uid.len() as u32
    }
    #[wasm_bindgen(getter, js_name = enqueuedMs)]
    pub fn enqueued_ms(&self) -> Float64Array {
        Float64Array::from(&self.enqueued_ms[..])
    }
    #[wasm_bindgen(getter, js_name = txStartMs)]
    pub fn tx_start_ms(&self) -> Float64Array {
        Float64Array::from(&self.tx_start_ms[..])
    }
    #[wasm_bindgen(getter, js_name = txEndMs)]
    pub fn tx_end_ms(&self) -> Float64Array {
        Float64Array::from(&self.tx_end_ms[..])
    }
    #[wasm_bindgen(getter)]
    pub fn uid(&self) -> Uint32Array {
        Uint32Array::from(&self.uid[..])
    }
    #[wasm_bindgen(getter)]
    pub fn seq(&self) -> Uint32Array {
        Uint32Array::from(&self.seq[..])
    }
    #[wasm_bindgen(getter)]
    pub fn size(&self) -> Uint32Array {
        Uint32Array::from(&self.size[..])
    }
    #[wasm_bindgen(getter)]
    pub fn channel(&self) -> Uint16Array {
        Uint16Array::from(&self.channel[..])
    }
    #[wasm_bindgen(getter)]
    pub fn flow(&self) -> Uint16Array {
        Uint16Array::from(&self.flow[..])
    }
    /// Packet kind: data, ACK or datagram, numbered as `record::vocabulary`
    /// names them (`PacketKind` in web/src/generated/traceVocabulary.ts).
    #[wasm_bindgen(getter)]
    pub fn kind(&self) -> Uint8Array {
        Uint8Array::from(&self.kind[..])
    }
    /// Flag bits (retransmission, ECN, spoofed, local retransmission, SYN,
    /// fragmented, window, ...), as `record::vocabulary` names them (`FLAG` in
    /// web/src/generated/traceVocabulary.ts).
    #[wasm_bindgen(getter)]
    pub fn flags(&self) -> Uint16Array {
        Uint16Array::from(&self.flags[..])
    }
    /// When the sending agent emitted the packet (also its timestamp value
    /// when the timestamps option is on).
    #[wasm_bindgen(getter, js_name = createdMs)]
    pub fn created_ms(&self) -> Float64Array {
        Float64Array::from(&self.created_ms[..])
    }
    /// Number of SACK blocks (0 to 3) of each record.
    #[wasm_bindgen(getter, js_name = sackLen)]
    pub fn sack_len(&self) -> Uint8Array {
        Uint8Array::from(&self.sack_len[..])
    }
    /// SACK blocks, six numbers per record: start, end (segments, end
    /// exclusive) of blocks 1 to 3; unused ones are zero.
    #[wasm_bindgen(getter, js_name = sackBlocks)]
    pub fn sack_blocks(&self) -> Uint32Array {
        Uint32Array::from(&self.sack_blocks[..])
    }
    /// Echoed timestamp (0 when off).
    #[wasm_bindgen(getter, js_name = tsEcrMs)]
    pub fn ts_ecr_ms(&self) -> Float64Array {
        Float64Array::from(&self.ts_ecr_ms[..])
    }
    /// Receive window an ACK advertises, in segments (flag bit 11); 0 otherwise.
    #[wasm_bindgen(getter)]
    pub fn window(&self) -> Uint16Array {
        Uint16Array::from(&self.window[..])
    }
    /// 0 delivered, 1 dropped by a full queue, 2 corrupted, 3 removed by ACK filtering.
    #[wasm_bindgen(getter)]
    pub fn fate(&self) -> Uint8Array {
        Uint8Array::from(&self.fate[..])
    }
}

/// One simulation run.
#[wasm_bindgen]
pub struct Engine {
    scenario: Scenario,
    sim: Simulation,
}

#[wasm_bindgen]
impl Engine {
    /// Builds a run. `recording` is "full" (series and trace), "series",
    /// "trace" or "summary". Invalid input throws with one `path: problem`
    /// line per error; call `validate` first for structured errors.
    #[wasm_bindgen(constructor)]
    pub fn new(text: &str, format: &str, overrides_json: &str, recording: &str) -> Result<Engine, JsError> {
        let recording = match recording {
            "full" => Recording::Full,
            "series" => Recording::Series,
            "summary" => Recording::Summary,
            "trace" => Recording::Trace,
            other => return Err(JsError::new(&format!("recording: unknown \"{other}\" (allowed: full, series, trace, summary)"))),
        };
        let (scenario, resolved) = load(text, format, overrides_json).map_err(|errors| {
            JsError::new(&errors.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"))
        })?;
        let sim = Simulation::new(&resolved, recording);
        Ok(Engine { scenario, sim })
    }

    /// Processes up to `max_events` queue entries; true once the run is over.
    #[wasm_bindgen(js_name = runFor)]
    pub fn run_for(&mut self, max_events: u32) -> bool {
        let mut left = u64::from(max_events);
        loop {
            let chunk = left.min(STEP_CHUNK);
            if step_chunk(&mut self.sim, chunk) {
                return true;
            }
            left -= chunk;
            if left == 0 {
                return false;
            }
        }
    }

    #[wasm_bindgen(getter, js_name = nowMs)]
    pub fn now_ms(&self) -> f64 {
        self.sim.now().as_millis_f64()
    }

    #[wasm_bindgen(getter, js_name = endMs)]
    pub fn end_ms(&self) -> f64 {
        self.sim.end().as_millis_f64()
    }

    #[wasm_bindgen(getter)]
    pub fn progress(&self) -> f64 {
        self.sim.progress()
    }

    #[wasm_bindgen(getter)]
    pub fn finished(&self) -> bool {
        self.sim.is_finished()
    }

    #[wasm_bindgen(getter)]
    pub fn events(&self) -> f64 {
        self.sim.events() as f64
    }

    #[wasm_bindgen(getter)]
    pub fn digest(&self) -> String {
        self.sim.digest().hex()
    }

    /// The normalized scenario (defaults filled in, overrides applied), JSON.
    #[wasm_bindgen(js_name = scenarioJson)]
    pub fn scenario_json(&self) -> String {
        serde_json::to_string(&self.scenario).expect("scenarios serialize")
    }

    /// JSON list of series descriptions; a series' id is its index.
    #[wasm_bindgen(js_name = seriesInfoJson)]
    pub fn series_info_json(&self) -> String {
        serde_json::to_string(&self.sim.series().infos().collect::<Vec<_>>()).expect("series infos serialize")
    }

    /// JSON `Topology` (in the schema's `$defs`): nodes, channels with their
    /// rate, delay and queue limit, flows.
    #[wasm_bindgen(js_name = topologyJson)]
    pub fn topology_json(&self) -> String {
        serde_json::to_string(&self.sim.topology(&self.scenario)).expect("topologies serialize")
    }

    #[wasm_bindgen(js_name = drainSeries)]
    pub fn drain_series(&mut self) -> SeriesDrain {
        drain_series(self.sim.series_mut())
    }

    #[wasm_bindgen(js_name = drainTrace)]
    pub fn drain_trace(&mut self) -> TraceDrain {
        let records = self.sim.drain_trace();
        let ms = |t: ackscope_engine::time::SimTime| t.as_millis_f64();
        TraceDrain {
            enqueued_ms: records.iter().map(|r| ms(r.enqueued)).collect(),
            tx_start_ms: records.iter().map(|r| ms(r.tx_start)).collect(),
            tx_end_ms: records.iter().map(|r| ms(r.tx_end)).collect(),
            uid: records.iter().map(|r| r.uid).collect(),
            seq: records.iter().map(|r| r.seq).collect(),
            size: records.iter().map(|r| r.size_bytes).collect(),
            channel: records.iter().map(|r| r.channel.0).collect(),
            flow: records.iter().map(|r| r.flow.0).collect(),
            kind: records.iter().map(|r| r.kind as u8).collect(),
            flags: records.iter().map(|r| r.flags).collect(),
            fate: records.iter().map(|r| r.fate as u8).collect(),
            created_ms: records.iter().map(|r| ms(r.created)).collect(),
            sack_len: records.iter().map(|r| r.sack.len).collect(),
            sack_blocks: records.iter().flat_map(|r| r.sack.blocks.iter().flat_map(|&(a, b)| [a, b])).collect(),
            ts_ecr_ms: records.iter().map(|r| ms(r.ts_ecr)).collect(),
            window: records.iter().map(|r| r.window).collect(),
        }
    }

    /// The summary (the CLI's JSON contract), at the current time.
    #[wasm_bindgen(js_name = summaryJson)]
    pub fn summary_json(&self) -> String {
        serde_json::to_string(&self.sim.summary()).expect("summaries serialize")
    }
}

/// Events per call of [`step_chunk`]. V8 runs a wasm function's first calls
/// with its baseline compiler and uses the optimised code only from a later
/// call on (it has no on-stack replacement for wasm), so one long call ran
/// its whole budget unoptimised: a 1,000,000-event first slice of PERF-1 is
/// about a sixth of the run. Chunks this small cost nothing per call.
const STEP_CHUNK: u64 = 16_384;

/// One chunk of a run, a function of its own so V8 swaps in its optimised
/// code at the next chunk.
#[inline(never)]
fn step_chunk(sim: &mut Simulation, events: u64) -> bool {
    sim.step(events)
}
