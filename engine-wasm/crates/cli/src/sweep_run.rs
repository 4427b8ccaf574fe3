//! Runs a sweep's points in parallel and writes each row as soon as it and
//! every row before it are done, in point order: memory holds at most a
//! window of finished summaries, not the whole sweep.

use crate::budget::{interrupted, Progress};
use crate::sweep_output::{Format, Output};
use ackscope_engine::sweep::{self, Loaded, Shard};
use ackscope_engine::{ScenarioErrors, Summary};
use std::collections::BTreeMap;
use std::io::{BufWriter, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Condvar, Mutex};


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

pub enum Failure {
    Invalid(ScenarioErrors),
    Io(std::io::Error),
}

/// Runs every point (or, for a part, every point of its shard), `jobs` at a
/// time, writing to `out` in point order.
pub fn run(loaded: &Loaded, jobs: usize, format: Format, out: impl Write) -> Result<Ended, Failure> {
    let points = sweep::point_count(&loaded.spec) as u64;
    // The `j`-th run of this sweep is point `first + j * step`.
    let shard = match format {
        Format::Part(shard) => shard,
        _ => Shard { k: 1, n: 1 },
    };
    let (first, step, total) = (shard.k - 1, shard.n, shard.len(points));
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
                let point = sweep::point(&loaded.spec, first + i * step);
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
                if let Err(e) = output.push(loaded, first + done * step, &summary) {
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
    if done < total {
        // A part without its end line is refused by `merge`: it did not finish.
        let written = if let Format::Part(_) = format { output.flush() } else { output.finish() };
        written.map_err(Failure::Io)?;
        return Ok(Ended::Interrupted(done));
    }
    output.finish().map_err(Failure::Io)?;
    Ok(Ended::Complete)
}
