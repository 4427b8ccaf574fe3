//! The packets each flow's sender sees, as a pcap capture: open it in
//! Wireshark for its TCP stream graphs, or feed it to tcptrace.
//!
//! Outgoing segments and datagrams are captured when the sender hands them to
//! its first link (like a capture inside the sender's stack: a drop in that
//! link's queue still shows), incoming ACKs when they arrive. Headers are built with
//! `etherparse` (IPv4 + TCP or UDP, checksums included, RFC 791/793/768) so
//! Wireshark can verify them; payloads are zeros of the real length, so
//! lengths, checksums and Wireshark's sequence analysis all agree.
//!
//! Sequence numbers count bytes from an initial sequence number of 0: with a
//! SYN (segment 0, no payload) data segment n starts at byte 1 + (n-1) x MSS,
//! without one at 1 + n x MSS (the SYN is then implied). Node n has the
//! address 10.0.0.0 + n + 1, so up to 16 million nodes fit.

use super::order::TimeOrder;
use super::{ChannelEnds, FlowEndpoints, RecordSink};
use crate::packet::{flags, PacketKind};
use crate::record::{Fate, TraceRecord};
use crate::scenario::resolve::ResolvedChannel;
use crate::time::SimTime;
use etherparse::{IpNumber, Ipv4Ecn, Ipv4Header, TcpHeader, TcpOptionElement, UdpHeader};
use std::io::{self, Write};

/// LINKTYPE_RAW: each packet starts with its IP header.
const LINKTYPE_RAW: u32 = 101;
/// pcap magic for nanosecond timestamps.
const MAGIC_NANOS: u32 = 0xa1b2_3c4d;
/// Largest packet: the IPv4 total length field's limit.
const SNAPLEN: u32 = 65_535;
const IPV4_HEADER: usize = Ipv4Header::MIN_LEN;
const TTL: u8 = 64;
const RECEIVER_PORT: u16 = 5001;
/// Every payload: zeros of the packet's length.
static ZEROS: [u8; SNAPLEN as usize] = [0; SNAPLEN as usize];
/// Size of the file header.
pub const FILE_HEADER_BYTES: u64 = 24;
/// Size of each packet's record header (before the packet itself).
pub const RECORD_HEADER_BYTES: u64 = 16;

/// Node `n`'s IPv4 address: 10.0.0.0 + n + 1 (10.0.0.1 for node 0).
pub fn address(node: u16) -> [u8; 4] {
    let host = u32::from(node) + 1;
    [10, (host >> 16) as u8, (host >> 8) as u8, host as u8]
}

fn sender_port(flow: u16) -> u16 {
    // Distinct per flow; past port 65535 the flows still differ by address pair.
    10_000u16.wrapping_add(flow)
}

/// Writes the senders' capture of records as they come, in time order.
pub struct CaptureWriter<W: Write> {
    out: W,
    channels: Vec<ChannelEnds>,
    flows: Vec<FlowEndpoints>,
    due: TimeOrder<TraceRecord>,
    bytes: u64,
    packets: u64,
}

impl<W: Write> CaptureWriter<W> {
    /// Starts the capture: writes the file header.
    pub fn new(mut out: W, channels: &[ResolvedChannel], flows: &[FlowEndpoints]) -> io::Result<Self> {
        for word in [MAGIC_NANOS.to_le_bytes(), [2, 0, 4, 0], [0; 4], [0; 4], SNAPLEN.to_le_bytes(), LINKTYPE_RAW.to_le_bytes()] {
            out.write_all(&word)?;
        }
        Ok(CaptureWriter {
            out,
            channels: ChannelEnds::of(channels),
            flows: flows.to_vec(),
            due: TimeOrder::new(),
            bytes: FILE_HEADER_BYTES,
            packets: 0,
        })
    }

    /// The output (to take what was written into a buffer so far).
    pub fn get_mut(&mut self) -> &mut W {
        &mut self.out
    }

    pub fn into_inner(self) -> W {
        self.out
    }

    /// When the sender sees the record's packet, if it does.
    fn seen_at(&self, r: &TraceRecord) -> Option<u64> {
        let ch = &self.channels[r.channel.index()];
        let f = &self.flows[r.flow.index()];
        match r.kind {
            // When TCP hands it down, so a drop in the sender's own queue still
            // shows: the capture is what the sender sent, with no holes.
            PacketKind::Data | PacketKind::Datagram if ch.from == f.sender => Some(r.enqueued.0),
            PacketKind::Ack if ch.to == f.sender && r.fate == Fate::Delivered => Some(r.tx_end.0 + ch.delay_ns),
            _ => None,
        }
    }

    fn write_due(&mut self, watermark: u64) -> io::Result<()> {
        while let Some(((t, _, _), r)) = self.due.pop_before(watermark) {
            let f = &self.flows[r.flow.index()];
            let (headers, payload) = packet(&r, f);
            let total = headers.len() + payload;
            self.out.write_all(&((t / 1_000_000_000) as u32).to_le_bytes())?;
            self.out.write_all(&((t % 1_000_000_000) as u32).to_le_bytes())?;
            self.out.write_all(&(total as u32).to_le_bytes())?;
            self.out.write_all(&(total as u32).to_le_bytes())?;
            self.out.write_all(&headers)?;
            self.out.write_all(&ZEROS[..payload])?;
            self.bytes += RECORD_HEADER_BYTES + total as u64;
            self.packets += 1;
        }
        Ok(())
    }
}

impl<W: Write> RecordSink for CaptureWriter<W> {
    fn take(&mut self, records: &[TraceRecord], watermark: SimTime) -> io::Result<()> {
        for r in records {
            let i = self.due.next_record();
            if let Some(t) = self.seen_at(r) {
                self.due.push((t, i, 0), *r);
            }
        }
        self.write_due(watermark.0)
    }

