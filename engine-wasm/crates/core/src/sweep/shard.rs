//! Sweeps beyond one machine. `ackscope sweep FILE --shard K/N` runs every
//! N-th point starting at the K-th and writes a part file; `ackscope merge`
//! reads the N parts back in point order and prints the same table a
//! single-machine sweep prints. No scheduler of our own: a Slurm array, a
//! Kubernetes Indexed Job or GNU parallel starts the shards.
//!
//! A part file is JSON Lines: a [`PartHeader`], one [`PartRun`] per run in
//! increasing point order, and a [`PartEnd`] that proves the shard finished.
//! Points are dealt round-robin, so point `i` lives in shard `i % N + 1` and
//! merging needs one line of each part in memory at a time.

use super::Loaded;
use crate::record::Summary;
use crate::rng::fnv1a;
use crate::scenario::{FieldError, ScenarioErrors};
use serde::{Deserialize, Serialize};
use std::io::{BufRead, Read};

/// What a part file's first line says it is.
pub const PART_FORMAT: &str = "ackscope-sweep-part/1";

/// Longest line a part file may hold: one run's summary is well under a
/// megabyte even at the flow limit.
pub const MAX_PART_LINE: u64 = 16 << 20;

/// Shard `k` of `n` (1-based, as users and array jobs count).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub k: u64,
    pub n: u64,
}

impl Shard {
    /// Reads `K/N`, with 1 <= K <= N <= the most points a sweep may have.
    pub fn parse(text: &str) -> Result<Shard, FieldError> {
        let parsed = text.split_once('/').and_then(|(k, n)| Some((k.trim().parse::<u64>().ok()?, n.trim().parse::<u64>().ok()?)));
        match parsed {
            Some((k, n)) if 1 <= k && k <= n && n <= super::MAX_POINTS => Ok(Shard { k, n }),
            _ => Err(FieldError::new(
                "--shard",
                format!("\"{text}\" is not a shard"),
                format!("K/N with 1 <= K <= N <= {}, e.g. 2/8 for the second of eight", super::MAX_POINTS),
            )),
        }
    }

    /// The points of a sweep of `total` this shard runs, in order.
    pub fn indices(self, total: u64) -> impl Iterator<Item = u64> {
        (self.k - 1..total).step_by(self.n as usize)
    }

    /// How many points of `total` this shard runs.
    pub fn len(self, total: u64) -> u64 {
        total.saturating_sub(self.k - 1).div_ceil(self.n)
    }

    /// Whether this shard runs no point at all.
    pub fn is_empty(self, total: u64) -> bool {
        self.len(total) == 0
    }

    /// The shard (1-based) that runs point `index` when there are `n`.
    pub fn owner(n: u64, index: u64) -> u64 {
        index % n + 1
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

/// Identifies what a part was made from: the sweep, its base scenario and
/// this engine version. Parts of different sweeps (or an edited one) must
/// not be merged into one table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fingerprint(pub String);

impl Fingerprint {
    pub fn of(loaded: &Loaded) -> Fingerprint {
        let spec = serde_json::to_string(&loaded.spec).expect("sweep specs serialize");
        let mut bytes = Vec::with_capacity(spec.len() + loaded.base.len() + 16);
        for part in [env!("CARGO_PKG_VERSION"), "\u{0}", &spec, "\u{0}", &loaded.base] {
            bytes.extend_from_slice(part.as_bytes());
        }
        Fingerprint(format!("{:016x}", fnv1a(&bytes)))
    }
}

/// The first line of a part file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartHeader {
    pub format: String,
    pub sweep: String,
    pub fingerprint: String,
    /// `K/N`.
    pub shard: String,
    /// Points in the whole sweep.
    pub points: u64,
}

impl PartHeader {
    pub fn new(loaded: &Loaded, shard: Shard) -> PartHeader {
        PartHeader {
            format: PART_FORMAT.into(),
            sweep: loaded.spec.id.clone(),
            fingerprint: Fingerprint::of(loaded).0,
            shard: shard.to_string(),
            points: super::point_count(&loaded.spec) as u64,
        }
    }
}

/// One run of a part: its point index in the whole sweep and its summary.
/// Written with `S = &Summary`, read with `S = Summary`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartRun<S> {
    pub index: u64,
    pub summary: S,
}

/// The last line: how many runs the shard wrote. A part without it was
/// interrupted (or is still being written).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartEnd {
    pub runs: u64,
}

/// The line of a part file after its header.
#[derive(Deserialize)]
#[serde(untagged)]
enum Line {
    Run(PartRun<Summary>),
    End(PartEnd),
}

/// Reads one part file line by line; every problem names the part.
pub struct PartReader<R> {
    input: R,
    name: String,
    pub header: PartHeader,
    pub shard: Shard,
    runs: u64,
    ended: bool,
}

