//! The packet trace in ns-2's trace format, for tools that read ns-2 traces.
//!
//! `+` enqueue, `-` start of transmission, `r` reception, `d` drop (a full
//! queue, or corruption noticed on arrival), as
//! `event time from to type size flags fid src dst seq uid`. As in ns-2, an
//! ACK's seq is the highest segment received in order (ours carry the next
//! expected one), and the flags are ECN-Echo `C`, congestion action (CWR) `A`,
//! congestion experienced `E` and ECN-capable `N`.

use super::order::TimeOrder;
use super::{ChannelEnds, FlowEndpoints, RecordSink};
use crate::packet::{flags, PacketKind};
use crate::record::{Fate, TraceRecord};
use crate::scenario::resolve::ResolvedChannel;
use crate::time::SimTime;
use std::fmt::Write as _;
use std::io::{self, Write};

/// What one line needs of its record (kept small: many wait at once).
#[derive(Copy, Clone)]
struct Line {
    event: u8,
    kind: PacketKind,
    channel: u16,
    flow: u16,
    flags: u16,
    size: u32,
    seq: u32,
    uid: u32,
}

/// Writes the ns-2 trace of records as they come, in time order.
pub struct TraceWriter<W: Write> {
    out: W,
    channels: Vec<ChannelEnds>,
    flows: Vec<FlowEndpoints>,
    /// Lines not due yet.
    due: TimeOrder<Line>,
    line: String,
    bytes: u64,
    lines: u64,
}

impl<W: Write> TraceWriter<W> {
    pub fn new(out: W, channels: &[ResolvedChannel], flows: &[FlowEndpoints]) -> Self {
        TraceWriter {
            out,
            channels: ChannelEnds::of(channels),
            flows: flows.to_vec(),
            due: TimeOrder::new(),
            line: String::with_capacity(128),
            bytes: 0,
            lines: 0,
        }
    }

    /// The output (to take what was written into a buffer so far).
    pub fn get_mut(&mut self) -> &mut W {
        &mut self.out
    }

    pub fn into_inner(self) -> W {
        self.out
    }

    fn queue(&mut self, r: &TraceRecord) {
        let i = self.due.next_record();
        let arrival = r.tx_end.0 + self.channels[r.channel.index()].delay_ns;
        // Within a record: enqueue, then dequeue or drop, then arrival.
        let line = |event: u8| Line {
            event,
            kind: r.kind,
            channel: r.channel.index() as u16,
            flow: r.flow.0,
            flags: r.flags,
            size: r.size_bytes,
            seq: r.seq,
            uid: r.uid,
        };
        let mut at = |t: SimTime, rank: u8, ev: char| self.due.push((t.0, i, rank), line(ev as u8));
        match r.fate {
            Fate::QueueDrop => {
                at(r.enqueued, 0, '+');
                at(r.enqueued, 1, 'd');
            }
            Fate::Filtered => {
                at(r.enqueued, 0, '+');
                at(r.tx_start, 1, 'd');
            }
            Fate::Delivered | Fate::Corrupted => {
                at(r.enqueued, 0, '+');
                at(r.tx_start, 1, '-');
                at(SimTime(arrival), 2, if r.fate == Fate::Delivered { 'r' } else { 'd' });
            }
        }
    }

    fn write_due(&mut self, watermark: u64) -> io::Result<()> {
        while let Some(((t, _, _), r)) = self.due.pop_before(watermark) {
            let ch = &self.channels[usize::from(r.channel)];
            let f = &self.flows[usize::from(r.flow)];
            let ev = r.event as char;
            let (kind, src, dst, seq) = match r.kind {
                PacketKind::Data => ("tcp", f.sender, f.receiver, i64::from(r.seq)),
                PacketKind::Ack => ("ack", f.receiver, f.sender, i64::from(r.seq) - 1),
                PacketKind::Datagram => ("cbr", f.sender, f.receiver, i64::from(r.seq)),
            };
            self.line.clear();
            let _ = writeln!(
                self.line,
                // Seconds with nine decimals, from integers (the same digits as
                // `{:.9}` of an f64, several times faster).
                "{ev} {}.{:09} {} {} {kind} {} {} {} {}.0 {}.0 {seq} {}",
                t / 1_000_000_000,
                t % 1_000_000_000,
                ch.from.0,
                ch.to.0,
                r.size,
                FlagField(r.flags),
                r.flow,
                src.0,
                dst.0,
                r.uid
            );
            self.out.write_all(self.line.as_bytes())?;
            self.bytes += self.line.len() as u64;
            self.lines += 1;
        }
        Ok(())
    }
}

