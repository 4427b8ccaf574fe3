//! Size limits checked before anything is built: a file or a link may describe
//! more than a laptop or a browser tab can hold, so its size and the length of
//! every top-level list are checked first, on the raw document, and the
//! structures (nodes, routes, agents) are only allocated for a scenario within
//! them.

use super::error::{FieldError, ScenarioErrors};
use serde_json::Value;

/// Largest scenario text accepted (a capacity trace written inline is the
/// only thing that makes a real scenario large: a minute of a 12 Mbit/s
/// Mahimahi trace is about 400 KB; the shipped scenarios are under 10 KB).
pub const MAX_SCENARIO_BYTES: usize = 2 << 20;
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

/// Counts TOML `[[list]]` headers before parsing: the usual way to write a
/// long list, counted in one pass over the text without building anything.
pub fn check_toml_headers(text: &str) -> Result<(), ScenarioErrors> {
    let lists = [("nodes", MAX_NODES), ("links", MAX_LINKS), ("flows", MAX_FLOWS), ("buffers", MAX_BUFFERS), ("middleboxes", MAX_MIDDLEBOXES)];
    let mut counts = [0usize; 5];
    for line in text.lines() {
        let Some(name) = line.trim().strip_prefix("[[").and_then(|l| l.split_once("]]")).map(|(n, _)| n.trim()) else { continue };
        if let Some(k) = lists.iter().position(|&(l, _)| l == name) {
            counts[k] += 1;
        }
    }
    let errors: Vec<FieldError> = lists
        .iter()
        .zip(counts)
        .filter(|&(&(_, most), n)| n > most)
        .map(|(&(list, most), n)| FieldError::new(list, format!("{n} {list}"), format!("at most {most} {list}")))
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(ScenarioErrors(errors))
    }
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
        assert!(check_text(&text).unwrap_err().to_string().starts_with("scenario: 2097153 bytes is too large"));
    }

    #[test]
    fn toml_list_headers_are_counted_before_parsing() {
        let text = "[[flows]]\nid = \"f\"\n".repeat(MAX_FLOWS + 1);
        assert_eq!(check_toml_headers(&text).unwrap_err().to_string(), "flows: 1001 flows (allowed: at most 1000 flows)");
        assert!(check_toml_headers(&"[[flows]]\n".repeat(MAX_FLOWS)).is_ok());
    }
}