impl<R: BufRead> PartReader<R> {
    /// Reads the header; `name` is how errors refer to this part (its path).
    pub fn open(mut input: R, name: &str) -> Result<Self, ScenarioErrors> {
        let field = format!("parts.{name}");
        let line = read_line(&mut input, &field)?;
        let header: PartHeader = line
            .as_deref()
            .and_then(|l| serde_json::from_str(l).ok())
            .filter(|h: &PartHeader| h.format == PART_FORMAT)
            .ok_or_else(|| FieldError::new(&field, "not a sweep part file", format!("a file written by `ackscope sweep FILE --shard K/N` ({PART_FORMAT})")))?;
        let shard = Shard::parse(&header.shard).map_err(|_| FieldError::new(&field, format!("shard \"{}\" in its header", header.shard), "K/N with 1 <= K <= N"))?;
        Ok(PartReader { input, name: name.into(), header, shard, runs: 0, ended: false })
    }

    fn field(&self) -> String {
        format!("parts.{}", self.name)
    }

    /// The next run, `None` after the end line; an error for a truncated or
    /// altered part.
    pub fn next_run(&mut self) -> Result<Option<PartRun<Summary>>, ScenarioErrors> {
        if self.ended {
            return Ok(None);
        }
        let field = self.field();
        let incomplete = |runs: u64| {
            FieldError::new(&field, format!("ends after {runs} runs without its end line: the shard did not finish"), "a part whose shard ran to the end; run that shard again")
        };
        let Some(line) = read_line(&mut self.input, &field)? else { return Err(incomplete(self.runs).into()) };
        let parsed: Line = serde_json::from_str(&line)
            .map_err(|e| FieldError::new(&field, format!("line {}: {e}", self.runs + 2), "the lines `ackscope sweep --shard` writes, unedited"))?;
        match parsed {
            Line::Run(run) => {
                self.runs += 1;
                Ok(Some(run))
            }
            Line::End(end) if end.runs == self.runs => {
                self.ended = true;
                Ok(None)
            }
            Line::End(end) => Err(FieldError::new(&field, format!("its end line counts {} runs but it holds {}", end.runs, self.runs), "an unedited part file").into()),
        }
    }
}

/// One line without its newline, `None` at the end of the input; refuses a
/// line longer than [`MAX_PART_LINE`] without reading all of it.
fn read_line(input: &mut impl BufRead, field: &str) -> Result<Option<String>, ScenarioErrors> {
    let mut line = String::new();
    let n = input
        .by_ref()
        .take(MAX_PART_LINE + 1)
        .read_line(&mut line)
        .map_err(|e| FieldError::new(field, format!("cannot read: {e}"), "a readable UTF-8 part file"))?;
    if n as u64 > MAX_PART_LINE {
        return Err(FieldError::new(field, "a line longer than 16 MiB", "the lines `ackscope sweep --shard` writes").into());
    }
    Ok((n > 0).then(|| line.trim_end_matches(['\n', '\r']).to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_deal_points_round_robin_and_cover_each_once() {
        for total in [0u64, 1, 2, 7, 10] {
            for n in 1..=4u64 {
                let mut seen = vec![0u32; total as usize];
                for k in 1..=n {
                    let shard = Shard { k, n };
                    let mine: Vec<u64> = shard.indices(total).collect();
                    assert_eq!(mine.len() as u64, shard.len(total));
                    for i in mine {
                        assert_eq!(Shard::owner(n, i), k);
                        seen[i as usize] += 1;
                    }
                }
                assert!(seen.iter().all(|&c| c == 1), "total {total}, n {n}: {seen:?}");
            }
        }
    }

    #[test]
    fn shard_text_is_k_of_n() {
        assert_eq!(Shard::parse("2/8").unwrap(), Shard { k: 2, n: 8 });
        for bad in ["0/3", "4/3", "3", "a/b", "1/0", "1/1000000"] {
            let e = Shard::parse(bad).unwrap_err().to_string();
            assert!(e.starts_with("--shard: ") && e.contains("(allowed: K/N"), "{bad}: {e}");
        }
    }

    #[test]
    fn a_truncated_or_overlong_part_is_refused() {
        let header = r#"{"format":"ackscope-sweep-part/1","sweep":"t","fingerprint":"0","shard":"1/1","points":0}"#;
        let next = |text: String| PartReader::open(text.as_bytes(), "p").unwrap().next_run().map(|r| r.is_some()).map_err(|e| e.to_string());
        let e = next(format!("{header}\n")).unwrap_err();
        assert!(e.contains("without its end line"), "{e}");
        assert_eq!(next(format!("{header}\n{{\"runs\":0}}\n")), Ok(false));
        assert!(next(format!("{header}\n{{\"runs\":3}}\n")).unwrap_err().contains("counts 3 runs but it holds 0"));
        assert!(PartReader::open("not json\n".as_bytes(), "p").is_err());
        let long = "x".repeat(MAX_PART_LINE as usize + 10);
        let e = PartReader::open(long.as_bytes(), "p").err().unwrap().to_string();
        assert!(e.contains("longer than 16 MiB"), "{e}");
    }
}