impl<W: Write> RecordSink for TraceWriter<W> {
    fn take(&mut self, records: &[TraceRecord], watermark: SimTime) -> io::Result<()> {
        for r in records {
            self.queue(r);
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
        self.lines
    }
}

/// The whole trace of a finished run as text (small runs and tests; long
/// runs stream through [`TraceWriter`]).
pub fn trace_text(records: &[TraceRecord], channels: &[ResolvedChannel], flows: &[FlowEndpoints]) -> String {
    let mut w = TraceWriter::new(Vec::new(), channels, flows);
    w.take(records, SimTime::NEVER).expect("writing to memory cannot fail");
    w.finish().expect("writing to memory cannot fail");
    String::from_utf8(w.into_inner()).expect("the trace is ASCII")
}

/// ns-2's seven flag characters.
struct FlagField(u16);

impl std::fmt::Display for FlagField {
    fn fmt(&self, out: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let on = |bit: u16, c: char| if self.0 & bit != 0 { c } else { '-' };
        for c in [on(flags::ECE, 'C'), '-', '-', on(flags::CWR, 'A'), on(flags::CE, 'E'), '-', on(flags::ECT, 'N')] {
            out.write_char(c)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::record::Recording;
    use crate::{prepare, Format, Override};

    const TWO_HOSTS: &str = r#"
        version = 1
        id = "t"
        title = "T"
        duration = "1s"
        [[nodes]]
        id = "a"
        [[nodes]]
        id = "b"
        [[links]]
        id = "l"
        a = "a"
        b = "b"
        rate = "1Mbps"
        delay = "10ms"
        [[flows]]
        id = "f"
        from = "a"
        to = "b"
        tcp = { syn = true, ecn = true }
    "#;

    fn trace(sets: &[&str]) -> Vec<String> {
        let sets: Vec<Override> = sets.iter().map(|s| Override::parse(s).unwrap()).collect();
        let (_, mut sim) = prepare(TWO_HOSTS, Format::Toml, &sets, Recording::Full).unwrap();
        sim.run();
        let text = super::trace_text(sim.trace().records(), sim.channels(), &sim.flow_endpoints());
        text.lines().map(str::to_owned).collect()
    }

    #[test]
    fn acks_carry_the_last_segment_in_order_and_flags_show_ecn() {
        let lines = trace(&[]);
        // The SYN (segment 0) goes out first, not ECN-capable; its ACK says 0 as in ns-2.
        assert_eq!(lines[0], "+ 0.000000000 0 1 tcp 40 ------- 0 0.0 1.0 0 0");
        let first_ack = lines.iter().find(|l| l.contains(" ack ")).unwrap();
        assert!(first_ack.starts_with("+ 0.010320000 1 0 ack 40 ------- 0 1.0 0.0 0 "), "{first_ack}");
        let data = lines.iter().find(|l| l.contains(" tcp 1040 ")).unwrap();
        assert!(data.contains(" ------N 0 0.0 1.0 1 "), "{data}");
    }

    #[test]
    fn every_delivered_segment_has_one_receive_line() {
        let lines = trace(&["flows.f.tcp.syn=false"]);
        let received = lines.iter().filter(|l| l.starts_with("r ") && l.contains(" tcp ")).count();
        let sent = lines.iter().filter(|l| l.starts_with("- ") && l.contains(" tcp ")).count();
        assert!(received > 50);
        // Packets still on the wire at the end were sent but not received.
        assert!(sent >= received && sent - received < 10, "sent {sent}, received {received}");
    }
}
