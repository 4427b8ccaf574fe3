//! A sweep file expanded into its runs for the browser's paper mode: the same
//! expansion as `ackscope sweep` (core's `sweep::expand`), each override written
//! as the raw text a URL's `set=` carries, so a point is both a worker's run
//! and a shareable link to that run.

use ackscope_engine::scenario::{path::parse_value, FieldError};
use ackscope_engine::sweep::{self, SweepSpec};
use serde::Serialize;
use serde_json::Value;

#[derive(Serialize)]
pub struct PointOut {
    pub labels: Vec<String>,
    /// `[path, raw]` pairs, in the order the CLI applies them.
    pub overrides: Vec<(String, String)>,
}

/// `{"ok":true,"spec":{...},"points":[...]}` or `{"ok":false,"errors":[...]}`.
pub fn expansion_json(text: &str) -> String {
    let out = match expand(text) {
        Ok((spec, points)) => serde_json::json!({ "ok": true, "spec": spec, "points": points }),
        Err(errors) => serde_json::json!({ "ok": false, "errors": errors }),
    };
    out.to_string()
}

/// The raw text of a value such that `parse_value(raw) == value`: a bare string
/// when it reads back as itself ("100Mbps"), else its TOML literal ("\"true\"", 1e-6).
pub fn raw_of(value: &Value) -> Option<String> {
    let bare = match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    if parse_value(&bare) == *value {
        return Some(bare);
    }
    let quoted = serde_json::to_string(value).ok()?;
    (parse_value(&quoted) == *value).then_some(quoted)
}

/// Expands a sweep file (TOML text); errors name the field, as the CLI's do.
pub fn expand(text: &str) -> Result<(SweepSpec, Vec<PointOut>), Vec<FieldError>> {
    let spec = sweep::parse(text).map_err(|e| e.0)?;
    let mut points = vec![];
    let mut errors = vec![];
    for point in sweep::expand(&spec) {
        let mut overrides = vec![];
        for o in point.overrides {
            match raw_of(&o.value) {
                Some(raw) => overrides.push((o.path, raw)),
                None => errors.push(FieldError::new(
                    &o.path,
                    format!("value {} cannot be written as a URL override", o.value),
                    "strings, numbers and booleans",
                )),
            }
        }
        points.push(PointOut { labels: point.labels, overrides });
    }
    if errors.is_empty() {
        Ok((spec, points))
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn raw_text_reads_back_as_the_same_value() {
        for v in [json!("100Mbps"), json!("true"), json!("5558807ns"), json!(true), json!(3), json!(1e-6), json!("")] {
            let raw = raw_of(&v).unwrap();
            assert_eq!(parse_value(&raw), v, "{raw}");
        }
        assert_eq!(raw_of(&json!("10Mbps")).unwrap(), "10Mbps");
        assert_eq!(raw_of(&json!("true")).unwrap(), "\"true\"");
    }

    #[test]
    fn expansion_matches_the_cli_order_and_reports_bad_files() {
        let text = r#"
            id = "t"
            title = "T"
            base = "x.toml"
            set = { duration = "5s" }
            value = { flow = "f", field = "goodput_bps" }
            [[axes]]
            name = "a"
            points = [{ label = "a1", set = { seed = 1 } }, { label = "a2", set = { "flows.f.enabled" = false } }]
        "#;
        let (_, points) = expand(text).expect("a valid sweep");
        assert_eq!(points[1].labels, vec!["a2"]);
        assert_eq!(points[1].overrides, vec![("duration".into(), "5s".into()), ("flows.f.enabled".into(), "false".into())]);
        let errors = expand("id = 3").err().expect("a bad sweep refused");
        assert!(!errors.is_empty());
        assert!(expansion_json("id = 3").contains(r#""ok":false"#));
    }

    /// Paper mode expands the bundled sweeps with their cases, as the CLI: seed
    /// 003's Vegas one-way runs end with Vegas's own clock offset.
    #[test]
    fn cases_reach_the_browser_expansion() {
        let (_, points) = expand(include_str!("../../../../scenarios/seed003/table1.sweep.toml")).expect("table 1");
        let p = points.iter().find(|p| p.labels == ["Vegas", "2M", "TCPSink", "one-way"]).expect("a Vegas one-way run");
        assert_eq!(p.overrides.last(), Some(&("flows.ij.tcp.clock_offset".to_string(), "142047ns".to_string())));
        let p = points.iter().find(|p| p.labels == ["Vegas", "2M", "TCPSink", "two-way"]).expect("a Vegas two-way run");
        assert!(p.overrides.contains(&("flows.ij.tcp.clock_offset".to_string(), "4411734ns".to_string())));
    }
}
