//! `ackscope merge SWEEP PART...`: the parts of a sharded sweep back into
//! the table one machine would have printed. Point `i` lives in shard
//! `i % N + 1` and each part lists its points in order, so the merge reads
//! one line of one part per point: memory does not grow with the sweep.

use crate::sweep_output::{Format, Output};
use ackscope_engine::sweep::{Fingerprint, Loaded, PartReader, Shard};
use ackscope_engine::{FieldError, ScenarioErrors};
use std::io::{BufReader, Write};
use std::path::PathBuf;

pub enum Failure {
    Invalid(ScenarioErrors),
    Io(std::io::Error),
}

impl From<FieldError> for Failure {
    fn from(e: FieldError) -> Self {
        Failure::Invalid(e.into())
    }
}

impl From<ScenarioErrors> for Failure {
    fn from(e: ScenarioErrors) -> Self {
        Failure::Invalid(e)
    }
}

/// Opens every part and checks that together they are all the shards of
/// this very sweep, once each; returns them ordered by shard.
fn open_parts(loaded: &Loaded, parts: &[PathBuf]) -> Result<Vec<PartReader<BufReader<std::fs::File>>>, Failure> {
    let fingerprint = Fingerprint::of(loaded).0;
    let mut readers = vec![];
    for path in parts {
        let name = path.display().to_string();
        let file = std::fs::File::open(path).map_err(|e| FieldError::new(format!("parts.{name}"), format!("cannot open: {e}"), "a readable part file"))?;
        let reader = PartReader::open(BufReader::new(file), &name)?;
        if reader.header.fingerprint != fingerprint || reader.header.sweep != loaded.spec.id {
            return Err(FieldError::new(
                format!("parts.{name}"),
                format!("was made from another sweep, an edited one or another ackscope version (sweep \"{}\")", reader.header.sweep),
                "parts made by `ackscope sweep` of this sweep file, unchanged, with this ackscope",
            )
            .into());
        }
        readers.push(reader);
    }
    let n = readers.first().map_or(0, |r| r.shard.n);
    let mut by_shard: Vec<Option<PartReader<_>>> = (0..n).map(|_| None).collect();
    for r in readers {
        let field = format!("parts.{}", r.header.shard);
        if r.shard.n != n {
            return Err(FieldError::new(field, format!("is one of {} shards, another part one of {n}", r.shard.n), "the parts of one split of the sweep").into());
        }
        let slot = &mut by_shard[(r.shard.k - 1) as usize];
        if slot.is_some() {
            return Err(FieldError::new(field, "given twice", "each shard once").into());
        }
        *slot = Some(r);
    }
    let missing: Vec<String> = (1..=n).filter(|k| by_shard[(*k - 1) as usize].is_none()).map(|k| Shard { k, n }.to_string()).collect();
    if !missing.is_empty() {
        return Err(FieldError::new("parts", if missing.len() == 1 { format!("shard {} is missing", missing[0]) } else { format!("shards {} are missing", missing.join(", ")) }, format!("all {n} parts of the sweep")).into());
    }
    Ok(by_shard.into_iter().flatten().collect())
}

/// Writes the merged sweep to `out` in `format` (a table format, not a part).
pub fn merge(loaded: &Loaded, parts: &[PathBuf], format: Format, out: impl Write) -> Result<(), Failure> {
    let mut readers = open_parts(loaded, parts)?;
    let n = readers.len() as u64;
    let points = ackscope_engine::sweep::point_count(&loaded.spec) as u64;
    let mut output = Output::new(format, std::io::BufWriter::new(out), loaded).map_err(Failure::Io)?;
    for index in 0..points {
        let reader = &mut readers[(Shard::owner(n, index) - 1) as usize];
        let field = format!("parts.{}", reader.header.shard);
        match reader.next_run()? {
            Some(run) if run.index == index => output.push(loaded, index, &run.summary).map_err(Failure::Io)?,
            Some(run) => return Err(FieldError::new(field, format!("holds point {} where point {index} belongs", run.index), "an unedited part file").into()),
            None => return Err(FieldError::new(field, format!("ends before point {index}"), "an unedited part file").into()),
        }
    }
    // Each part must end here, with its end line and nothing after it.
    for reader in &mut readers {
        if let Some(run) = reader.next_run()? {
            return Err(FieldError::new(format!("parts.{}", reader.header.shard), format!("holds point {} beyond the sweep's {points}", run.index), "an unedited part file").into());
        }
    }
    output.finish().map_err(Failure::Io)
}
