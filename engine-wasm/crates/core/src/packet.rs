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
    /// A UDP datagram (constant-bit-rate traffic).
    Datagram = 2,
}

/// Flag bits of a packet, shared with the trace.
pub mod flags {
    /// A data segment sent before (a retransmission).
    pub const RETRANSMIT: u16 = 1 << 0;
    /// ECN-capable transport (RFC 3168 ECT codepoint).
    pub const ECT: u16 = 1 << 1;
    /// Congestion experienced: marked by a router's queue (RFC 3168 CE).
    pub const CE: u16 = 1 << 2;
    /// ECN-echo: an ACK telling the sender a CE mark arrived.
    pub const ECE: u16 = 1 << 3;
    /// Congestion window reduced: the sender answered an ECN-echo.
    pub const CWR: u16 = 1 << 4;
    /// Made by a middlebox on an endpoint's behalf (a split proxy's early ACK).
    pub const SPOOFED: u16 = 1 << 5;
    /// Resent from a middlebox's cache (Snoop's local retransmission).
    pub const LOCAL_RETRANSMIT: u16 = 1 << 6;
    /// A marked packet of the one-way delay estimator (seed 004).
    pub const MARKED: u16 = 1 << 7;
    /// ns-2's SYN: segment 0 without payload, when the handshake is modelled.
    pub const SYN: u16 = 1 << 8;
    /// The first segment resent after a timeout: if the receiver already
    /// has it, the timeout was spurious.
    pub const TIMEOUT_RETRANSMIT: u16 = 1 << 9;
    /// Sent in fragments over a link whose MTU it exceeded (trace records only).
    pub const FRAGMENTED: u16 = 1 << 10;
    /// An ACK advertising a receive window (see [`super::Packet::advertised_window`]).
    /// ns-2's one-way sinks advertise none: their senders use their configured window.
    pub const WINDOW: u16 = 1 << 11;
    /// Hit by bit errors on the current channel; discarded on arrival (never traced).
    pub const CORRUPTED: u16 = 1 << 15;
}

/// SACK blocks of an ACK (RFC 2018): ranges `[start, end)` of segments held
/// above the cumulative ACK, the most recently changed first.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct SackBlocks {
    pub len: u8,
    pub blocks: [(u32, u32); 3],
}

impl SackBlocks {
    pub const MAX: usize = 3;

    pub fn iter(&self) -> std::iter::Copied<std::slice::Iter<'_, (u32, u32)>> {
        self.blocks[..self.len as usize].iter().copied()
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
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
    pub flags: u16,
    pub src: NodeId,
    pub dst: NodeId,
    pub seq: u32,
    /// Bytes on the wire, headers included.
    pub size_bytes: u32,
    /// Application bytes carried (an MSS is at most 65,495). An ACK carries
    /// none: with [`flags::WINDOW`] this holds its advertised window instead
    /// (see [`Packet::advertised_window`]), as a TCP header's window field.
    pub payload_bytes: u16,
    /// When the sending agent emitted it: one-way delays are measured from
    /// here, and it is the timestamp value (RFC 7323 TSval) when that option is on.
    pub created_at: SimTime,
    /// SACK blocks (ACKs of a SACK receiver only): the first `sack_len` of
    /// `sack_blocks`; see [`Packet::sack`]. (Stored apart to fit a cache line.)
    pub sack_len: u8,
    pub sack_blocks: [(u32, u32); SackBlocks::MAX],
    /// The timestamp echoed by an ACK (RFC 7323 TSecr); zero when the option is off.
    pub ts_ecr: SimTime,
}

// A packet fills one cache line: it is copied at every hop.
const _: () = assert!(std::mem::size_of::<Packet>() <= 64);

impl Packet {
    pub fn is_retransmit(&self) -> bool {
        self.has(flags::RETRANSMIT)
    }

    pub fn has(&self, flag: u16) -> bool {
        self.flags & flag != 0
    }

    pub fn sack(&self) -> SackBlocks {
        SackBlocks { len: self.sack_len, blocks: self.sack_blocks }
    }

    pub fn set_sack(&mut self, sack: SackBlocks) {
        self.sack_len = sack.len;
        self.sack_blocks = sack.blocks;
    }

    /// The receive window an ACK advertises, in segments (RFC 9293 3.1's
    /// window field, counted in segments like every window here); `None` when
    /// it advertises none (ns-2's sinks), so the sender keeps its configured one.
    pub fn advertised_window(&self) -> Option<u32> {
        (self.kind == PacketKind::Ack && self.has(flags::WINDOW)).then_some(self.payload_bytes as u32)
    }

    /// Makes this ACK advertise `segments` (at most 65,535).
    pub fn set_advertised_window(&mut self, segments: u32) {
        debug_assert_eq!(self.kind, PacketKind::Ack, "only ACKs advertise a window here");
        self.flags |= flags::WINDOW;
        self.payload_bytes = segments.min(u16::MAX as u32) as u16;
    }
}

#[cfg(test)]
impl Packet {
    /// A packet of flow 0 from node 0 to node 1, for tests.
    pub fn for_test(kind: PacketKind, seq: u32, size_bytes: u32) -> Packet {
        let payload_bytes = if kind == PacketKind::Data { size_bytes.saturating_sub(40) as u16 } else { 0 };
        Packet { kind, seq, size_bytes, payload_bytes, dst: crate::ids::NodeId(1), ..Packet::default() }
    }
}
