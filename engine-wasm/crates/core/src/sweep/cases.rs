//! Cases: overrides for the runs where labels of several axes meet, for a
//! value that depends on two axes at once. Seed 003's Table 1 needs one:
//! ns-2 draws each TCP agent's clock offset from one random stream, Vegas
//! agents draw twice when built, and one-way runs build one agent fewer, so
//! Vegas one-way has an offset of its own.

use super::{Point, SweepSpec};
use crate::scenario::{FieldError, ScenarioErrors};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Overrides applied, after every axis's, to each run whose labels include
/// all of `when`'s.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Case {
    /// Axis name to one of its labels.
    pub when: BTreeMap<String, String>,
    /// Field path to value.
    pub set: BTreeMap<String, serde_json::Value>,
}

/// Refuses a case that names no axis, an axis the sweep lacks or a label
/// its axis lacks: such a case would silently match nothing.
pub(super) fn check(spec: &SweepSpec) -> Result<(), ScenarioErrors> {
    let mut errors = vec![];
    for (i, case) in spec.cases.iter().enumerate() {
        if case.when.is_empty() {
            errors.push(FieldError::new(format!("cases[{i}].when"), "names no axis", "one label of each axis it names"));
        }
        for (name, label) in &case.when {
            let path = format!("cases[{i}].when.{name}");
            match spec.axes.iter().find(|a| &a.name == name) {
                None => {
                    let names: Vec<&str> = spec.axes.iter().map(|a| a.name.as_str()).collect();
                    errors.push(FieldError::new(path, format!("no axis \"{name}\""), names.join(", ")));
                }
                Some(axis) if !axis.points.iter().any(|p| &p.label == label) => {
                    let labels: Vec<&str> = axis.points.iter().map(|p| p.label.as_str()).collect();
                    errors.push(FieldError::new(path, format!("no label \"{label}\""), labels.join(", ")));
                }
                Some(_) => {}
            }
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(ScenarioErrors(errors))
    }
}

/// Adds the overrides of every case `point` matches, in the file's order.
pub(super) fn apply(spec: &SweepSpec, point: &mut Point) {
    for case in &spec.cases {
        let matches = case.when.iter().all(|(name, label)| {
            spec.axes.iter().position(|a| &a.name == name).is_some_and(|i| point.labels.get(i) == Some(label))
        });
        if matches {
            point.overrides.extend(super::overrides(&case.set));
        }
    }
}
