//! Packets as they cross the simulated network.

use crate::ids::{FlowId, NodeId};
use crate::time::SimTime;

/// What a packet carries.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[repr(u8)]
pub enum PacketKind {
    /// A TCP segment with payload.
    #[default]
    Data = 0,
    /// A pure TCP acknowledgement.
    Ack = 1,
}

/// Flag bits of a packet, shared with the trace.
pub mod flags {
    /// A data segment sent before (a retransmission).
    pub const RETRANSMIT: u8 = 1 << 0;
    /// Hit by bit errors on the current channel; discarded on arrival.
    pub const CORRUPTED: u8 = 1 << 7;
}

/// A packet, copied by value through queues (no allocation per packet).
///
/// Sequence numbers count segments, as in ns-2's one-way TCP agents: data
/// segment `seq` carries bytes `[seq * mss, (seq + 1) * mss)`. An ACK's `seq`
/// is cumulative: the number of the next segment the receiver expects.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Packet {
    /// Unique per run, in send order.
    pub uid: u32,
    pub flow: FlowId,
    pub kind: PacketKind,
    pub flags: u8,
    pub src: NodeId,
    pub dst: NodeId,
    pub seq: u32,
    /// Bytes on the wire, headers included.
    pub size_bytes: u32,
    /// Application bytes carried.
    pub payload_bytes: u32,
    /// When the sending agent emitted it: one-way delays are measured from here.
    pub created_at: SimTime,
}

impl Packet {
    pub fn is_retransmit(&self) -> bool {
        self.flags & flags::RETRANSMIT != 0
    }
}

#[cfg(test)]
impl Packet {
    /// A packet of flow 0 from node 0 to node 1, for tests.
    pub fn for_test(kind: PacketKind, seq: u32, size_bytes: u32) -> Packet {
        let payload_bytes = if kind == PacketKind::Data { size_bytes.saturating_sub(40) } else { 0 };
        Packet { kind, seq, size_bytes, payload_bytes, dst: crate::ids::NodeId(1), ..Packet::default() }
    }
}
