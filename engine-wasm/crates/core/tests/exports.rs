//! The trace exports (ns-2 trace, pcap): written while the run goes, they
//! equal the exports of the whole finished trace, and the capture's headers
//! are consistent (lengths, checksums) for every kind of flow.

mod common;

use ackscope_engine::export::ns2::{self, TraceWriter};
use ackscope_engine::export::pcap::{self, CaptureWriter};
use ackscope_engine::export::{stream, RecordSink};
use ackscope_engine::record::Recording;
use common::{build_text, overrides, scenario_text};
use etherparse::{NetSlice, SlicedPacket, TransportSlice};

/// Shipped scenarios with overrides: TCP with SYN and ECN, reordering queues
/// (ACK priority, ACK filtering), UDP, a split proxy, tiny headers.
const CASES: &[(&str, &[&str])] = &[
    ("seed000/wired.toml", &["duration=20s", "flows.ftp.tcp.variant=sack1", "flows.ftp.receiver.sack=true", "flows.ftp.tcp.rwnd=725KB"]),
    ("seed000/wired.toml", &["duration=10s", "flows.ftp.tcp.header=0B", "flows.ftp.tcp.syn=true"]),
    ("seed003/two-way.toml", &["duration=20s", "links.ij.queue.acks_first=true"]),
    ("seed003/two-way.toml", &["duration=20s", "links.ij.queue.filter_acks=true"]),
    ("examples/cbr-udp.toml", &[]),
    ("examples/split-proxy.toml", &[]),
    ("examples/red-ecn.toml", &[]),
];

fn whole(rel: &str, sets: &[&str]) -> (Vec<u8>, Vec<u8>, String) {
    let mut sim = build_text(&scenario_text(rel), &overrides(sets), Recording::Full);
    sim.run();
    let flows = sim.flow_endpoints();
    let text = ns2::trace_text(sim.trace().records(), sim.channels(), &flows);
    let capture = pcap::capture(sim.trace().records(), sim.channels(), &flows);
    (text.into_bytes(), capture, sim.digest().hex())
}

fn streamed(rel: &str, sets: &[&str]) -> (Vec<u8>, Vec<u8>, String, (u64, u64)) {
    let mut sim = build_text(&scenario_text(rel), &overrides(sets), Recording::Trace);
    let flows = sim.flow_endpoints();
    let mut text = TraceWriter::new(Vec::new(), sim.channels(), &flows);
    let mut capture = CaptureWriter::new(Vec::new(), sim.channels(), &flows).unwrap();
    // Small steps: many hand-overs, each with records still in flight.
    while !sim.step(500) {
        stream::pump(&mut sim, &mut [&mut text, &mut capture]).unwrap();
        assert!(sim.trace().records().len() < 20_000, "{rel}: the simulation keeps records it handed over");
    }
    stream::finish(&mut sim, &mut [&mut text, &mut capture]).unwrap();
    let counts = (text.bytes(), capture.bytes());
    (text.into_inner(), capture.into_inner(), sim.digest().hex(), counts)
}

#[test]
fn streamed_exports_equal_the_exports_of_the_whole_trace() {
    for (rel, sets) in CASES {
        let (text, capture, digest) = whole(rel, sets);
        let (s_text, s_capture, s_digest, (text_bytes, capture_bytes)) = streamed(rel, sets);
        assert_eq!(digest, s_digest, "{rel} {sets:?}: exporting changed the run");
        assert!(text.len() > 1000, "{rel}: a trace");
        assert!(text == s_text, "{rel} {sets:?}: streamed ns-2 trace differs");
        assert!(capture == s_capture, "{rel} {sets:?}: streamed capture differs");
        assert_eq!((text_bytes, capture_bytes), (text.len() as u64, capture.len() as u64), "{rel}: byte counts");
    }
}

/// The packets of a capture: (included length, bytes).
fn packets(capture: &[u8]) -> Vec<&[u8]> {
    assert_eq!(&capture[..4], &0xa1b2_3c4du32.to_le_bytes(), "nanosecond pcap magic");
    let mut out = vec![];
    let mut at = 24;
    while at < capture.len() {
        let word = |i: usize| u32::from_le_bytes(capture[at + i..at + i + 4].try_into().unwrap()) as usize;
        let (included, original) = (word(8), word(12));
        assert_eq!(included, original, "whole packets are captured");
        out.push(&capture[at + 16..at + 16 + included]);
        at += 16 + included;
    }
    assert_eq!(at, capture.len());
    out
}

#[test]
fn capture_lengths_and_checksums_are_right_for_tcp_and_udp() {
    let mut seen_udp = false;
    let mut seen_sack = false;
    for (rel, sets) in CASES {
        let (_, capture, _) = whole(rel, sets);
        let packets = packets(&capture);
        assert!(!packets.is_empty(), "{rel}: packets captured");
        for (n, bytes) in packets.iter().enumerate() {
            let p = SlicedPacket::from_ip(bytes).unwrap_or_else(|e| panic!("{rel} packet {n}: {e}"));
            let Some(NetSlice::Ipv4(ip)) = &p.net else { panic!("{rel} packet {n}: not IPv4") };
            let header = ip.header().to_header();
            assert_eq!(usize::from(header.total_len), bytes.len(), "{rel} packet {n}: IPv4 total length");
            assert_eq!(header.header_checksum, header.calc_header_checksum(), "{rel} packet {n}: IPv4 checksum");
            let payload = ip.payload().payload;
            match &p.transport {
                Some(TransportSlice::Tcp(tcp)) => {
                    let h = tcp.to_header();
                    assert_eq!(h.checksum, h.calc_checksum_ipv4(&header, tcp.payload()).unwrap(), "{rel} packet {n}: TCP checksum");
                    seen_sack |= h.header_len() > 20;
                }
                Some(TransportSlice::Udp(udp)) => {
                    let h = udp.to_header();
                    assert_eq!(usize::from(h.length), payload.len(), "{rel} packet {n}: UDP length");
                    assert_eq!(h.checksum, h.calc_checksum_ipv4(&header, udp.payload()).unwrap(), "{rel} packet {n}: UDP checksum");
                    seen_udp = true;
                }
                _ => panic!("{rel} packet {n}: neither TCP nor UDP"),
            }
        }
    }
    assert!(seen_udp, "the cases cover UDP");
    assert!(seen_sack, "the cases cover SACK options");
}
