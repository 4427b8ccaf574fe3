//! The scenario text parsed last, kept as its tree. The web app checks one
//! text with many overrides (the run, its seed, each knob's options), and
//! parsing the TOML was most of every check; in a cold page it also made the
//! browser compile the parser a second time, with its optimising tier, while
//! the first run waited for a core. One document is kept, so memory stays
//! bounded by the scenario size limit.

use ackscope_engine::scenario::{self, Format, ScenarioErrors};
use serde_json::Value;
use std::cell::RefCell;

thread_local! {
    static LAST: RefCell<Option<(Format, String, Value)>> = const { RefCell::new(None) };
}

/// `text` as a tree ([`scenario::parse`]), from the cache when it is the
/// text parsed last (a copy: overrides are applied to it).
pub fn parsed(text: &str, format: Format) -> Result<Value, ScenarioErrors> {
    let hit = LAST.with(|last| match &*last.borrow() {
        Some((f, t, doc)) if *f == format && t == text => Some(doc.clone()),
        _ => None,
    });
    if let Some(doc) = hit {
        return Ok(doc);
    }
    let doc = scenario::parse(text, format)?;
    LAST.with(|last| *last.borrow_mut() = Some((format, text.to_string(), doc.clone())));
    Ok(doc)
}

#[cfg(test)]
mod tests {
    use super::*;

    const WIRED: &str = include_str!("../../../../scenarios/seed000/wired.toml");

    #[test]
    fn a_text_parsed_again_is_the_same_tree_even_after_its_copy_was_changed() {
        let mut first = parsed(WIRED, Format::Toml).unwrap();
        first["title"] = Value::from("changed by an override");
        let again = parsed(WIRED, Format::Toml).unwrap();
        assert_eq!(again, scenario::parse(WIRED, Format::Toml).unwrap());
        assert_ne!(again["title"], first["title"]);
    }

    #[test]
    fn another_text_or_format_is_parsed_anew() {
        parsed(WIRED, Format::Toml).unwrap();
        let other = WIRED.replacen("duration", "# a comment\nduration", 1);
        assert_eq!(parsed(&other, Format::Toml).unwrap(), scenario::parse(&other, Format::Toml).unwrap());
        let json = r#"{"version": 1, "id": "x"}"#;
        parsed(json, Format::Json).unwrap();
        assert!(parsed(json, Format::Toml).is_err(), "JSON text read as TOML must fail, not come from the cache");
    }

    #[test]
    fn a_text_that_does_not_parse_reports_its_error_every_time() {
        for _ in 0..2 {
            let errors = parsed("version = [", Format::Toml).unwrap_err();
            assert!(errors.0[0].problem.contains("invalid TOML"), "{errors:?}");
        }
    }
}
