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

impl FieldError {
    pub fn new(path: impl Into<String>, problem: impl Into<String>, allowed: impl Into<String>) -> Self {
        FieldError { path: path.into(), problem: problem.into(), allowed: Some(allowed.into()) }
    }

    /// From a message that may end in "(allowed: ...)".
    pub fn from_message(path: impl Into<String>, message: &str) -> Self {
        let (problem, allowed) = match message.rfind(" (allowed: ") {
            Some(i) if message.ends_with(')') => {
                (message[..i].to_string(), Some(message[i + 11..message.len() - 1].to_string()))
            }
            _ => (message.to_string(), None),
        };
        FieldError { path: path.into(), problem, allowed }
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
    fn prints_path_problem_and_allowed() {
        let e = FieldError::from_message("links.sat.forward.rate", "invalid rate \"x\" (allowed: e.g. 10Mbps)");
        assert_eq!(e.problem, "invalid rate \"x\"");
        assert_eq!(e.to_string(), "links.sat.forward.rate: invalid rate \"x\" (allowed: e.g. 10Mbps)");
    }
}