    fn finish(&mut self) -> io::Result<()> {
        self.write_due(u64::MAX)?;
        self.out.flush()
    }

    fn bytes(&self) -> u64 {
        self.bytes
    }

    fn items(&self) -> u64 {
        self.packets
    }
}

/// IP and transport headers of a record's packet, and its payload length.
fn packet(r: &TraceRecord, f: &FlowEndpoints) -> (Vec<u8>, usize) {
    let has = |bit: u16| r.flags & bit != 0;
    let first_data = u32::from(f.syn);
    let byte = |segment: u32| 1u32.wrapping_add(segment.wrapping_sub(first_data).wrapping_mul(f.mss_bytes));
    let (src, dst) = match r.kind {
        PacketKind::Data | PacketKind::Datagram => (address(f.sender.0), address(f.receiver.0)),
        PacketKind::Ack => (address(f.receiver.0), address(f.sender.0)),
    };
    // RFC 3168: ECT(0) is 0b10, CE 0b11.
    let ecn = if has(flags::CE) { 3 } else if has(flags::ECT) { 2 } else { 0 };
    let ip = |protocol: IpNumber, transport_len: usize| {
        let mut ip = Ipv4Header::new(transport_len as u16, TTL, protocol, src, dst).expect("lengths are capped below 65535");
        ip.identification = r.uid as u16;
        ip.ecn = Ipv4Ecn::try_new(ecn).expect("two bits");
        ip.header_checksum = ip.calc_header_checksum();
        ip
    };
    match r.kind {
        PacketKind::Datagram => {
            let payload = (r.size_bytes as usize).min(usize::from(u16::MAX) - IPV4_HEADER - UdpHeader::LEN);
            let ip = ip(IpNumber::UDP, UdpHeader::LEN + payload);
            let udp = UdpHeader::with_ipv4_checksum(sender_port(r.flow.0), RECEIVER_PORT, &ip, &ZEROS[..payload])
                .expect("payload capped");
            let mut out = ip.to_bytes().to_vec();
            out.extend_from_slice(&udp.to_bytes());
            (out, payload)
        }
        PacketKind::Data => {
            let syn = has(flags::SYN);
            let payload = if syn { 0 } else { r.size_bytes.saturating_sub(f.header_bytes) as usize };
            let payload = payload.min(usize::from(u16::MAX) - IPV4_HEADER - TcpHeader::MIN_LEN);
            let mut tcp = TcpHeader::new(sender_port(r.flow.0), RECEIVER_PORT, if syn { 0 } else { byte(r.seq) }, window(r, f));
            if syn {
                tcp.syn = true;
            } else {
                tcp.ack = true;
                tcp.psh = payload > 0;
                tcp.acknowledgment_number = 1;
            }
            tcp.cwr = has(flags::CWR);
            tcp.ece = syn && has(flags::ECT); // RFC 3168 6.1.1: an ECN-setup SYN
            tcp_packet(ip(IpNumber::TCP, tcp.header_len() + payload), tcp, payload)
        }
        PacketKind::Ack => {
            let mut tcp = TcpHeader::new(RECEIVER_PORT, sender_port(r.flow.0), 1, window(r, f));
            tcp.ack = true;
            tcp.acknowledgment_number = byte(r.seq);
            tcp.ece = has(flags::ECE);
            let blocks: Vec<(u32, u32)> = r.sack.iter().map(|(a, b)| (byte(a), byte(b))).collect();
            if let Some((&first, rest)) = blocks.split_first() {
                let mut more = [None; 3];
                for (slot, &b) in more.iter_mut().zip(rest) {
                    *slot = Some(b);
                }
                let options = [TcpOptionElement::Noop, TcpOptionElement::Noop, TcpOptionElement::SelectiveAcknowledgement(first, more)];
                tcp.set_options(&options).expect("three SACK blocks fit in the options");
            }
            tcp_packet(ip(IpNumber::TCP, tcp.header_len()), tcp, 0)
        }
    }
}

fn tcp_packet(ip: Ipv4Header, mut tcp: TcpHeader, payload: usize) -> (Vec<u8>, usize) {
    tcp.checksum = tcp.calc_checksum_ipv4(&ip, &ZEROS[..payload]).expect("payload capped");
    let mut out = ip.to_bytes().to_vec();
    out.extend_from_slice(&tcp.to_bytes());
    (out, payload)
}

/// The window a packet advertises, in bytes (16 bits, no window scaling).
fn window(r: &TraceRecord, f: &FlowEndpoints) -> u16 {
    let bytes = if r.kind == PacketKind::Ack && r.flags & flags::WINDOW != 0 {
        u64::from(r.window) * u64::from(f.mss_bytes)
    } else {
        f.rwnd_bytes
    };
    bytes.min(u64::from(u16::MAX)) as u16
}

/// The whole capture of a finished run (small runs and tests; long runs
/// stream through [`CaptureWriter`]).
pub fn capture(records: &[TraceRecord], channels: &[ResolvedChannel], flows: &[FlowEndpoints]) -> Vec<u8> {
    let memory = "writing to memory cannot fail";
    let mut w = CaptureWriter::new(Vec::new(), channels, flows).expect(memory);
    w.take(records, SimTime::NEVER).expect(memory);
    w.finish().expect(memory);
    w.into_inner()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_do_not_overflow_past_255_nodes() {
        assert_eq!(address(0), [10, 0, 0, 1]);
        assert_eq!(address(255), [10, 0, 1, 0]);
        assert_eq!(address(256), [10, 0, 1, 1]);
        assert_eq!(address(u16::MAX), [10, 1, 0, 0]);
    }
}
