//! Exports of a run: series as CSV, the trace as ns-2 trace text or pcap.

pub mod csv;
pub mod ns2;
pub mod pcap;

use crate::ids::NodeId;

/// What exporters need to know about a flow.
#[derive(Clone, Debug)]
pub struct FlowEndpoints {
    pub sender: NodeId,
    pub receiver: NodeId,
    pub mss_bytes: u32,
    pub rwnd_bytes: u64,
}
