//! From text to a typed scenario: parse TOML or JSON, apply overrides, then
//! deserialize with every error naming its field.

use super::error::{FieldError, ScenarioErrors};
use super::model::Scenario;
use super::path::{self, PathSegment};
use serde_json::Value;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    Toml,
    Json,
}

impl Format {
    /// By file extension: `.json` is JSON, anything else TOML.
    pub fn from_path(p: &str) -> Format {
        if p.to_ascii_lowercase().ends_with(".json") {
            Format::Json
        } else {
            Format::Toml
        }
    }
}

/// One `path=value` override.
#[derive(Clone, Debug, PartialEq)]
pub struct Override {
    pub path: String,
    pub value: Value,
}

impl Override {
    /// From `path=value`, the value read as by [`path::parse_value`].
    pub fn parse(assignment: &str) -> Result<Override, FieldError> {
        let Some((p, v)) = assignment.split_once('=') else {
            return Err(FieldError::new(
                assignment,
                "an override needs PATH=VALUE",
                "e.g. links.sat.forward.rate=2Mbps",
            ));
        };
        Ok(Override { path: p.trim().to_string(), value: path::parse_value(v) })
    }
}

fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
    (line, col)
}

/// Parses the document into a JSON tree.
pub fn parse_document(text: &str, format: Format) -> Result<Value, ScenarioErrors> {
    match format {
        Format::Toml => toml::from_str::<Value>(text).map_err(|e| {
            let (line, col) = e.span().map_or((1, 1), |s| line_col(text, s.start));
            FieldError::new(format!("line {line}, column {col}"), format!("invalid TOML: {}", e.message().trim()), "TOML 1.0 syntax")
                .into()
        }),
        Format::Json => serde_json::from_str::<Value>(text).map_err(|e| {
            FieldError::new(format!("line {}, column {}", e.line(), e.column()), format!("invalid JSON: {e}"), "JSON syntax")
                .into()
        }),
    }
}

pub fn apply_overrides(doc: &mut Value, overrides: &[Override]) -> Result<(), ScenarioErrors> {
    let errors: Vec<FieldError> =
        overrides.iter().filter_map(|o| path::set(doc, &o.path, o.value.clone()).err()).collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(ScenarioErrors(errors))
    }
}

/// Deserializes a scenario from its JSON tree.
pub fn from_value(doc: &Value) -> Result<Scenario, ScenarioErrors> {
    serde_path_to_error::deserialize::<_, Scenario>(doc).map_err(|e| {
        let segments: Vec<PathSegment> = e
            .path()
            .iter()
            .filter_map(|s| match s {
                serde_path_to_error::Segment::Map { key } => Some(PathSegment::Key(key.clone())),
                serde_path_to_error::Segment::Seq { index } => Some(PathSegment::Index(*index)),
                serde_path_to_error::Segment::Enum { .. } | serde_path_to_error::Segment::Unknown => None,
            })
            .collect();
        humanize(&path::display(doc, &segments), &e.inner().to_string()).into()
    })
}

/// Names in backticks, in order: "unknown field `x`, expected `a` or `b`" -> [x, a, b].
fn ticked(message: &str) -> Vec<&str> {
    message.split('`').skip(1).step_by(2).collect()
}

/// Rewrites serde's messages as `problem (allowed: ...)` for a field path.
pub(crate) fn humanize(field: &str, message: &str) -> FieldError {
    let names = ticked(message);
    let join = |from: usize| names.get(from..).unwrap_or(&[]).join(", ");
    if message.starts_with("unknown field") {
        // The deserializer's path already ends at the unknown key.
        let name = names.first().copied().unwrap_or("?");
        let path = if field.ends_with(&format!(".{name}")) || field == name { field.to_string() } else { format!("{field}.{name}") };
        let allowed = if names.len() > 1 { join(1) } else { "no fields here".to_string() };
        return FieldError::new(path, "unknown field", allowed);
    }
    if message.starts_with("missing field") {
        let name = names.first().copied().unwrap_or("?");
        let path = if field == "scenario" { name.to_string() } else { format!("{field}.{name}") };
        return FieldError::new(path, "missing", "a value is required");
    }
    if message.starts_with("unknown variant") {
        return FieldError::new(field, format!("unknown value \"{}\"", names.first().unwrap_or(&"?")), join(1));
    }
    if let Some(rest) = message.strip_prefix("invalid type: ").or_else(|| message.strip_prefix("invalid value: ")) {
        if let Some((found, expected)) = rest.split_once(", expected ") {
            return FieldError::new(field, format!("found {found}"), plain_expectation(expected));
        }
    }
    FieldError::from_message(field, message)
}

