//! The tables a sweep prints: one small [`Row`] per run, laid out as CSV,
//! JSON or Markdown, with how many cells agree with each reference.

use super::{value_of, Point, ReferenceTable, SweepSpec};
use crate::record::Summary;
use std::collections::BTreeMap;
use std::fmt::Write;

/// Cells of two tables that agree within 1%, printed "a vs b: N of M cells within 1%".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Agreement {
    pub a: String,
    pub b: String,
    pub close: usize,
    pub cells: usize,
}

impl Agreement {
    fn of(a: &str, b: &str, pairs: &[(f64, f64)]) -> Self {
        let close = pairs.iter().filter(|(x, y)| agrees(*x, *y)).count();
        Agreement { a: a.into(), b: b.into(), close, cells: pairs.len() }
    }
}

impl std::fmt::Display for Agreement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} vs {}: {} of {} cells within 1%", self.a, self.b, self.close, self.cells)
    }
}


/// Results of a sweep, ready to print.
pub struct Results<'a> {
    pub spec: &'a SweepSpec,
    pub runs: Vec<(Point, Summary)>,
    pub references: &'a [(String, ReferenceTable)],
}

/// Relative difference, and whether it is within 1% (both zero counts as equal).
fn agrees(a: f64, b: f64) -> bool {
    (a - b).abs() <= 0.01 * a.abs().max(b.abs())
}

/// What the tables show of one run: small, so a sweep keeps one per run
/// while the summaries themselves are written out and dropped.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub labels: Vec<String>,
    pub value: Option<f64>,
    pub retransmits: u64,
    pub timeouts: u64,
    pub digest: String,
}

impl Row {
    pub fn of(spec: &SweepSpec, point: &Point, summary: &Summary) -> Row {
        let flow = summary.flows.iter().find(|f| f.id == spec.value.flow);
        Row {
            labels: point.labels.clone(),
            value: value_of(&spec.value, summary),
            retransmits: flow.map_or(0, |f| f.retransmits),
            timeouts: flow.map_or(0, |f| f.timeouts),
            digest: summary.digest.clone(),
        }
    }
}

impl Results<'_> {
    fn table(&self) -> Table<'_> {
        Table { spec: self.spec, references: self.references, rows: self.runs.iter().map(|(p, s)| Row::of(self.spec, p, s)).collect() }
    }

    pub fn agreement(&self) -> Vec<Agreement> {
        self.table().agreement()
    }

    pub fn csv(&self) -> String {
        let t = self.table();
        let mut out = t.csv_header();
        for r in &t.rows {
            out += &t.csv_row(r);
        }
        out
    }

    pub fn json(&self) -> String {
        let runs: Vec<String> = self.runs.iter().map(|(p, s)| run_json(self.spec, self.references, p, s)).collect();
        let t = self.table();
        format!("{}{}{}", t.json_head(), runs.join(",\n"), t.json_tail())
    }

    pub fn markdown(&self) -> String {
        self.table().markdown()
    }
}

/// One run of the JSON output, pretty-printed at the depth it sits in.
pub fn run_json(spec: &SweepSpec, references: &[(String, ReferenceTable)], p: &Point, s: &Summary) -> String {
    let axes: BTreeMap<&str, &str> = spec.axes.iter().zip(&p.labels).map(|(a, l)| (a.name.as_str(), l.as_str())).collect();
    let refs: BTreeMap<&str, Option<f64>> = references.iter().map(|(n, t)| (n.as_str(), t.get(&p.labels).copied())).collect();
    let run = serde_json::json!({ "axes": axes, "value": value_of(&spec.value, s), "references": refs, "summary": s });
    let text = serde_json::to_string_pretty(&run).expect("sweep results serialize");
    // serde_json nests with two spaces per level; a run sits two levels deep.
    text.lines().map(|l| format!("    {l}")).collect::<Vec<_>>().join("\n")
}

/// The tables of a sweep, from one [`Row`] per run.
pub struct Table<'a> {
    pub spec: &'a SweepSpec,
    pub references: &'a [(String, ReferenceTable)],
    pub rows: Vec<Row>,
}

