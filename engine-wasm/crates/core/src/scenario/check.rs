//! Collects a scenario's problems as its parts are checked, each at the
//! path where the value was written.

use super::error::FieldError;
use super::units::Dur;
use std::collections::HashMap;

/// Collects every problem instead of stopping at the first.
#[derive(Default)]
pub(super) struct Checker {
    pub(super) errors: Vec<FieldError>,
}

impl Checker {
    pub(super) fn fail(&mut self, path: impl Into<String>, problem: impl Into<String>, allowed: impl Into<String>) {
        self.errors.push(FieldError::new(path, problem, allowed));
    }

    pub(super) fn range<T: PartialOrd + std::fmt::Display + Copy>(&mut self, path: &str, v: T, lo: T, hi: T, shown: &dyn Fn(T) -> String) {
        if !(lo <= v && v <= hi) {
            self.fail(path, format!("{} is out of range", shown(v)), format!("{} to {}", shown(lo), shown(hi)));
        }
    }

    pub(super) fn id(&mut self, path: &str, id: &str, seen: &mut HashMap<String, ()>) {
        let valid = !id.is_empty() && id.len() <= 64 && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
        if !valid {
            self.fail(path, format!("invalid id \"{id}\""), "1 to 64 letters, digits, '_' or '-'");
        } else if seen.insert(id.to_string(), ()).is_some() {
            self.fail(path, format!("duplicate id \"{id}\""), "ids unique within the list");
        }
    }
}

pub(super) fn dur(d: Dur) -> String {
    d.to_string()
}
