//! Writes a sweep's runs as they come, in point order: as CSV, JSON or
//! Markdown tables, or as a part file for `ackscope merge` when the sweep is
//! one shard of several. The sweep runner and the merger share it, so a
//! merged table is written by the very code that writes a whole one.

use ackscope_engine::sweep::{self, Loaded, PartEnd, PartHeader, PartRun, Row, Shard, Table};
use ackscope_engine::Summary;
use std::io::{Read, Seek, Write};

#[derive(Copy, Clone)]
pub enum Format {
    Csv,
    Json,
    Markdown,
    /// One shard's runs, to be merged with the other shards' parts.
    Part(Shard),
}

pub struct Output<'a, W: Write> {
    format: Format,
    out: W,
    table: Table<'a>,
    /// JSON runs, written ahead to a scratch file until the agreement line
    /// (printed before them) is known.
    spool: Option<std::fs::File>,
    /// Runs written so far (JSON separators, a part's end line).
    runs: u64,
}

impl<'a, W: Write> Output<'a, W> {
    pub fn new(format: Format, mut out: W, loaded: &'a Loaded) -> std::io::Result<Self> {
        let table = Table { spec: &loaded.spec, references: &loaded.references, rows: vec![] };
        let spool = match format {
            Format::Json => Some(scratch_file()?),
            _ => None,
        };
        match format {
            Format::Csv => out.write_all(table.csv_header().as_bytes())?,
            Format::Part(shard) => json_line(&mut out, &PartHeader::new(loaded, shard))?,
            Format::Json | Format::Markdown => {}
        }
        Ok(Output { format, out, table, spool, runs: 0 })
    }

    /// Writes run `index` of the sweep; runs come in increasing order.
    pub fn push(&mut self, loaded: &Loaded, index: u64, summary: &Summary) -> std::io::Result<()> {
        let point = sweep::point(&loaded.spec, index);
        let row = Row::of(&loaded.spec, &point, summary);
        match self.format {
            Format::Csv => self.out.write_all(self.table.csv_row(&row).as_bytes())?,
            Format::Json => {
                let spool = self.spool.as_mut().expect("JSON spools");
                if self.runs > 0 {
                    spool.write_all(b",\n")?;
                }
                spool.write_all(sweep::run_json(&loaded.spec, &loaded.references, &point, summary).as_bytes())?;
                self.runs += 1;
            }
            Format::Markdown => {}
            Format::Part(_) => {
                self.runs += 1;
                // A part holds summaries, not table rows: keep no row.
                return json_line(&mut self.out, &PartRun { index, summary });
            }
        }
        self.table.rows.push(row);
        Ok(())
    }

    /// Completes the output once every run is pushed; an interrupted sweep
    /// skips this, so its part file has no end line and cannot be merged.
    pub fn finish(mut self) -> std::io::Result<()> {
        match self.format {
            Format::Csv => {}
            Format::Markdown => self.out.write_all(self.table.markdown().as_bytes())?,
            Format::Part(_) => json_line(&mut self.out, &PartEnd { runs: self.runs })?,
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

    /// Flushes what was written so far (an interrupted sweep keeps its rows).
    pub fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

fn json_line(out: &mut impl Write, value: &impl serde::Serialize) -> std::io::Result<()> {
    serde_json::to_writer(&mut *out, value)?;
    out.write_all(b"\n")
}

/// An unnamed scratch file, removed at once (it lives while open).
fn scratch_file() -> std::io::Result<std::fs::File> {
    let path = std::env::temp_dir().join(format!("ackscope-sweep-{}-{:?}.json", std::process::id(), std::thread::current().id()));
    let file = std::fs::OpenOptions::new().read(true).write(true).create_new(true).open(&path)?;
    let _ = std::fs::remove_file(&path);
    Ok(file)
}
