//! Sweeps: a base scenario run over every combination of a few axes, with
//! one value per run laid out as a table and compared with reference tables
//! (a paper's, ns-2's).
//!
//! A sweep file (TOML) names the base scenario, the axes (each value a named
//! set of overrides), the value to report and how to lay out the table.

use crate::record::{Recording, Summary};
use crate::scenario::{FieldError, Format, Override, ScenarioErrors};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::Path;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SweepSpec {
    pub id: String,
    pub title: String,
    #[serde(default)]
    pub description: String,
    /// The base scenario file, relative to the sweep file.
    pub base: String,
    /// Overrides applied to every run.
    #[serde(default)]
    pub set: BTreeMap<String, serde_json::Value>,
    pub axes: Vec<Axis>,
    /// The number each run contributes to the table.
    pub value: ValueSpec,
    /// How to lay the values out; by default one row per run.
    #[serde(default)]
    pub table: Option<TableSpec>,
    /// Tables to compare with, CSV files relative to the sweep file.
    #[serde(default)]
    pub references: Vec<Reference>,
}

/// One dimension of the sweep: named points, each a set of overrides.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Axis {
    pub name: String,
    pub points: Vec<AxisPoint>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AxisPoint {
    pub label: String,
    /// Field path to value.
    pub set: BTreeMap<String, serde_json::Value>,
}

/// A summary figure of one flow, scaled: e.g. goodput in kbit/s.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ValueSpec {
    pub flow: String,
    /// A numeric field of the flow summary, e.g. "goodput_bps".
    pub field: String,
    #[serde(default = "one")]
    pub scale: f64,
    #[serde(default)]
    pub unit: String,
    #[serde(default = "one_decimal")]
    pub decimals: usize,
}

fn one() -> f64 {
    1.0
}
fn one_decimal() -> usize {
    1
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TableSpec {
    /// Axes whose labels make the rows, outermost first.
    pub rows: Vec<String>,
    /// Axes whose labels make the columns, outermost first.
    pub columns: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Reference {
    /// Short name, e.g. "paper" or "ns-2".
    pub name: String,
    /// CSV with one column per axis (labels) and a `value` column.
    pub file: String,
}

/// One run of the sweep: a label per axis and the overrides they make.
#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    pub labels: Vec<String>,
    pub overrides: Vec<Override>,
}

/// Reads a sweep file.
pub fn parse(text: &str) -> Result<SweepSpec, ScenarioErrors> {
    let doc = crate::scenario::load::parse_document(text, crate::scenario::Format::Toml)?;
    serde_path_to_error::deserialize::<_, SweepSpec>(&doc).map_err(|e| {
        FieldError::from_message(e.path().to_string(), &e.inner().to_string()).into()
    })
}

fn overrides(set: &BTreeMap<String, serde_json::Value>) -> impl Iterator<Item = Override> + '_ {
    set.iter().map(|(path, value)| Override { path: path.clone(), value: value.clone() })
}

/// Every combination of the axes' points, the last axis varying fastest.
pub fn expand(spec: &SweepSpec) -> Vec<Point> {
    let mut points = vec![Point { labels: vec![], overrides: overrides(&spec.set).collect() }];
    for axis in &spec.axes {
        points = points
            .into_iter()
            .flat_map(|p| {
                axis.points.iter().map(move |ap| {
                    let mut q = p.clone();
                    q.labels.push(ap.label.clone());
                    q.overrides.extend(overrides(&ap.set));
                    q
                })
            })
            .collect();
    }
    points
}

/// The reported number of one run.
pub fn value_of(spec: &ValueSpec, summary: &Summary) -> Option<f64> {
    let flow = summary.flows.iter().find(|f| f.id == spec.flow)?;
    let json = serde_json::to_value(flow).ok()?;
    json.get(&spec.field)?.as_f64().map(|v| v * spec.scale)
}

/// A reference table: axis labels to value.
pub type ReferenceTable = BTreeMap<Vec<String>, f64>;

