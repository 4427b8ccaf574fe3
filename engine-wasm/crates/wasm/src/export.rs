//! Exports of a run for download: the scenario is run again with the trace
//! streamed into an ns-2 trace or a pcap writer, and the bytes are handed to
//! JavaScript in chunks as they are written, so the page never holds the file
//! twice (the worker posts each chunk on; the page assembles a Blob of them).

use ackscope_engine::export::ns2::TraceWriter;
use ackscope_engine::export::pcap::CaptureWriter;
use ackscope_engine::export::{stream, RecordSink};
use ackscope_engine::record::{series_name, vocabulary, Recording};
use ackscope_engine::Simulation;
use js_sys::Uint8Array;
use wasm_bindgen::prelude::*;

/// The trace's packet kinds, fates and flag bits as JSON (see
/// `record::vocabulary`); `scripts/gen-types.mjs` writes TypeScript from it.
#[wasm_bindgen(js_name = traceVocabularyJson)]
pub fn trace_vocabulary_json() -> String {
    serde_json::to_string(&vocabulary::trace_vocabulary()).expect("the vocabulary serializes")
}

/// Series quantities (unit, style) and owner kinds (the path each writes) as
/// JSON (see `record::series_name`); `scripts/gen-types.mjs` writes
/// TypeScript from it.
#[wasm_bindgen(js_name = seriesVocabularyJson)]
pub fn series_vocabulary_json() -> String {
    serde_json::to_string(&series_name::series_vocabulary()).expect("the series vocabulary serializes")
}

enum Writer {
    Ns2(TraceWriter<Vec<u8>>),
    Pcap(CaptureWriter<Vec<u8>>),
}

impl Writer {
    fn sink(&mut self) -> &mut dyn RecordSink {
        match self {
            Writer::Ns2(w) => w,
            Writer::Pcap(w) => w,
        }
    }

    fn buffer(&mut self) -> &mut Vec<u8> {
        match self {
            Writer::Ns2(w) => w.get_mut(),
            Writer::Pcap(w) => w.get_mut(),
        }
    }
}

/// A run that writes its trace as a file, in slices.
#[wasm_bindgen]
pub struct Exporter {
    sim: Simulation,
    writer: Writer,
    done: bool,
}

#[wasm_bindgen]
impl Exporter {
    /// `kind` is "pcap" or "ns2". Invalid input throws with one
    /// `path: problem (allowed: ...)` line per error.
    #[wasm_bindgen(constructor)]
    pub fn new(text: &str, format: &str, overrides_json: &str, kind: &str) -> Result<Exporter, JsError> {
        let (_, resolved) = super::load(text, format, overrides_json).map_err(|errors| {
            JsError::new(&errors.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"))
        })?;
        let sim = Simulation::new(&resolved, Recording::Trace);
        let flows = sim.flow_endpoints();
        let writer = match kind {
            "ns2" => Writer::Ns2(TraceWriter::new(Vec::new(), sim.channels(), &flows)),
            "pcap" => Writer::Pcap(
                CaptureWriter::new(Vec::new(), sim.channels(), &flows).map_err(|e| JsError::new(&e.to_string()))?,
            ),
            other => return Err(JsError::new(&format!("kind: unknown \"{other}\" (allowed: pcap, ns2)"))),
        };
        Ok(Exporter { sim, writer, done: false })
    }

    /// Runs up to `max_events` events and writes what became final; true
    /// once the run is over and the file complete.
    #[wasm_bindgen(js_name = runFor)]
    pub fn run_for(&mut self, max_events: u32) -> Result<bool, JsError> {
        if self.done {
            return Ok(true);
        }
        let finished = self.sim.step(u64::from(max_events));
        let sink = self.writer.sink();
        let written = if finished { stream::finish(&mut self.sim, &mut [sink]) } else { stream::pump(&mut self.sim, &mut [sink]) };
        written.map_err(|e| JsError::new(&e.error.to_string()))?;
        self.done = finished;
        Ok(finished)
    }

    /// The bytes written since the last call (moved out: call once per slice).
    #[wasm_bindgen(js_name = takeChunk)]
    pub fn take_chunk(&mut self) -> Uint8Array {
        let buffer = self.writer.buffer();
        let chunk = Uint8Array::from(&buffer[..]);
        buffer.clear();
        chunk
    }

    /// Bytes of the file written so far (its size once finished).
    #[wasm_bindgen(getter)]
    pub fn bytes(&mut self) -> f64 {
        self.writer.sink().bytes() as f64
    }

    /// Lines (ns-2) or packets (pcap) written so far.
    #[wasm_bindgen(getter)]
    pub fn items(&mut self) -> f64 {
        self.writer.sink().items() as f64
    }

    #[wasm_bindgen(getter)]
    pub fn progress(&self) -> f64 {
        self.sim.progress()
    }

    /// The run's digest: the same as the displayed run's (exports never change a run).
    #[wasm_bindgen(getter)]
    pub fn digest(&self) -> String {
        self.sim.digest().hex()
    }
}
