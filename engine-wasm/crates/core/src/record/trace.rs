//! The packet trace: one record per packet per channel it entered.
//!
//! A record holds the times that fix a packet's whole passage over one
//! channel: it waits in the queue from `enqueued` to `tx_start`, is
//! serialized until `tx_end`, and its last bit reaches the far end at
//! `tx_end + delay` of the channel. The animation draws from these alone.

use crate::ids::{ChannelId, FlowId};
use crate::packet::{PacketKind, SackBlocks};
use crate::time::SimTime;

/// What became of a packet on a channel.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Fate {
    /// Crossed the channel and reached the far node.
    Delivered = 0,
    /// Refused by a full queue (never transmitted).
    QueueDrop = 1,
    /// Transmitted but corrupted by the error model; discarded on arrival.
    Corrupted = 2,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TraceRecord {
    pub enqueued: SimTime,
    pub tx_start: SimTime,
    pub tx_end: SimTime,
    pub uid: u32,
    pub channel: ChannelId,
    pub flow: FlowId,
    pub seq: u32,
    pub size_bytes: u32,
    pub kind: PacketKind,
    pub flags: u16,
    pub fate: Fate,
    /// When the sending agent emitted the packet (for its one-way delay so far).
    pub created: SimTime,
    pub sack: SackBlocks,
    pub ts_ecr: SimTime,
}

/// Trace records in admission order, with a cursor for streaming.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    enabled: bool,
    records: Vec<TraceRecord>,
    drained: usize,
}

impl Trace {
    pub fn new(enabled: bool) -> Self {
        Trace { enabled, records: Vec::new(), drained: 0 }
    }

    pub fn is_enabled(&self) -> bool {
        self.enabled
    }

    #[inline]
    pub fn push(&mut self, record: TraceRecord) {
        if self.enabled {
            self.records.push(record);
        }
    }

    pub fn records(&self) -> &[TraceRecord] {
        &self.records
    }

    /// Records appended since the previous drain.
    pub fn drain(&mut self) -> &[TraceRecord] {
        let from = self.drained;
        self.drained = self.records.len();
        &self.records[from..]
    }
}
