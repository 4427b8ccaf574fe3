//! Scenario format, version 1: the types a scenario file deserializes into.
//!
//! TOML on disk, the same structure as JSON on the wire. Unknown fields are
//! errors. `scenarios/schema.json` and the web app's TypeScript types are
//! generated from these types. The scenario's top level, its nodes and knobs
//! are here; links and their queues, errors and outages in [`link`]; flows,
//! their TCP settings, receivers and applications in [`flow`].

mod flow;
mod link;

pub use flow::*;
pub use link::*;

use super::units::{Dur, QueueCapacity};
pub use crate::topo::NodeKind;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A simulation scenario: topology, links, flows, and the knobs the UI shows.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Format version; must be 1.
    pub version: u32,
    /// Stable identifier, e.g. "seed000/wired".
    pub id: String,
    pub title: String,
    /// What the scenario shows and what to watch for.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// The paper figure or table this scenario reproduces.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paper: Option<PaperRef>,
    /// Seed of every random stream (0 ..= 2^53 - 1, so it survives JavaScript).
    #[serde(default = "default_seed")]
    pub seed: u64,
    /// Simulated time to run.
    pub duration: Dur,
    /// The window over which goodput and throughput are measured (default:
    /// from each flow's start to the end of the run).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub measure: Option<MeasureSpec>,
    pub nodes: Vec<NodeSpec>,
    pub links: Vec<LinkSpec>,
    pub flows: Vec<FlowSpec>,
    /// Buffers shared by the queues of several channels (seed 002's
    /// per-terminal BSC buffer); a queue joins one with `buffer = "<id>"`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub buffers: Vec<BufferSpec>,
    /// Snoop agents, split-connection proxies and M-TCP supervisor hosts on
    /// nodes, each acting on some flows; flows run end to end without them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub middleboxes: Vec<super::middlebox::MiddleboxSpec>,
    /// Controls the UI offers, each bound to a field path.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub knobs: Vec<Knob>,
}

fn default_seed() -> u64 {
    1
}

/// A buffer shared by several channels' queues: a packet enters a member
/// queue only if it fits both that queue's limit and this one, counted over
/// everything the members hold (waiting or being sent). Seed 002's BSC keeps
/// one such buffer per terminal (about 120 KB) for all its connections.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BufferSpec {
    pub id: String,
    /// Capacity: bytes ("120KB") or packets ("100pkt").
    pub limit: QueueCapacity,
}

/// A measurement window `[from, to)`: deliveries in it count.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MeasureSpec {
    pub from: Dur,
    pub to: Dur,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PaperRef {
    /// Seed paper number, "000" to "004".
    pub seed: String,
    /// Figure or table reproduced, e.g. "Fig. 6(a)".
    pub reproduces: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NodeSpec {
    /// Letters, digits, '_' and '-'.
    pub id: String,
    #[serde(default)]
    pub kind: NodeKind,
    /// Display name; defaults to the id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
}

pub(super) fn default_true() -> bool {
    true
}

pub(super) fn is_true(b: &bool) -> bool {
    *b
}

/// A control the UI shows for this scenario: either one field (`path`, with
/// optional `options`) or named `presets` that each set several fields.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Knob {
    /// Dotted field path with list items named by id, e.g. "flows.ftp.tcp.variant".
    /// Empty when the knob has presets.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub path: String,
    pub label: String,
    /// What changing it shows.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub help: String,
    /// Values to offer; empty means any value the field accepts.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<serde_json::Value>,
    /// Named settings of several fields, e.g. SACK off / on.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub presets: Vec<KnobPreset>,
    /// Show it among the prominent mechanism switches (Snoop, SACK, ECN, ...).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub prominent: bool,
}

/// One choice of a preset knob.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct KnobPreset {
    pub label: String,
    /// Field path to value, e.g. { "flows.ftp.receiver.sack" = true }.
    pub set: std::collections::BTreeMap<String, serde_json::Value>,
}
