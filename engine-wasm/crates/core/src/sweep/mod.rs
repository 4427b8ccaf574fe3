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
use std::path::Path;

mod cases;
mod shard;
mod table;
pub use cases::Case;
pub use shard::{Fingerprint, PartEnd, PartHeader, PartReader, PartRun, Shard, PART_FORMAT};
pub use table::{run_json, Agreement, Results, Row, Table};

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
    /// Overrides for the runs where given labels of several axes meet,
    /// applied after the axes' own.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cases: Vec<Case>,
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
    let spec = serde_path_to_error::deserialize::<_, SweepSpec>(&doc).map_err(|e| {
        let path = e.path().to_string();
        let path = if path == "." { "sweep".to_string() } else { path };
        ScenarioErrors::from(crate::scenario::load::humanize(&path, &e.inner().to_string()))
    })?;
    cases::check(&spec)?;
    Ok(spec)
}

fn overrides(set: &BTreeMap<String, serde_json::Value>) -> impl Iterator<Item = Override> + '_ {
    set.iter().map(|(path, value)| Override { path: path.clone(), value: value.clone() })
}

/// Most runs one sweep may ask for (seed 003's tables have 240 each).
pub const MAX_POINTS: u64 = 100_000;

/// How many runs the axes make, computed without making them.
pub fn point_count(spec: &SweepSpec) -> u128 {
    spec.axes.iter().fold(1u128, |n, a| n.saturating_mul(a.points.len() as u128))
}

/// Refuses a sweep with more than [`MAX_POINTS`] runs, or an axis with none.
pub fn check_size(spec: &SweepSpec) -> Result<(), ScenarioErrors> {
    let mut errors = vec![];
    for a in spec.axes.iter().filter(|a| a.points.is_empty()) {
        errors.push(FieldError::new(format!("axes.{}.points", a.name), "no points", "at least one point per axis"));
    }
    let n = point_count(spec);
    if n > MAX_POINTS as u128 {
        let sizes: Vec<String> = spec.axes.iter().map(|a| a.points.len().to_string()).collect();
        errors.push(FieldError::new("axes", format!("{n} runs ({})", sizes.join(" x ")), format!("at most {MAX_POINTS} runs in one sweep")));
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(ScenarioErrors(errors))
    }
}