/// Reads a reference CSV: a header naming the axes and `value`, one row per cell.
pub fn parse_reference(spec: &SweepSpec, csv: &str) -> Result<ReferenceTable, String> {
    let mut lines = csv.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#'));
    let header: Vec<&str> = lines.next().ok_or("empty reference file")?.split(',').map(str::trim).collect();
    let columns: Vec<usize> = spec
        .axes
        .iter()
        .map(|a| header.iter().position(|h| *h == a.name).ok_or(format!("no column \"{}\"", a.name)))
        .collect::<Result<_, _>>()?;
    let value_col = header.iter().position(|h| *h == "value").ok_or("no column \"value\"")?;
    let mut table = ReferenceTable::new();
    for (n, line) in lines.enumerate() {
        let cells: Vec<&str> = line.split(',').map(str::trim).collect();
        let key = columns.iter().map(|&c| cells.get(c).map(|s| s.to_string())).collect::<Option<Vec<_>>>();
        let value = cells.get(value_col).and_then(|v| v.parse::<f64>().ok());
        match (key, value) {
            (Some(k), Some(v)) => {
                table.insert(k, v);
            }
            _ => return Err(format!("row {}: needs every axis column and a numeric value", n + 2)),
        }
    }
    Ok(table)
}

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

/// A sweep with the files it names: its base scenario and reference tables.
pub struct Loaded {
    pub spec: SweepSpec,
    pub base: String,
    pub base_format: Format,
    pub references: Vec<(String, ReferenceTable)>,
}

/// Reads a sweep file and the files it names (relative to it).
pub fn load(file: &Path) -> Result<Loaded, ScenarioErrors> {
    let read = |field: &str, p: &Path| {
        std::fs::read_to_string(p).map_err(|e| {
            ScenarioErrors::from(FieldError::new(field, format!("cannot read {}: {e}", p.display()), "a readable file"))
        })
    };
    let spec = parse(&read("sweep", file)?)?;
    let dir = file.parent().unwrap_or(Path::new("."));
    let base_path = dir.join(&spec.base);
    let base = read("base", &base_path)?;
    let mut references = vec![];
    for r in &spec.references {
        let field = format!("references.{}", r.name);
        let table = parse_reference(&spec, &read(&field, &dir.join(&r.file))?).map_err(|e| {
            ScenarioErrors::from(FieldError::new(&field, e, "a CSV with one column per axis and a value column"))
        })?;
        references.push((r.name.clone(), table));
    }
    Ok(Loaded { base_format: Format::from_path(&base_path.to_string_lossy()), spec, base, references })
}

