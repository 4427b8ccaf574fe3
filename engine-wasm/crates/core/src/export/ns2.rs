//! The packet trace in ns-2's trace format, for tools that read ns-2 traces.
//!
//! `+` enqueue, `-` start of transmission, `r` reception, `d` drop (a full
//! queue, or corruption noticed on arrival), as
//! `event time from to type size flags fid src dst seq uid`.

use super::FlowEndpoints;
use crate::packet::PacketKind;
use crate::record::{Fate, TraceRecord};
use crate::scenario::resolve::ResolvedChannel;
use std::fmt::Write;

pub fn trace_text(records: &[TraceRecord], channels: &[ResolvedChannel], flows: &[FlowEndpoints]) -> String {
    // (time, kind order, record index, event char); sorted to get a time-ordered file.
    let mut lines: Vec<(u64, u8, usize, char)> = Vec::with_capacity(records.len() * 3);
    for (i, r) in records.iter().enumerate() {
        let arrival = r.tx_end.0 + channels[r.channel.index()].delay.as_nanos();
        match r.fate {
            Fate::QueueDrop => {
                lines.push((r.enqueued.0, 0, i, '+'));
                lines.push((r.enqueued.0, 1, i, 'd'));
            }
            Fate::Filtered => {
                lines.push((r.enqueued.0, 0, i, '+'));
                lines.push((r.tx_start.0, 1, i, 'd'));
            }
            Fate::Delivered | Fate::Corrupted => {
                lines.push((r.enqueued.0, 0, i, '+'));
                lines.push((r.tx_start.0, 1, i, '-'));
                lines.push((arrival, 2, i, if r.fate == Fate::Delivered { 'r' } else { 'd' }));
            }
        }
    }
    lines.sort_by_key(|&(t, order, i, _)| (t, i, order));
    let mut out = String::with_capacity(lines.len() * 64);
    for (t, _, i, ev) in lines {
        let r = &records[i];
        let ch = &channels[r.channel.index()];
        let f = &flows[r.flow.index()];
        let (kind, src, dst) = match r.kind {
            PacketKind::Data => ("tcp", f.sender, f.receiver),
            PacketKind::Ack => ("ack", f.receiver, f.sender),
            PacketKind::Datagram => ("cbr", f.sender, f.receiver),
        };
        let _ = writeln!(
            out,
            "{ev} {:.9} {} {} {kind} {} ------- {} {}.0 {}.0 {} {}",
            t as f64 / 1e9,
            ch.from.0,
            ch.to.0,
            r.size_bytes,
            r.flow.0,
            src.0,
            dst.0,
            r.seq,
            r.uid
        );
    }
    out
}
