//! Runs a sweep's points in parallel and writes each row as soon as it and
//! every row before it are done, in point order: memory holds at most a
//! window of finished summaries, not the whole sweep.

use crate::budget::{interrupted, Progress};
use ackscope_engine::sweep::{self, Loaded, Row, Table};
use ackscope_engine::{ScenarioErrors, Summary};
use std::collections::BTreeMap;
use std::io::{BufWriter, Read, Seek, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Condvar, Mutex};

#[derive(Copy, Clone)]
pub enum Format {
    Csv,
    Json,
    Markdown,
}

/// Runs at once: what was asked, at most one per core (a thread per run
/// beyond the cores only costs memory; 10,000 of them fail to spawn).
pub fn jobs(requested: Option<usize>) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    requested.unwrap_or(cores).clamp(1, cores)
}

/// Finished summaries a worker may run ahead of the writer, per job.
const WINDOW_PER_JOB: u64 = 4;

/// How the sweep ended.
pub enum Ended {
    Complete,
    /// Interrupted after this many runs were written.
    Interrupted(u64),
}

/// Writes rows in the chosen format as they come, in order.
struct Output<'a, W: Write> {
    format: Format,
    out: W,
    table: Table<'a>,
    /// JSON runs, written ahead to a scratch file until the agreement line
    /// (printed before them) is known.
    spool: Option<std::fs::File>,
    spooled: u64,
}

impl<'a, W: Write> Output<'a, W> {
    fn new(format: Format, mut out: W, loaded: &'a Loaded) -> std::io::Result<Self> {
        let table = Table { spec: &loaded.spec, references: &loaded.references, rows: vec![] };
        let spool = match format {
            Format::Json => Some(scratch_file()?),
            _ => None,
        };
        if let Format::Csv = format {
            out.write_all(table.csv_header().as_bytes())?;
        }
        Ok(Output { format, out, table, spool, spooled: 0 })
    }

    fn push(&mut self, loaded: &Loaded, index: u64, summary: &Summary) -> std::io::Result<()> {
        let point = sweep::point(&loaded.spec, index);
        let row = Row::of(&loaded.spec, &point, summary);
        match self.format {
            Format::Csv => self.out.write_all(self.table.csv_row(&row).as_bytes())?,
            Format::Json => {
                let spool = self.spool.as_mut().expect("JSON spools");
                if self.spooled > 0 {
                    spool.write_all(b",\n")?;
                }
                spool.write_all(sweep::run_json(&loaded.spec, &loaded.references, &point, summary).as_bytes())?;
                self.spooled += 1;
            }
            Format::Markdown => {}
        }
        self.table.rows.push(row);
        Ok(())
    }

    fn finish(mut self) -> std::io::Result<()> {
        match self.format {
            Format::Csv => {}
            Format::Markdown => self.out.write_all(self.table.markdown().as_bytes())?,
            Format::Json => {
                self.out.write_all(self.table.json_head().as_bytes())?;
                let mut spool = self.spool.take().expect("JSON spools");
                spool.rewind()?;
                let mut buf = vec![0u8; 1 << 16];
                loop {
                    let n = spool.read(&mut buf)?;
                    if n == 0 {
                        break;
                    }
                    self.out.write_all(&buf[..n])?;
                }
                self.out.write_all(self.table.json_tail().as_bytes())?;
            }
        }
        self.out.flush()
    }
}

/// An unnamed scratch file, removed at once (it lives while open).
fn scratch_file() -> std::io::Result<std::fs::File> {
    let path = std::env::temp_dir().join(format!("ackscope-sweep-{}-{:?}.json", std::process::id(), std::thread::current().id()));
    let file = std::fs::OpenOptions::new().read(true).write(true).create_new(true).open(&path)?;
    let _ = std::fs::remove_file(&path);
    Ok(file)
}

pub enum Failure {
    Invalid(ScenarioErrors),
    Io(std::io::Error),
}

/// Runs every point, `jobs` at a time, writing to `out` in point order.
pub fn run(loaded: &Loaded, jobs: usize, format: Format, out: impl Write) -> Result<Ended, Failure> {
    let total = sweep::point_count(&loaded.spec) as u64;
    let mut output = Output::new(format, BufWriter::new(out), loaded).map_err(Failure::Io)?;
    let window = WINDOW_PER_JOB * jobs as u64;
    let next = AtomicU64::new(0);
    // Rows written so far, and a condition workers wait on to stay within the window.
    let written = Mutex::new(0u64);
    let moved = Condvar::new();
    let progress = Progress::new(total, "sweep");
    let (tx, rx) = mpsc::channel::<(u64, Result<Option<Summary>, ScenarioErrors>)>();
    let mut failure = None;
    let mut done = 0u64;
    std::thread::scope(|scope| {
        for _ in 0..(jobs as u64).min(total) {
            let tx = tx.clone();
            let (next, written, moved) = (&next, &written, &moved);
            scope.spawn(move || loop {
                if interrupted() {
                    break;
                }
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= total {
                    break;
                }
                {
                    let mut w = written.lock().expect("the writer does not panic");
                    while i >= *w + window && !interrupted() {
                        w = moved.wait_timeout(w, std::time::Duration::from_millis(100)).expect("no panics").0;
                    }
                }
                let point = sweep::point(&loaded.spec, i);
                let outcome = loaded.run_until(&point, |_| interrupted());
                let stop = outcome.is_err();
                if tx.send((i, outcome)).is_err() || stop {
                    break;
                }
            });
        }
        drop(tx);
        let mut pending: BTreeMap<u64, Summary> = BTreeMap::new();
        for (i, outcome) in rx {
            match outcome {
                Ok(Some(summary)) => {
                    pending.insert(i, summary);
                }
                Ok(None) => {}
                Err(e) => {
                    failure.get_or_insert(Failure::Invalid(e));
                    // Stop the others: nothing more will be written.
                    next.store(total, Ordering::SeqCst);
                }
            }
            while failure.is_none() {
                let Some(summary) = pending.remove(&done) else { break };
                if let Err(e) = output.push(loaded, done, &summary) {
                    failure = Some(Failure::Io(e));
                    next.store(total, Ordering::SeqCst);
                    break;
                }
                done += 1;
                *written.lock().expect("no panics") = done;
                moved.notify_all();
                progress.set(done);
            }
        }
    });
    progress.finish();
    if let Some(f) = failure {
        return Err(f);
    }
    output.finish().map_err(Failure::Io)?;
    Ok(if done < total { Ended::Interrupted(done) } else { Ended::Complete })
}