impl Table<'_> {
    fn fmt(&self, v: Option<f64>) -> String {
        v.map_or_else(|| "-".into(), |v| format!("{v:.*}", self.spec.value.decimals))
    }

    /// How many cells agree within 1%: ours against each reference, then each
    /// pair of references.
    pub fn agreement(&self) -> Vec<Agreement> {
        let mut out = vec![];
        for (name, table) in self.references {
            let pairs: Vec<(f64, f64)> = self.rows.iter().filter_map(|r| Some((r.value?, *table.get(&r.labels)?))).collect();
            out.push(Agreement::of("ours", name, &pairs));
        }
        for (i, (a_name, a)) in self.references.iter().enumerate() {
            for (b_name, b) in &self.references[i + 1..] {
                let pairs: Vec<(f64, f64)> = a.iter().filter_map(|(k, va)| Some((*va, *b.get(k)?))).collect();
                out.push(Agreement::of(a_name, b_name, &pairs));
            }
        }
        out
    }

    pub fn csv_header(&self) -> String {
        let axes: Vec<&str> = self.spec.axes.iter().map(|a| a.name.as_str()).collect();
        let mut out = axes.join(",");
        out += ",value";
        for (name, _) in self.references {
            let _ = write!(out, ",{name}");
        }
        out += ",retransmits,timeouts,digest\n";
        out
    }

    pub fn csv_row(&self, r: &Row) -> String {
        let mut out = format!("{},{}", r.labels.join(","), self.fmt(r.value));
        for (_, table) in self.references {
            let _ = write!(out, ",{}", self.fmt(table.get(&r.labels).copied()));
        }
        let _ = writeln!(out, ",{},{},{}", r.retransmits, r.timeouts, r.digest);
        out
    }

    /// The JSON output up to its first run (keys in serde_json's order).
    pub fn json_head(&self) -> String {
        let agreement: Vec<String> = self.agreement().iter().map(ToString::to_string).collect();
        let agreement = serde_json::to_string_pretty(&serde_json::json!({ "agreement": agreement })).expect("strings serialize");
        // `{\n  "agreement": [...]\n}` without its closing brace, then the runs list.
        let open = agreement.trim_end().trim_end_matches('}').trim_end();
        if self.rows.is_empty() {
            format!("{open},\n  \"runs\": [")
        } else {
            format!("{open},\n  \"runs\": [\n")
        }
    }

    /// The JSON output after its last run.
    pub fn json_tail(&self) -> String {
        let rest = serde_json::to_string_pretty(&serde_json::json!({ "sweep": self.spec.id, "value": self.spec.value })).expect("specs serialize");
        let rest = rest.trim_start().trim_start_matches('{');
        if self.rows.is_empty() {
            format!("],{rest}\n")
        } else {
            format!("\n  ],{rest}\n")
        }
    }

    /// The table laid out as the sweep says; each cell "ours (ref1 / ref2)".
    pub fn markdown(&self) -> String {
        let axis_index = |name: &str| self.spec.axes.iter().position(|a| a.name == name);
        let layout = self.spec.table.as_ref().and_then(|t| {
            let rows: Option<Vec<usize>> = t.rows.iter().map(|n| axis_index(n)).collect();
            let cols: Option<Vec<usize>> = t.columns.iter().map(|n| axis_index(n)).collect();
            rows.zip(cols)
        });
        let mut out = format!("### {}\n\n", self.spec.title);
        let unit = if self.spec.value.unit.is_empty() { String::new() } else { format!(" ({})", self.spec.value.unit) };
        let refs: Vec<&str> = self.references.iter().map(|(n, _)| n.as_str()).collect();
        let _ = writeln!(
            out,
            "Cells: {}{unit}{}\n",
            self.spec.value.field,
            if refs.is_empty() { String::new() } else { format!(", as ours ({})", refs.join(" / ")) }
        );
        let cell = |r: &Row| {
            let mut c = self.fmt(r.value);
            if !refs.is_empty() {
                let v: Vec<String> = self.references.iter().map(|(_, t)| self.fmt(t.get(&r.labels).copied())).collect();
                c += &format!(" ({})", v.join(" / "));
            }
            c
        };
        match layout {
            Some((rows, cols)) => {
                let key = |r: &Row, idx: &[usize]| idx.iter().map(|&i| r.labels[i].clone()).collect::<Vec<_>>();
                let mut row_keys: Vec<Vec<String>> = vec![];
                let mut col_keys: Vec<Vec<String>> = vec![];
                // The first run of each (row, column) cell, looked up once.
                let mut cells: BTreeMap<(Vec<String>, Vec<String>), usize> = BTreeMap::new();
                let (mut seen_rows, mut seen_cols) = (std::collections::BTreeSet::new(), std::collections::BTreeSet::new());
                for (i, run) in self.rows.iter().enumerate() {
                    let (r, c) = (key(run, &rows), key(run, &cols));
                    if seen_rows.insert(r.clone()) {
                        row_keys.push(r.clone());
                    }
                    if seen_cols.insert(c.clone()) {
                        col_keys.push(c.clone());
                    }
                    cells.entry((r, c)).or_insert(i);
                }
                let row_names: Vec<&str> = rows.iter().map(|&i| self.spec.axes[i].name.as_str()).collect();
                let _ = write!(out, "| {} |", row_names.join(" | "));
                for c in &col_keys {
                    let _ = write!(out, " {} |", c.join(" "));
                }
                let _ = write!(out, "\n|{}", "---|".repeat(rows.len() + col_keys.len()));
                out.push('\n');
                for r in &row_keys {
                    let _ = write!(out, "| {} |", r.join(" | "));
                    for c in &col_keys {
                        let run = cells.get(&(r.clone(), c.clone())).map(|&i| &self.rows[i]);
                        let _ = write!(out, " {} |", run.map_or_else(|| "-".into(), cell));
                    }
                    out.push('\n');
                }
            }
            None => {
                let names: Vec<&str> = self.spec.axes.iter().map(|a| a.name.as_str()).collect();
                let _ = writeln!(out, "| {} | value |\n|{}", names.join(" | "), "---|".repeat(names.len() + 1));
                for r in &self.rows {
                    let _ = writeln!(out, "| {} | {} |", r.labels.join(" | "), cell(r));
                }
            }
        }
        out.push('\n');
        for line in self.agreement() {
            let _ = writeln!(out, "- {line}");
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agreement_is_within_one_percent() {
        assert!(agrees(100.0, 100.9));
        assert!(!agrees(100.0, 102.0));
        assert!(agrees(0.0, 0.0));
    }
}
