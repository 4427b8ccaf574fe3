//! Size limits checked before anything is built: a file or a link may describe
//! more than a laptop or a browser tab can hold, so its size and the length of
//! every top-level list are checked first, on the raw document, and the
//! structures (nodes, routes, agents) are only allocated for a scenario within
//! them.

use super::error::{FieldError, ScenarioErrors};
use serde_json::Value;

/// Largest scenario text accepted (a capacity trace written inline is the
/// only thing that makes a real scenario large; the shipped ones are under 10 KB).
pub const MAX_SCENARIO_BYTES: usize = 8 << 20;
pub const MAX_NODES: usize = 1000;
/// Two channels per link must fit the engine's 16-bit channel ids.
pub const MAX_LINKS: usize = 2000;
pub const MAX_FLOWS: usize = 1000;
pub const MAX_BUFFERS: usize = 1000;
pub const MAX_MIDDLEBOXES: usize = 1000;
pub const MAX_KNOBS: usize = 200;
/// `--set` / URL overrides in one request.
pub const MAX_OVERRIDES: usize = 1000;

/// Refuses a text larger than [`MAX_SCENARIO_BYTES`] before it is parsed.
pub fn check_text(text: &str) -> Result<(), ScenarioErrors> {
    if text.len() > MAX_SCENARIO_BYTES {
        return Err(FieldError::new(
            "scenario",
            format!("{} bytes is too large", text.len()),
            format!("at most {MAX_SCENARIO_BYTES} bytes"),
        )
        .into());
    }
    Ok(())
}

pub fn check_overrides(count: usize) -> Result<(), ScenarioErrors> {
    if count > MAX_OVERRIDES {
        return Err(FieldError::new("set", format!("{count} overrides"), format!("at most {MAX_OVERRIDES}")).into());
    }
    Ok(())
}

/// The length of every top-level list, on the parsed document, before it is
/// turned into a scenario (which fills in defaults for every item).
pub fn check_document(doc: &Value) -> Result<(), ScenarioErrors> {
    let limits = [
        ("nodes", MAX_NODES),
        ("links", MAX_LINKS),
        ("flows", MAX_FLOWS),
        ("buffers", MAX_BUFFERS),
        ("middleboxes", MAX_MIDDLEBOXES),
        ("knobs", MAX_KNOBS),
    ];
    let errors: Vec<FieldError> = limits
        .iter()
        .filter_map(|&(list, most)| {
            let n = doc.get(list)?.as_array()?.len();
            (n > most).then(|| FieldError::new(list, format!("{n} {list}"), format!("at most {most} {list}")))
        })
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(ScenarioErrors(errors))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn long_lists_are_refused_by_name_before_anything_is_built() {
        let doc = json!({ "nodes": vec![json!({}); MAX_NODES + 1], "flows": [] });
        let e = check_document(&doc).unwrap_err().to_string();
        assert_eq!(e, format!("nodes: {} nodes (allowed: at most {MAX_NODES} nodes)", MAX_NODES + 1));
        assert!(check_document(&json!({ "nodes": [{}, {}] })).is_ok());
    }

    #[test]
    fn a_huge_text_is_refused_before_parsing() {
        let text = "#".repeat(MAX_SCENARIO_BYTES + 1);
        assert!(check_text(&text).unwrap_err().to_string().starts_with("scenario: 8388609 bytes is too large"));
    }
}