impl Loaded {
    /// Runs one point to the end; a refusal says which point it was.
    pub fn run(&self, point: &Point) -> Result<Summary, ScenarioErrors> {
        match crate::prepare(&self.base, self.base_format, &point.overrides, Recording::Summary) {
            Ok((_, mut sim)) => {
                sim.run();
                Ok(sim.summary())
            }
            Err(mut e) => {
                for f in &mut e.0 {
                    f.problem = format!("{} (in run {})", f.problem, point.labels.join(" / "));
                }
                Err(e)
            }
        }
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

impl Results<'_> {
    fn value(&self, run: &Summary) -> Option<f64> {
        value_of(&self.spec.value, run)
    }

    fn fmt(&self, v: Option<f64>) -> String {
        v.map_or_else(|| "-".into(), |v| format!("{v:.*}", self.spec.value.decimals))
    }

    /// How many cells agree within 1%: ours against each reference, then each
    /// pair of references.
    pub fn agreement(&self) -> Vec<Agreement> {
        let mut out = vec![];
        for (name, table) in self.references {
            let pairs: Vec<(f64, f64)> = self
                .runs
                .iter()
                .filter_map(|(p, s)| Some((self.value(s)?, *table.get(&p.labels)?)))
                .collect();
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

    pub fn csv(&self) -> String {
        let axes: Vec<&str> = self.spec.axes.iter().map(|a| a.name.as_str()).collect();
        let mut out = axes.join(",");
        out += ",value";
        for (name, _) in self.references {
            let _ = write!(out, ",{name}");
        }
        out += ",retransmits,timeouts,digest\n";
        for (p, s) in &self.runs {
            let flow = s.flows.iter().find(|f| f.id == self.spec.value.flow);
            let _ = write!(out, "{},{}", p.labels.join(","), self.fmt(self.value(s)));
            for (_, table) in self.references {
                let _ = write!(out, ",{}", self.fmt(table.get(&p.labels).copied()));
            }
            let _ = writeln!(
                out,
                ",{},{},{}",
                flow.map_or(0, |f| f.retransmits),
                flow.map_or(0, |f| f.timeouts),
                s.digest
            );
        }
        out
    }

    pub fn json(&self) -> String {
        let runs: Vec<serde_json::Value> = self
            .runs
            .iter()
            .map(|(p, s)| {
                let axes: BTreeMap<&str, &str> =
                    self.spec.axes.iter().zip(&p.labels).map(|(a, l)| (a.name.as_str(), l.as_str())).collect();
                let refs: BTreeMap<&str, Option<f64>> =
                    self.references.iter().map(|(n, t)| (n.as_str(), t.get(&p.labels).copied())).collect();
                serde_json::json!({ "axes": axes, "value": self.value(s), "references": refs, "summary": s })
            })
            .collect();
        serde_json::to_string_pretty(&serde_json::json!({
            "sweep": self.spec.id,
            "value": self.spec.value,
            "agreement": self.agreement().iter().map(ToString::to_string).collect::<Vec<_>>(),
            "runs": runs,
        }))
        .expect("sweep results serialize")
            + "\n"
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
        let cell = |p: &Point, s: &Summary| {
            let mut c = self.fmt(self.value(s));
            if !refs.is_empty() {
                let r: Vec<String> = self.references.iter().map(|(_, t)| self.fmt(t.get(&p.labels).copied())).collect();
                c += &format!(" ({})", r.join(" / "));
            }
            c
        };
        match layout {
            Some((rows, cols)) => {
                let key = |p: &Point, idx: &[usize]| idx.iter().map(|&i| p.labels[i].clone()).collect::<Vec<_>>();
                let mut row_keys: Vec<Vec<String>> = vec![];
                let mut col_keys: Vec<Vec<String>> = vec![];
                for (p, _) in &self.runs {
                    let (r, c) = (key(p, &rows), key(p, &cols));
                    if !row_keys.contains(&r) {
                        row_keys.push(r);
                    }
                    if !col_keys.contains(&c) {
                        col_keys.push(c);
                    }
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
                        let run = self.runs.iter().find(|(p, _)| key(p, &rows) == *r && key(p, &cols) == *c);
                        let _ = write!(out, " {} |", run.map_or_else(|| "-".into(), |(p, s)| cell(p, s)));
                    }
                    out.push('\n');
                }
            }
            None => {
                let names: Vec<&str> = self.spec.axes.iter().map(|a| a.name.as_str()).collect();
                let _ = writeln!(out, "| {} | value |\n|{}", names.join(" | "), "---|".repeat(names.len() + 1));
                for (p, s) in &self.runs {
                    let _ = writeln!(out, "| {} | {} |", p.labels.join(" | "), cell(p, s));
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

    const SWEEP: &str = r#"
        id = "t"
        title = "T"
        base = "x.toml"
        set = { duration = "5s" }
        value = { flow = "f", field = "goodput_bps", scale = 0.001, unit = "kbit/s" }
        table = { rows = ["a"], columns = ["b"] }
        [[axes]]
        name = "a"
        points = [{ label = "a1", set = { seed = 1 } }, { label = "a2", set = { seed = 2 } }]
        [[axes]]
        name = "b"
        points = [{ label = "b1", set = { "flows.f.tcp.variant" = "reno" } }]
    "#;

    #[test]
    fn axes_expand_to_every_combination_with_common_overrides() {
        let spec = parse(SWEEP).unwrap();
        let points = expand(&spec);
        assert_eq!(points.len(), 2);
        assert_eq!(points[1].labels, vec!["a2", "b1"]);
        let paths: Vec<&str> = points[1].overrides.iter().map(|o| o.path.as_str()).collect();
        assert_eq!(paths, vec!["duration", "seed", "flows.f.tcp.variant"]);
    }

    #[test]
    fn references_are_read_by_axis_labels() {
        let spec = parse(SWEEP).unwrap();
        let t = parse_reference(&spec, "# paper\nb,a,value\nb1,a1,12.5\nb1,a2,7\n").unwrap();
        assert_eq!(t.get(&vec!["a1".to_string(), "b1".to_string()]), Some(&12.5));
        assert!(parse_reference(&spec, "a,value\na1,3\n").is_err());
    }

    #[test]
    fn agreement_is_within_one_percent() {
        assert!(agrees(100.0, 100.9));
        assert!(!agrees(100.0, 102.0));
        assert!(agrees(0.0, 0.0));
    }
}
