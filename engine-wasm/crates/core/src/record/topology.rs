//! The network as the UI draws it: nodes, channels with their settings, flows.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::topo::{Direction, NodeKind};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Topology {
    pub nodes: Vec<TopologyNode>,
    /// One per link direction; a channel's index is the `channel` of trace records.
    pub channels: Vec<TopologyChannel>,
    /// A flow's index is the `flow` of trace records.
    pub flows: Vec<TopologyFlow>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct TopologyNode {
    pub id: String,
    pub kind: NodeKind,
    /// Display name (the id unless the scenario gives a label).
    pub label: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct TopologyChannel {
    /// `links.<id>.<forward|reverse>`.
    pub name: String,
    pub link: String,
    /// `forward` (link's a to b) or `reverse`.
    pub direction: Direction,
    /// Node index.
    pub from: usize,
    /// Node index.
    pub to: usize,
    pub rate_bps: f64,
    pub delay_ms: f64,
    /// The queue capacity as written, e.g. "50pkt" or "120KB".
    pub queue_limit: String,
    /// Capacity in packets, when limited in packets.
    pub queue_limit_packets: Option<u32>,
    /// Capacity in bytes, when limited in bytes.
    pub queue_limit_bytes: Option<u64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct TopologyFlow {
    pub id: String,
    /// Node index of the sender.
    pub from: usize,
    /// Node index of the receiver.
    pub to: usize,
    pub variant: String,
    /// Bytes on the wire of a full data segment (MSS plus headers).
    pub segment_bytes: u32,
}
