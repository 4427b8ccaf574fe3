//! The packets each flow's sender sees, as a pcap capture: open it in
//! Wireshark for its TCP stream graphs, or feed it to tcptrace.
//!
//! Outgoing segments are captured when they start onto the sender's first
//! link, incoming ACKs when they arrive. Headers are IPv4 + TCP with byte
//! sequence numbers (segment n carries bytes 1 + n x MSS onwards; no SYN is
//! modelled); payloads are not stored (captured length 40).

use super::FlowEndpoints;
use crate::packet::PacketKind;
use crate::record::{Fate, TraceRecord};
use crate::scenario::resolve::ResolvedChannel;

const LINKTYPE_RAW: u32 = 101;
/// pcap magic for nanosecond timestamps.
const MAGIC_NANOS: u32 = 0xa1b2_3c4d;

fn address(node: u16) -> [u8; 4] {
    [10, 0, (node >> 8) as u8, (node & 0xff) as u8 + 1]
}

fn headers(r: &TraceRecord, f: &FlowEndpoints) -> [u8; 40] {
    let (src, dst, sport, dport) = match r.kind {
        PacketKind::Data | PacketKind::Datagram => (f.sender.0, f.receiver.0, 10_000 + r.flow.0, 5001),
        PacketKind::Ack => (f.receiver.0, f.sender.0, 5001, 10_000 + r.flow.0),
    };
    let mut h = [0u8; 40];
    // IPv4: version 4, IHL 5, total length, TTL 64, protocol TCP.
    h[0] = 0x45;
    h[2..4].copy_from_slice(&(r.size_bytes.min(65_535) as u16).to_be_bytes());
    h[4..6].copy_from_slice(&(r.uid as u16).to_be_bytes());
    h[8] = 64;
    h[9] = 6;
    h[12..16].copy_from_slice(&address(src));
    h[16..20].copy_from_slice(&address(dst));
    // TCP: ports, seq, ack, data offset 5, flags, window.
    h[20..22].copy_from_slice(&sport.to_be_bytes());
    h[22..24].copy_from_slice(&dport.to_be_bytes());
    let byte = |segment: u32| 1u32.wrapping_add(segment.wrapping_mul(f.mss_bytes));
    let (seq, ack, tcp_flags) = match r.kind {
        PacketKind::Data | PacketKind::Datagram => (byte(r.seq), 1, 0x18u8),
        PacketKind::Ack => (1, byte(r.seq), 0x10u8),
    };
    h[24..28].copy_from_slice(&seq.to_be_bytes());
    h[28..32].copy_from_slice(&ack.to_be_bytes());
    h[32] = 5 << 4;
    h[33] = tcp_flags;
    h[34..36].copy_from_slice(&(f.rwnd_bytes.min(65_535) as u16).to_be_bytes());
    h
}

pub fn capture(records: &[TraceRecord], channels: &[ResolvedChannel], flows: &[FlowEndpoints]) -> Vec<u8> {
    let mut events: Vec<(u64, usize)> = Vec::new();
    for (i, r) in records.iter().enumerate() {
        let ch = &channels[r.channel.index()];
        let f = &flows[r.flow.index()];
        match r.kind {
            PacketKind::Data if ch.from == f.sender && r.fate != Fate::QueueDrop => events.push((r.tx_start.0, i)),
            PacketKind::Ack if ch.to == f.sender && r.fate == Fate::Delivered => {
                events.push((r.tx_end.0 + ch.delay.as_nanos(), i))
            }
            // The capture shows TCP connections only.
            _ => {}
        }
    }
    events.sort();
    let mut out = Vec::with_capacity(24 + events.len() * 56);
    for word in [MAGIC_NANOS.to_le_bytes(), [2, 0, 4, 0], [0; 4], [0; 4], 65_535u32.to_le_bytes(), LINKTYPE_RAW.to_le_bytes()] {
        out.extend_from_slice(&word);
    }
    for (t, i) in events {
        let r = &records[i];
        let secs = (t / 1_000_000_000) as u32;
        let nanos = (t % 1_000_000_000) as u32;
        out.extend_from_slice(&secs.to_le_bytes());
        out.extend_from_slice(&nanos.to_le_bytes());
        out.extend_from_slice(&40u32.to_le_bytes());
        out.extend_from_slice(&r.size_bytes.max(40).to_le_bytes());
        out.extend_from_slice(&headers(r, &flows[r.flow.index()]));
    }
    out
}
