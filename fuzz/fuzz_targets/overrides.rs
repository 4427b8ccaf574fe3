//! The URL/override decoder (what the wasm `validate` and `Engine` entry
//! points call): a JSON list of [path, raw value] pairs, each value read as
//! `parse_value` reads it, applied to a shipped scenario. Never a panic.
#![no_main]

use ackscope_engine::scenario::{load, path, Format, Override};
use libfuzzer_sys::fuzz_target;

const BASE: &str = include_str!("../../scenarios/seed000/wired.toml");

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    // As the wasm layer does: a JSON list of pairs, else each line as PATH=VALUE.
    let overrides: Vec<Override> = match serde_json::from_str::<Vec<(String, String)>>(text) {
        Ok(pairs) => pairs.into_iter().map(|(p, raw)| Override { path: p, value: path::parse_value(&raw) }).collect(),
        Err(_) => text.lines().filter_map(|l| Override::parse(l).ok()).collect(),
    };
    if let Err(errors) = load(BASE, Format::Toml, &overrides) {
        assert!(errors.0.iter().all(|e| e.allowed.as_deref().is_some_and(|a| !a.is_empty())));
    }
});