/// serde's names for types, in words.
fn plain_expectation(expected: &str) -> String {
    match expected {
        "u32" | "u64" | "u16" | "u8" | "usize" => "a whole number, 0 or more".to_string(),
        "i64" | "i32" => "a whole number".to_string(),
        "f64" | "f32" => "a number".to_string(),
        "a boolean" => "true or false".to_string(),
        "a string" => "text".to_string(),
        "a sequence" => "a list".to_string(),
        other => other.trim_start_matches("struct ").to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MINIMAL: &str = r#"
        version = 1
        id = "t"
        title = "T"
        duration = "1s"
        [[nodes]]
        id = "a"
        [[nodes]]
        id = "b"
        [[links]]
        id = "l"
        a = "a"
        b = "b"
        rate = "1Mbps"
        delay = "10ms"
        [[flows]]
        id = "f"
        from = "a"
        to = "b"
    "#;

    fn load(text: &str, sets: &[&str]) -> Result<Scenario, ScenarioErrors> {
        let mut doc = parse_document(text, Format::Toml)?;
        let overrides: Vec<Override> = sets.iter().map(|s| Override::parse(s).unwrap()).collect();
        apply_overrides(&mut doc, &overrides)?;
        from_value(&doc)
    }

    fn first_error(text: &str, sets: &[&str]) -> String {
        load(text, sets).unwrap_err().0[0].to_string()
    }

    #[test]
    fn a_minimal_scenario_loads_with_defaults() {
        let s = load(MINIMAL, &[]).unwrap();
        assert_eq!(s.flows[0].tcp.mss.0, 1000);
        assert_eq!(s.links[0].rate.unwrap().0, 1_000_000);
    }

    #[test]
    fn overrides_reach_list_items_by_id() {
        let s = load(MINIMAL, &["links.l.forward.rate=2Mbps", "flows.f.tcp.variant=tahoe", "seed=7"]).unwrap();
        assert_eq!(s.links[0].forward.as_ref().unwrap().rate.unwrap().0, 2_000_000);
        assert_eq!(s.flows[0].tcp.variant, crate::tcp::Variant::Tahoe);
        assert_eq!(s.seed, 7);
    }

    #[test]
    fn unknown_fields_name_the_path_and_the_fields_allowed() {
        let e = first_error(MINIMAL, &["flows.f.tcp.sackk=true"]);
        assert!(e.starts_with("flows.f.tcp.sackk: unknown field (allowed: variant, mss,"), "{e}");
    }

    #[test]
    fn bad_enum_values_list_the_choices() {
        let e = first_error(MINIMAL, &["flows.f.tcp.variant=rno"]);
        assert!(e.starts_with("flows.f.tcp.variant: unknown value \"rno\" (allowed: tahoe, reno, newreno, sack1"), "{e}");
    }

    #[test]
    fn bad_units_name_the_field() {
        let e = first_error(MINIMAL, &["links.l.rate=10Mbs"]);
        assert!(e.starts_with("links.l.rate: invalid rate \"10Mbs\": unknown unit \"Mbs\" (allowed:"), "{e}");
    }

    #[test]
    fn wrong_types_say_what_was_found_and_expected() {
        let e = first_error(MINIMAL, &["flows.f.tcp.initial_window=\"two\""]);
        assert_eq!(e, "flows.f.tcp.initial_window: found string \"two\" (allowed: a whole number, 0 or more)");
    }

    #[test]
    fn missing_fields_are_named() {
        let e = first_error(&MINIMAL.replace("duration = \"1s\"", ""), &[]);
        assert_eq!(e, "duration: missing (allowed: a value is required)");
    }

    #[test]
    fn syntax_errors_give_line_and_column() {
        let e = first_error("version = 1\nid = \n", &[]);
        assert!(e.starts_with("line 2, column "), "{e}");
    }
}
