//! The scenario parser and validator on arbitrary text, as TOML and as JSON:
//! never a panic, and every error names a path and what is allowed.
#![no_main]

use ackscope_engine::scenario::{load, Format};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for format in [Format::Toml, Format::Json] {
        if let Err(errors) = load(text, format, &[]) {
            for e in &errors.0 {
                assert!(!e.path.is_empty() && e.allowed.as_deref().is_some_and(|a| !a.is_empty()), "{e}");
                assert!(e.to_string().len() < 4000, "a {}-byte error", e.to_string().len());
            }
        }
    }
});
