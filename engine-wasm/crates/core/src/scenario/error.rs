//! Errors in scenarios, each naming the field and what it allows.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt;

/// One problem with one field: printed as `path: problem (allowed: ...)`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct FieldError {
    /// Dotted path with list items named by id, e.g. `links.sat.forward.rate`.
    pub path: String,
    pub problem: String,
    /// What the field accepts, when that can be said briefly.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allowed: Option<String>,
}

/// Characters of a quoted value kept in a message: a 10 MB bad value is
/// quoted as its first few characters, not echoed whole.
const QUOTE_KEEP: usize = 40;
/// Characters of a path, a problem or an allowed list kept at most.
const PART_KEEP: usize = 600;

/// `text` with every quoted span longer than [`QUOTE_KEEP`] characters cut
/// to that many plus "...", and the whole cut to [`PART_KEEP`] characters.
pub fn shorten(text: &str) -> String {
    if text.len() <= QUOTE_KEEP {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len().min(PART_KEEP + 8));
    let (mut quoted, mut kept, mut skipping) = (false, 0usize, false);
    for c in text.chars() {
        if c == '"' {
            if skipping {
                out.push_str("...");
            }
            quoted = !quoted;
            kept = 0;
            skipping = false;
            out.push(c);
        } else if quoted && kept >= QUOTE_KEEP {
            skipping = true;
        } else {
            kept += usize::from(quoted);
            out.push(c);
        }
        if out.chars().count() > PART_KEEP {
            out = out.chars().take(PART_KEEP).collect();
            out.push_str("...");
            return out;
        }
    }
    if skipping {
        out.push_str("...");
    }
    out
}

impl FieldError {
    pub fn new(path: impl Into<String>, problem: impl Into<String>, allowed: impl Into<String>) -> Self {
        let allowed = shorten(&allowed.into());
        FieldError {
            path: shorten(&path.into()),
            problem: shorten(&problem.into()),
            // An empty list would print "(allowed: )": say where to look instead.
            allowed: Some(if allowed.is_empty() { "see the scenario format (scenarios/schema.json)".into() } else { allowed }),
        }
    }

    /// From a message that may end in "(allowed: ...)".
    pub fn from_message(path: impl Into<String>, message: &str) -> Self {
        let (problem, allowed) = match message.rfind(" (allowed: ") {
            Some(i) if message.ends_with(')') => {
                (message[..i].to_string(), Some(message[i + 11..message.len() - 1].to_string()))
            }
            _ => (message.to_string(), None),
        };
        let allowed = allowed.filter(|a| !a.trim().is_empty()).unwrap_or_else(|| "see the scenario format (scenarios/schema.json)".into());
        FieldError::new(path, problem, allowed)
    }
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path, self.problem)?;
        if let Some(allowed) = &self.allowed {
            write!(f, " (allowed: {allowed})")?;
        }
        Ok(())
    }
}

/// All problems found in one scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioErrors(pub Vec<FieldError>);

impl fmt::Display for ScenarioErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ScenarioErrors {}

impl From<FieldError> for ScenarioErrors {
    fn from(e: FieldError) -> Self {
        ScenarioErrors(vec![e])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_values_are_quoted_as_a_short_prefix() {
        let huge = "9".repeat(10_000_000);
        let e = FieldError::new("links.l.rate", format!("invalid rate \"{huge}\": unknown unit \"{huge}\""), "e.g. 10Mbps");
        let shown = e.to_string();
        assert!(shown.len() < 300, "{} bytes", shown.len());
        assert!(shown.starts_with(&format!("links.l.rate: invalid rate \"{}...\": unknown unit", "9".repeat(40))), "{shown}");
        assert_eq!(shorten("short \"x\""), "short \"x\"");
    }

    #[test]
    fn every_error_says_what_is_allowed() {
        assert!(FieldError::from_message("a", "bad").to_string().ends_with("(allowed: see the scenario format (scenarios/schema.json))"));
        assert!(!FieldError::new("a", "bad", "").to_string().ends_with("(allowed: )"));
    }

    #[test]
    fn prints_path_problem_and_allowed() {
        let e = FieldError::from_message("links.sat.forward.rate", "invalid rate \"x\" (allowed: e.g. 10Mbps)");
        assert_eq!(e.problem, "invalid rate \"x\"");
        assert_eq!(e.to_string(), "links.sat.forward.rate: invalid rate \"x\" (allowed: e.g. 10Mbps)");
    }
}