/// Run `index` of the sweep (in [`expand`]'s order), made on its own, so a
/// sweep need not hold every point at once.
pub fn point(spec: &SweepSpec, index: u64) -> Point {
    let mut digits = vec![0usize; spec.axes.len()];
    let mut rest = index;
    for (d, axis) in digits.iter_mut().zip(&spec.axes).rev() {
        let n = axis.points.len().max(1) as u64;
        *d = (rest % n) as usize;
        rest /= n;
    }
    let mut p = Point { labels: vec![], overrides: overrides(&spec.set).collect() };
    for (axis, &d) in spec.axes.iter().zip(&digits) {
        let ap = &axis.points[d];
        p.labels.push(ap.label.clone());
        p.overrides.extend(overrides(&ap.set));
    }
    cases::apply(spec, &mut p);
    p
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
    for p in &mut points {
        cases::apply(spec, p);
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

/// A sweep with the files it names: its base scenario and reference tables.
pub struct Loaded {
    pub spec: SweepSpec,
    pub base: String,
    pub base_format: Format,
    pub references: Vec<(String, ReferenceTable)>,
}

/// Reads a sweep file and the files it names (relative to it), which must
/// lie in the sweep file's own folder or below.
pub fn load(file: &Path) -> Result<Loaded, ScenarioErrors> {
    load_within(file, file.parent().unwrap_or(Path::new(".")))
}

/// `dir.join(relative)`, refused unless it is a file inside `root` once
/// links and `..` are resolved: a sweep names files of its scenario tree,
/// not `../../../../etc/passwd`.
fn inside(root: &Path, dir: &Path, relative: &str, field: &str) -> Result<std::path::PathBuf, ScenarioErrors> {
    let allowed = "a file of the scenario tree, given relative to the sweep file";
    let refuse = |problem: String| ScenarioErrors::from(FieldError::new(field, problem, allowed));
    if Path::new(relative).is_absolute() {
        return Err(refuse(format!("\"{relative}\" is an absolute path")));
    }
    let joined = dir.join(relative);
    let (Ok(real), Ok(root)) = (joined.canonicalize(), root.canonicalize()) else {
        return Err(refuse(format!("no file \"{relative}\"")));
    };
    if !real.starts_with(&root) {
        return Err(refuse(format!("\"{relative}\" is outside the scenario tree {}", root.display())));
    }
    Ok(joined)
}

/// As [`load`], with the files it names allowed anywhere below `root`.
pub fn load_within(file: &Path, root: &Path) -> Result<Loaded, ScenarioErrors> {
    let read = |field: &str, p: &Path| {
        let too_big = std::fs::metadata(p).map(|m| m.len() > crate::scenario::limits::MAX_SCENARIO_BYTES as u64).unwrap_or(false);
        if too_big {
            return Err(ScenarioErrors::from(FieldError::new(
                field,
                format!("{} is too large", p.display()),
                format!("at most {} bytes", crate::scenario::limits::MAX_SCENARIO_BYTES),
            )));
        }
        std::fs::read_to_string(p).map_err(|e| {
            ScenarioErrors::from(FieldError::new(field, format!("cannot read {}: {e}", p.display()), "a readable file"))
        })
    };
    let spec = parse(&read("sweep", file)?)?;
    check_size(&spec)?;
    let dir = file.parent().unwrap_or(Path::new("."));
    let base_path = inside(root, dir, &spec.base, "base")?;
    let base = read("base", &base_path)?;
    let mut references = vec![];
    for r in &spec.references {
        let field = format!("references.{}", r.name);
        let table = parse_reference(&spec, &read(&field, &inside(root, dir, &r.file, &field)?)?).map_err(|e| {
            ScenarioErrors::from(FieldError::new(&field, e, "a CSV with one column per axis and a value column"))
        })?;
        references.push((r.name.clone(), table));
    }
    Ok(Loaded { base_format: Format::from_path(&base_path.to_string_lossy()), spec, base, references })
}

impl Loaded {
    /// Runs one point to the end; a refusal says which point it was.
    pub fn run(&self, point: &Point) -> Result<Summary, ScenarioErrors> {
        Ok(self.run_until(point, |_| false)?.expect("a run that is never stopped finishes"))
    }

    /// As [`Loaded::run`], stopping early (with `None`) when `stop` says so;
    /// `stop` is asked every few milliseconds of work.
    pub fn run_until(&self, point: &Point, mut stop: impl FnMut(&crate::Simulation) -> bool) -> Result<Option<Summary>, ScenarioErrors> {
        match crate::prepare(&self.base, self.base_format, &point.overrides, Recording::Summary) {
            Ok((_, mut sim)) => Ok((sim.run_within(u64::MAX, |s| stop(s)) == crate::RunOutcome::Finished).then(|| sim.summary())),
            Err(mut e) => {
                for f in &mut e.0 {
                    f.problem = format!("{} (in run {})", f.problem, point.labels.join(" / "));
                }
                Err(e)
            }
        }
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
    fn a_case_overrides_only_the_runs_where_its_labels_meet() {
        let text = format!("{SWEEP}\n[[cases]]\nwhen = {{ a = \"a2\", b = \"b1\" }}\nset = {{ seed = 9 }}\n");
        let spec = parse(&text).unwrap();
        let points = expand(&spec);
        let seeds = |p: &Point| p.overrides.iter().filter(|o| o.path == "seed").map(|o| o.value.clone()).collect::<Vec<_>>();
        assert_eq!(seeds(&points[0]), vec![serde_json::json!(1)]);
        // After the axes' own, so the case's value is the one applied.
        assert_eq!(seeds(&points[1]), vec![serde_json::json!(2), serde_json::json!(9)]);
        for (i, p) in points.iter().enumerate() {
            assert_eq!(&point(&spec, i as u64), p);
        }
        // A sweep without cases serializes as before (its shards' fingerprints stay).
        assert!(!serde_json::to_string(&parse(SWEEP).unwrap()).unwrap().contains("cases"));
    }

    #[test]
    fn a_case_naming_an_unknown_axis_or_label_is_refused() {
        let with = |when: &str| parse(&format!("{SWEEP}\n[[cases]]\nwhen = {{ {when} }}\nset = {{ seed = 9 }}\n"));
        assert_eq!(with("a = \"a3\"").unwrap_err().to_string(), "cases[0].when.a: no label \"a3\" (allowed: a1, a2)");
        assert_eq!(with("c = \"a1\"").unwrap_err().to_string(), "cases[0].when.c: no axis \"c\" (allowed: a, b)");
        assert!(with("").unwrap_err().to_string().starts_with("cases[0].when: names no axis"));
    }

    #[test]
    fn references_are_read_by_axis_labels() {
        let spec = parse(SWEEP).unwrap();
        let t = parse_reference(&spec, "# paper\nb,a,value\nb1,a1,12.5\nb1,a2,7\n").unwrap();
        assert_eq!(t.get(&vec!["a1".to_string(), "b1".to_string()]), Some(&12.5));
        assert!(parse_reference(&spec, "a,value\na1,3\n").is_err());
    }

    #[test]
    fn points_are_made_one_at_a_time_in_the_order_of_expand() {
        let spec = parse(SWEEP).unwrap();
        let all = expand(&spec);
        for (i, p) in all.iter().enumerate() {
            assert_eq!(&point(&spec, i as u64), p);
        }
    }

    #[test]
    fn a_sweep_of_a_million_runs_is_refused_before_any_point_is_made() {
        let axis = |name: &str| Axis { name: name.into(), points: (0..1000).map(|i| AxisPoint { label: i.to_string(), set: BTreeMap::new() }).collect() };
        let mut spec = parse(SWEEP).unwrap();
        spec.axes = vec![axis("a"), axis("b")];
        assert_eq!(point_count(&spec), 1_000_000);
        let e = check_size(&spec).unwrap_err().to_string();
        assert_eq!(e, format!("axes: 1000000 runs (1000 x 1000) (allowed: at most {MAX_POINTS} runs in one sweep)"));
    }

    #[test]
    fn a_base_outside_the_scenario_tree_is_refused() {
        let root = std::env::temp_dir().join(format!("ackscope-sweep-{}", std::process::id()));
        let tree = root.join("tree");
        std::fs::create_dir_all(&tree).unwrap();
        std::fs::write(root.join("secret.toml"), "x").unwrap();
        let sweep = tree.join("t.sweep.toml");
        std::fs::write(&sweep, SWEEP.replace("x.toml", "../secret.toml")).unwrap();
        let e = load(&sweep).err().unwrap().to_string();
        assert!(e.starts_with("base: \"../secret.toml\" is outside the scenario tree"), "{e}");
        std::fs::write(&sweep, SWEEP.replace("x.toml", "/etc/passwd")).unwrap();
        assert!(load(&sweep).err().unwrap().to_string().starts_with("base: \"/etc/passwd\" is an absolute path"));
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// The JSON written run by run is the document serde_json makes of the whole.
    #[test]
    fn json_written_run_by_run_is_the_whole_document() {
        let spec = parse(SWEEP).unwrap();
        let text = crate::scenario::TWO_NODES.replace("10s", "1s");
        let runs: Vec<(Point, Summary)> = expand(&spec)
            .into_iter()
            .map(|p| {
                let (_, mut sim) = crate::prepare(&text, Format::Toml, &p.overrides[1..2], Recording::Summary).unwrap();
                sim.run();
                (p, sim.summary())
            })
            .collect();
        let references = vec![("paper".to_string(), parse_reference(&spec, "a,b,value\na1,b1,3\n").unwrap())];
        for runs in [runs.clone(), vec![]] {
            let results = Results { spec: &spec, runs, references: &references };
            let whole: Vec<serde_json::Value> = results
                .runs
                .iter()
                .map(|(p, s)| serde_json::from_str(&run_json(&spec, &references, p, s)).unwrap())
                .collect();
            let expected = serde_json::to_string_pretty(&serde_json::json!({
                "sweep": spec.id,
                "value": spec.value,
                "agreement": results.agreement().iter().map(ToString::to_string).collect::<Vec<_>>(),
                "runs": whole,
            }))
            .unwrap()
                + "\n";
            assert_eq!(results.json(), expected);
        }
    }

}
