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
    /// Removed from the queue by ACK filtering (a newer ACK superseded it).
    Filtered = 3,
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
    /// The receive window an ACK advertises, in segments (flag WINDOW); 0 otherwise.
    pub window: u16,
}

/// Trace records in order of enqueue time, with a cursor for streaming.
///
/// Most records are complete when their packet enters a channel; on a
/// channel that reorders its queue a record is complete only when its packet
/// starts, and may then belong before records already kept. Records are kept
/// sorted, and `drain` hands out only those no later record can precede.
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
        if !self.enabled {
            return;
        }
        match self.records.last() {
            Some(last) if last.enqueued > record.enqueued => {
                // A late record from a reordering queue: insert in place.
                let at = self.records.partition_point(|r| r.enqueued <= record.enqueued);
                debug_assert!(at >= self.drained, "a record arrived after its place was handed out");
                self.records.insert(at.max(self.drained), record);
            }
            _ => self.records.push(record),
        }
    }

    /// All records, sorted by enqueue time.
    pub fn records(&self) -> &[TraceRecord] {
        &self.records
    }

    /// Records not handed out yet and enqueued before `watermark` (no record
    /// still to come can be enqueued before it).
    pub fn drain(&mut self, watermark: SimTime) -> &[TraceRecord] {
        let from = self.drained;
        let to = from + self.records[from..].partition_point(|r| r.enqueued < watermark);
        self.drained = to;
        &self.records[from..to]
    }

    /// Like [`Trace::drain`], but gives the records up: what stays is only
    /// what may still change, so memory does not grow with the run.
    pub fn take(&mut self, watermark: SimTime) -> Vec<TraceRecord> {
        let from = self.drained;
        let to = from + self.records[from..].partition_point(|r| r.enqueued < watermark);
        self.drained = 0;
        self.records.drain(..to).skip(from).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(enqueued: u64, uid: u32) -> TraceRecord {
        TraceRecord {
            enqueued: SimTime(enqueued),
            tx_start: SimTime(enqueued),
            tx_end: SimTime(enqueued),
            uid,
            channel: ChannelId(0),
            flow: FlowId(0),
            seq: 0,
            size_bytes: 40,
            kind: PacketKind::Ack,
            flags: 0,
            fate: Fate::Delivered,
            created: SimTime(enqueued),
            sack: SackBlocks::default(),
            ts_ecr: SimTime::ZERO,
            window: 0,
        }
    }

    #[test]
    fn late_records_take_their_place_and_drains_respect_the_watermark() {
        let mut t = Trace::new(true);
        t.push(rec(10, 1));
        t.push(rec(30, 3));
        // Enqueued at 20, known only when it started: released no earlier than that.
        assert_eq!(t.drain(SimTime(20)).iter().map(|r| r.uid).collect::<Vec<_>>(), vec![1]);
        t.push(rec(20, 2));
        assert_eq!(t.drain(SimTime(u64::MAX)).iter().map(|r| r.uid).collect::<Vec<_>>(), vec![2, 3]);
    }

    #[test]
    fn take_hands_out_like_drain_and_keeps_only_what_may_change() {
        let mut t = Trace::new(true);
        t.push(rec(10, 1));
        t.push(rec(30, 3));
        assert_eq!(t.take(SimTime(20)).iter().map(|r| r.uid).collect::<Vec<_>>(), vec![1]);
        assert_eq!(t.records().len(), 1);
        t.push(rec(20, 2));
        assert_eq!(t.take(SimTime(u64::MAX)).iter().map(|r| r.uid).collect::<Vec<_>>(), vec![2, 3]);
        assert!(t.records().is_empty());
    }
}
