//! Scenario files: format, loading, overrides, validation.

mod app;
pub mod aqm;
mod channel;
mod check;
pub mod error;
pub mod limits;
pub mod load;
mod mechanisms;
pub mod middlebox;
pub mod model;
pub mod path;
pub mod resolve;
mod tcp;
pub mod units;

pub use error::{FieldError, ScenarioErrors};
pub use load::{Format, Override};
pub use middlebox::{BufferLimit, Interval, MiddleboxKind, MiddleboxSpec, MtcpSpec, SnoopSpec, SplitSpec};
pub use model::*;
pub use crate::topo::Direction;
pub use resolve::Resolved;

/// Parses, overrides, deserializes and validates a scenario in one go.
pub fn load(text: &str, format: Format, overrides: &[Override]) -> Result<(Scenario, Resolved), ScenarioErrors> {
    // Too many overrides is reported before anything in the text.
    limits::check_overrides(overrides.len())?;
    let doc = parse(text, format)?;
    load_parsed(doc, overrides)
}

/// The first half of [`load`]: the document's text, within its limits, as a tree.
pub fn parse(text: &str, format: Format) -> Result<serde_json::Value, ScenarioErrors> {
    limits::check_text(text)?;
    if format == Format::Toml {
        limits::check_toml_headers(text)?;
    }
    let doc = load::parse_document(text, format)?;
    limits::check_document(&doc)?;
    Ok(doc)
}

/// The second half of [`load`]: overrides applied to a tree from [`parse`],
/// then deserialized and resolved. A caller that checks one text with many
/// overrides (the web app's knobs) parses it once.
pub fn load_parsed(mut doc: serde_json::Value, overrides: &[Override]) -> Result<(Scenario, Resolved), ScenarioErrors> {
    limits::check_overrides(overrides.len())?;
    load::apply_overrides(&mut doc, overrides)?;
    limits::check_document(&doc)?;
    let scenario = load::from_value(&doc)?;
    let resolved = resolve::resolve(&scenario)?;
    Ok((scenario, resolved))
}

/// JSON Schema of the scenario format, with the engine's output types under
/// `$defs` so the web app's TypeScript types come from the same source.
pub fn json_schema() -> serde_json::Value {
    let mut generator = schemars::generate::SchemaSettings::draft2020_12().into_generator();
    let mut root = generator.root_schema_for::<Scenario>();
    generator.subschema_for::<crate::record::Summary>();
    generator.subschema_for::<FieldError>();
    generator.subschema_for::<crate::record::SeriesInfo>();
    generator.subschema_for::<crate::record::Recording>();
    generator.subschema_for::<crate::record::Topology>();
    let defs = generator.take_definitions(true);
    let obj = root.as_object_mut().expect("a root schema is an object");
    let target = obj.entry("$defs").or_insert_with(|| serde_json::Value::Object(Default::default()));
    if let Some(target) = target.as_object_mut() {
        for (k, v) in defs {
            target.entry(k).or_insert(v);
        }
    }
    serde_json::to_value(root).expect("schemas serialize")
}

/// Two nodes, one link, one flow: the smallest valid scenario, for tests.
#[cfg(test)]
pub(crate) const TWO_NODES: &str = r#"
    version = 1
    id = "t"
    title = "T"
    duration = "10s"
    nodes = [{ id = "a" }, { id = "b" }]
    links = [{ id = "ab", a = "a", b = "b", rate = "1Mbps", delay = "10ms" }]
    flows = [{ id = "f", from = "a", to = "b" }]
"#;

/// The problems `load` reports for `text` with `sets` applied, as printed
/// (none when it loads): for validation tests.
#[cfg(test)]
pub(crate) fn load_errors(text: &str, sets: &[&str]) -> Vec<String> {
    let overrides: Vec<Override> = sets.iter().map(|s| Override::parse(s).unwrap()).collect();
    match load(text, Format::Toml, &overrides) {
        Ok(_) => vec![],
        Err(ScenarioErrors(e)) => e.iter().map(ToString::to_string).collect(),
    }
}
