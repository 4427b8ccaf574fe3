//! The files a run writes: opened before the run (so an unwritable path is
//! refused at once, exit 2, not after an hour of simulation), the trace and
//! the capture streamed while it runs (memory does not grow with its length).

use ackscope_engine::export::ns2::TraceWriter;
use ackscope_engine::export::pcap::CaptureWriter;
use ackscope_engine::export::{stream, RecordSink};
use ackscope_engine::{FieldError, Recording, ScenarioErrors, Simulation};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

const BUFFER_BYTES: usize = 1 << 16;
const ALLOWED: &str = "a file path in an existing folder that can be written, each output to a different file";

/// An output file, open for writing.
pub struct Output {
    pub path: PathBuf,
    pub file: BufWriter<File>,
}

impl Output {
    /// Writes `bytes` and flushes; a failure is an internal error naming the file.
    pub fn write_all(mut self, bytes: &[u8]) -> Result<(), String> {
        self.file.write_all(bytes).and_then(|()| self.file.flush()).map_err(|e| write_error(&self.path, &e))
    }
}

fn write_error(path: &Path, e: &std::io::Error) -> String {
    format!("cannot write {}: {e}", path.display())
}

/// Every output of a run, by flag.
pub struct Outputs {
    pub out: Option<Output>,
    pub series: Option<Output>,
    trace: Option<Output>,
    pcap: Option<Output>,
}

impl Outputs {
    /// Opens (creates or truncates) every named file; each one that cannot be
    /// written, or names the same file as another flag, is an error for its flag.
    pub fn open(out: Option<&PathBuf>, series: Option<&PathBuf>, trace: Option<&PathBuf>, pcap: Option<&PathBuf>) -> Result<Outputs, ScenarioErrors> {
        let flags = [("--out", out), ("--series", series), ("--trace", trace), ("--pcap", pcap)];
        let mut errors = vec![];
        for (i, (flag, path)) in flags.iter().enumerate() {
            let Some(path) = path else { continue };
            if let Some((other, _)) = flags[..i].iter().find(|(_, p)| p.is_some_and(|p| same_file(p, path))) {
                errors.push(FieldError::new(*flag, format!("{} is also the {other} file", path.display()), ALLOWED));
            }
        }
        if !errors.is_empty() {
            return Err(ScenarioErrors(errors));
        }
        let mut opened = flags.map(|(flag, path)| {
            let path = path?;
            match File::create(path) {
                Ok(file) => Some(Ok(Output { path: path.clone(), file: BufWriter::with_capacity(BUFFER_BYTES, file) })),
                Err(e) => Some(Err(FieldError::new(flag, format!("cannot write {}: {e}", path.display()), ALLOWED))),
            }
        });
        let mut take = |i: usize| match opened[i].take() {
            Some(Ok(o)) => Some(o),
            Some(Err(e)) => {
                errors.push(e);
                None
            }
            None => None,
        };
        let outputs = Outputs { out: take(0), series: take(1), trace: take(2), pcap: take(3) };
        if errors.is_empty() {
            Ok(outputs)
        } else {
            Err(ScenarioErrors(errors))
        }
    }

    /// What the run must record for these outputs.
    pub fn recording(&self) -> Recording {
        match (self.trace.is_some() || self.pcap.is_some(), self.series.is_some()) {
            (true, true) => Recording::Full,
            (true, false) => Recording::Trace,
            (false, true) => Recording::Series,
            (false, false) => Recording::Summary,
        }
    }

    /// The trace and capture writers for `sim`, which take over those files.
    pub fn streams(&mut self, sim: &Simulation) -> Result<Streams, String> {
        let flows = sim.flow_endpoints();
        let trace = self.trace.take().map(|o| (o.path, TraceWriter::new(o.file, sim.channels(), &flows)));
        let pcap = match self.pcap.take() {
            Some(o) => Some((o.path.clone(), CaptureWriter::new(o.file, sim.channels(), &flows).map_err(|e| write_error(&o.path, &e))?)),
            None => None,
        };
        Ok(Streams { trace, pcap })
    }
}

type File64 = BufWriter<File>;

/// The files written while the run goes: the ns-2 trace and the pcap capture.
pub struct Streams {
    trace: Option<(PathBuf, TraceWriter<File64>)>,
    pcap: Option<(PathBuf, CaptureWriter<File64>)>,
}

impl Streams {
    fn with_sinks(&mut self, write: impl FnOnce(&mut [&mut dyn RecordSink]) -> Result<(), stream::SinkError>) -> Result<(), String> {
        let mut paths: Vec<&Path> = vec![];
        let mut sinks: Vec<&mut dyn RecordSink> = vec![];
        if let Some((path, w)) = self.trace.as_mut() {
            paths.push(path);
            sinks.push(w);
        }
        if let Some((path, w)) = self.pcap.as_mut() {
            paths.push(path);
            sinks.push(w);
        }
        if sinks.is_empty() {
            return Ok(());
        }
        write(&mut sinks).map_err(|e| write_error(paths[e.sink], &e.error))
    }

    /// Writes what became final (call between slices of the run).
    pub fn pump(&mut self, sim: &mut Simulation) -> Result<(), String> {
        self.with_sinks(|sinks| stream::pump(sim, sinks))
    }

    /// Writes the rest and flushes (call once the run is over or stopped).
    pub fn finish(&mut self, sim: &mut Simulation) -> Result<(), String> {
        self.with_sinks(|sinks| stream::finish(sim, sinks))
    }
}

/// The same regular file, also when named differently (`./a.pcap` and
/// `a.pcap`); devices such as /dev/null may take several outputs.
fn same_file(a: &Path, b: &Path) -> bool {
    let device = |p: &Path| std::fs::metadata(p).is_ok_and(|m| !m.is_file());
    let resolve = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    !device(a) && resolve(a) == resolve(b)
}
