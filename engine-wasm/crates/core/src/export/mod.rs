//! Exports of a run: series as CSV, the trace as ns-2 trace text or pcap.
//!
//! The trace exporters are [`RecordSink`]s: they take the trace as the run
//! goes (see [`stream`]) and write to any `std::io::Write`, so a long run is
//! written to disk, or handed to the browser in chunks, without ever being
//! held in memory whole.

pub mod csv;
pub mod ns2;
mod order;
pub mod pcap;
pub mod stream;

use crate::ids::NodeId;
use crate::record::TraceRecord;
use crate::scenario::resolve::ResolvedChannel;
use crate::time::SimTime;

/// What exporters need to know about a flow.
#[derive(Clone, Debug)]
pub struct FlowEndpoints {
    pub sender: NodeId,
    pub receiver: NodeId,
    /// TCP: payload bytes per full segment; UDP: bytes per datagram.
    pub mss_bytes: u32,
    pub rwnd_bytes: u64,
    /// Header bytes the scenario counts on the wire per data segment (0 for UDP).
    pub header_bytes: u32,
    /// The flow opens with a SYN (segment 0, no payload).
    pub syn: bool,
}

/// What exporters need to know about a channel.
#[derive(Copy, Clone, Debug)]
pub(crate) struct ChannelEnds {
    pub from: NodeId,
    pub to: NodeId,
    pub delay_ns: u64,
}

impl ChannelEnds {
    pub(crate) fn of(channels: &[ResolvedChannel]) -> Vec<ChannelEnds> {
        channels.iter().map(|c| ChannelEnds { from: c.from, to: c.to, delay_ns: c.delay.as_nanos() }).collect()
    }
}

/// A trace exporter fed as the run goes.
pub trait RecordSink {
    /// Takes the next records, in enqueue order; no record still to come is
    /// enqueued before `watermark`, so output due before it can be written.
    fn take(&mut self, records: &[TraceRecord], watermark: SimTime) -> std::io::Result<()>;
    /// Writes whatever still waits (the run is over) and flushes.
    fn finish(&mut self) -> std::io::Result<()>;
    /// Bytes written so far.
    fn bytes(&self) -> u64;
    /// Lines (ns-2 trace) or packets (pcap) written so far.
    fn items(&self) -> u64;
}
