//! The TCP receiver: reassembly and acknowledgements.
//!
//! The four ns-2 sinks: `TCPSink` ACKs every segment; `TCPSink/DelAck`
//! delays the ACK of an in-order segment until a second one arrives or a
//! timer expires (RFC 1122 4.2.3.2, RFC 5681 4.2), and ACKs at once a segment
//! that is out of order or fills a gap; `TCPSink/Sack1` and
//! `TCPSink/Sack1/DelAck` add SACK blocks (RFC 2018), 8 bytes each on the wire.
//! ECN (RFC 3168 6.1.3): after a CE mark, ACKs carry ECE until data with CWR
//! arrives. Timestamps (RFC 7323 4.3): an ACK echoes TS.Recent. Seed 004's
//! estimator: the next ACK after a marked segment echoes, instead of TS.Recent,
//! this receiver's clock at the marked arrival (its own, offset from the
//! sender's: only differences of it mean anything).

use super::reassembly::Reassembly;
use super::sack_blocks::SackReporter;
use crate::agent::{AgentCtx, FlowAddr};
use crate::ids::TimerId;
use crate::packet::{flags, Packet, PacketKind, SackBlocks};
use crate::record::summary::DurationStats;
use crate::record::{SeriesId, SeriesOwner, SeriesQuantity, SeriesStore};
use crate::time::{SimDuration, SimTime};

#[derive(Clone, Debug, PartialEq)]
pub struct SinkConfig {
    pub delayed_ack: bool,
    /// How long an ACK may be delayed (ns-2 DelAck `interval_`: 100 ms).
    pub delack_interval: SimDuration,
    /// Bytes of a pure ACK on the wire.
    pub ack_bytes: u32,
    /// Add SACK blocks to ACKs.
    pub sack: bool,
    /// How far this receiver's clock is ahead of the simulation's (seed 004's
    /// echo shows the estimator needs no synchronized clocks).
    pub clock_offset: SimDuration,
    /// ns-2's ts_echo_bugfix_: echo TS.Recent (RFC 7323 4.3); false: the
    /// timestamp of the segment that triggered the ACK (ns-2 before 2003).
    pub ts_echo_bugfix: bool,
}

#[derive(Clone, Copy, Debug)]
pub struct SinkSeries {
    /// In-order application bytes delivered so far.
    pub delivered: SeriesId,
    /// True one-way delay of each arriving data segment, seconds.
    pub owd: SeriesId,
    /// A timeout's retransmission arrived that was already here (its seq).
    pub spurious_timeout: SeriesId,
}

impl SinkSeries {
    /// Registers a receiver's series under `owner` (a flow, or a split proxy's second leg).
    pub fn register(store: &mut SeriesStore, owner: SeriesOwner) -> Self {
        SinkSeries {
            delivered: store.register(owner, SeriesQuantity::Delivered),
            owd: store.register(owner, SeriesQuantity::OwdFwd),
            spurious_timeout: store.register(owner, SeriesQuantity::SpuriousTimeout),
        }
    }
}

#[derive(Clone, Copy, Debug, Default)]
pub struct SinkStats {
    pub delivered_bytes: u64,
    /// Payload of every data segment that arrived, duplicates included.
    pub received_bytes: u64,
    pub received_packets: u64,
    pub duplicate_packets: u64,
    /// Retransmitted segments that had already arrived.
    pub spurious_retransmits: u64,
    /// Timeouts whose first retransmission had already arrived: the
    /// timeout was spurious (seed 002).
    pub spurious_timeouts: u64,
    pub acks_sent: u64,
    /// True forward one-way delay of data segments, seconds.
    pub owd: DurationStats,
    /// ... of the estimator's marked segments only (seed 004 compares the
    /// estimate with these).
    pub owd_marked: DurationStats,
}

pub struct TcpSink {
    cfg: SinkConfig,
    addr: FlowAddr,
    delack_timer: TimerId,
    series: SinkSeries,
    reassembly: Reassembly,
    ack_pending: bool,
    sack: Option<SackReporter>,
    /// The segment the next ACK answers (its SACK block comes first).
    last_seq: u32,
    /// A CE mark arrived and no CWR since: ACKs carry ECE.
    ece_pending: bool,
    /// RFC 7323 TS.Recent: the timestamp to echo.
    ts_recent: SimTime,
    /// The timestamp of the latest segment (echoed without `ts_echo_bugfix`).
    ts_latest: SimTime,
    /// RFC 7323 Last.ACK.sent: the cumulative ACK of the last ACK sent
    /// (1 before any, as ns-2's last_ack_sent_ of 0 in its numbering).
    last_ack_sent: u32,
    /// This receiver's clock when the last marked segment arrived, until an ACK echoes it.
    marked_echo: Option<SimTime>,
    pub stats: SinkStats,
}

impl TcpSink {
    pub fn new(cfg: SinkConfig, addr: FlowAddr, delack_timer: TimerId, series: SinkSeries) -> Self {
        TcpSink {
            sack: cfg.sack.then(SackReporter::default),
            cfg,
            addr,
            delack_timer,
            series,
            reassembly: Reassembly::default(),
            ack_pending: false,
            last_seq: 0,
            ece_pending: false,
            ts_recent: SimTime::ZERO,
            ts_latest: SimTime::ZERO,
            last_ack_sent: 1,
            marked_echo: None,
            stats: SinkStats::default(),
        }
    }

    pub fn next_expected(&self) -> u32 {
        self.reassembly.next_expected()
    }

    pub fn on_packet(&mut self, pkt: &Packet, ctx: &mut impl AgentCtx) {
        debug_assert_eq!(pkt.kind, PacketKind::Data);
        // One-way delay of data segments: a SYN carries none and ns-2's
        // measurements leave it out (seed 004's tables).
        if !pkt.has(flags::SYN) {
            let owd = ctx.now().since(pkt.created_at);
            self.stats.owd.add(owd);
            if pkt.has(flags::MARKED) {
                self.stats.owd_marked.add(owd);
            }
            ctx.record(self.series.owd, owd.as_secs_f64());
        }
        self.stats.received_packets += 1;
        self.stats.received_bytes += pkt.payload_bytes as u64;
        // RFC 3168 6.1.3: CWR ends the echo; a CE mark (re)starts it.
        if pkt.has(flags::CWR) {
            self.ece_pending = false;
        }
        if pkt.has(flags::CE) {
            self.ece_pending = true;
        }
        // RFC 7323 4.3: remember the TSval of a segment at or below the last
        // ACK sent, never going back (ns-2's Acker::update_ts).
        if pkt.seq <= self.last_ack_sent && pkt.created_at >= self.ts_recent {
            self.ts_recent = pkt.created_at;
        }
        self.ts_latest = pkt.created_at;
        self.last_seq = pkt.seq;
        let accepted = self.reassembly.accept(pkt.seq, pkt.payload_bytes as u32);
        if accepted.duplicate {
            self.stats.duplicate_packets += 1;
            if pkt.is_retransmit() {
                self.stats.spurious_retransmits += 1;
            }
            if pkt.has(flags::TIMEOUT_RETRANSMIT) {
                self.stats.spurious_timeouts += 1;
                ctx.record(self.series.spurious_timeout, pkt.seq as f64);
            }
        }
        if pkt.has(flags::MARKED) {
            self.marked_echo = Some(ctx.now() + self.cfg.clock_offset);
        }
        if accepted.delivered_bytes > 0 {
            self.stats.delivered_bytes += accepted.delivered_bytes;
            ctx.record(self.series.delivered, self.stats.delivered_bytes as f64);
        }
        if self.cfg.delayed_ack {
            let in_order = pkt.seq + 1 == self.reassembly.next_expected();
            // RFC 5681 4.2: a segment below later data (filling a gap, or a
            // copy of one) is answered at once (ns-2's RFC2581_immediate_ack_
            // tests seqno < maxseen). Segment 0 is too (ns-2's
            // SYN_immediate_ack_ tests for segment 0, SYN or not).
            let below_later_data = pkt.seq + 1 < self.reassembly.seen_end();
            if !self.ack_pending && in_order && !below_later_data && pkt.seq != 0 {
                self.ack_pending = true;
                ctx.set_timer(self.delack_timer, ctx.now() + self.cfg.delack_interval);
                return;
            }
            if self.ack_pending {
                self.ack_pending = false;
                ctx.cancel_timer(self.delack_timer);
            }
        }
        self.send_ack(ctx);
    }

    /// The delayed-ACK timer expired.
    pub fn on_timer(&mut self, ctx: &mut impl AgentCtx) {
        if self.ack_pending {
            self.ack_pending = false;
            self.send_ack(ctx);
        }
    }

    fn send_ack(&mut self, ctx: &mut impl AgentCtx) {
        self.stats.acks_sent += 1;
        let sack = match self.sack.as_mut() {
            Some(reporter) => reporter.blocks_for(self.last_seq, &self.reassembly),
            None => SackBlocks::default(),
        };
        let echo = self.marked_echo.take();
        let mut ack = Packet {
            uid: 0,
            flow: self.addr.flow,
            kind: PacketKind::Ack,
            flags: if self.ece_pending { flags::ECE } else { 0 } | if echo.is_some() { flags::MARKED } else { 0 },
            src: self.addr.local,
            dst: self.addr.remote,
            seq: self.reassembly.next_expected(),
            size_bytes: self.cfg.ack_bytes + 8 * sack.len as u32,
            payload_bytes: 0,
            created_at: ctx.now(),
            ts_ecr: echo.unwrap_or(if self.cfg.ts_echo_bugfix { self.ts_recent } else { self.ts_latest }),
            ..Packet::default()
        };
        ack.set_sack(sack);
        self.last_ack_sent = ack.seq;
        ctx.send(ack);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::script::{Action, ScriptCtx};
    use crate::ids::{FlowId, NodeId};

    const DELACK: TimerId = TimerId(1);

    fn sink(delayed_ack: bool) -> TcpSink {
        sink_with(delayed_ack, false)
    }

    fn sink_with(delayed_ack: bool, sack: bool) -> TcpSink {
        let cfg = SinkConfig {
            delayed_ack,
            delack_interval: SimDuration::from_millis(100),
            ack_bytes: 40,
            sack,
            clock_offset: SimDuration::from_secs(1000),
            ts_echo_bugfix: true,
        };
        let addr = FlowAddr { flow: FlowId(0), local: NodeId(1), remote: NodeId(0) };
        let series = SinkSeries { delivered: SeriesId(0), owd: SeriesId(1), spurious_timeout: SeriesId(2) };
        TcpSink::new(cfg, addr, DELACK, series)
    }

    fn data(seq: u32) -> Packet {
        Packet::for_test(PacketKind::Data, seq, 1040)
    }

    fn acks(ctx: &mut ScriptCtx) -> Vec<u32> {
        ctx.take_sent().iter().map(|p| p.seq).collect()
    }

    #[test]
    fn acks_every_segment_cumulatively() {
        let mut s = sink(false);
        let mut ctx = ScriptCtx::default();
        for seq in [0, 1, 3, 4, 2] {
            s.on_packet(&data(seq), &mut ctx);
        }
        assert_eq!(acks(&mut ctx), vec![1, 2, 2, 2, 5]);
        assert_eq!(s.stats.delivered_bytes, 5000);
    }

    #[test]
    fn delayed_ack_acks_every_second_segment() {
        let mut s = sink(true);
        let mut ctx = ScriptCtx::default();
        for seq in 0..5 {
            s.on_packet(&data(seq), &mut ctx);
        }
        // Segment 0 is answered at once (ns-2's SYN_immediate_ack_), then every second one.
        assert_eq!(acks(&mut ctx), vec![1, 3, 5]);
    }

    #[test]
    fn delayed_ack_timer_acks_a_lone_segment() {
        let mut s = sink(true);
        let mut ctx = ScriptCtx::default();
        s.on_packet(&data(0), &mut ctx);
        acks(&mut ctx);
        s.on_packet(&data(1), &mut ctx);
        assert_eq!(ctx.timer(DELACK), Some(SimTime(100_000_000)));
        assert!(acks(&mut ctx).is_empty());
        ctx.now = SimTime(100_000_000);
        s.on_timer(&mut ctx);
        assert_eq!(acks(&mut ctx), vec![2]);
    }

    #[test]
    fn out_of_order_and_gap_filling_segments_are_acked_at_once() {
        let mut s = sink(true);
        let mut ctx = ScriptCtx::default();
        s.on_packet(&data(0), &mut ctx);
        s.on_packet(&data(1), &mut ctx);
        s.on_packet(&data(2), &mut ctx);
        assert_eq!(acks(&mut ctx), vec![1, 3]);
        ctx.actions.clear();
        s.on_packet(&data(4), &mut ctx);
        assert_eq!(acks(&mut ctx), vec![3], "out of order: immediate duplicate ACK");
        s.on_packet(&data(3), &mut ctx);
        assert_eq!(acks(&mut ctx), vec![5], "gap filled: immediate ACK");
        assert!(!ctx.actions.iter().any(|a| matches!(a, Action::TimerSet(..))));
    }

    #[test]
    fn a_copy_of_the_last_in_order_segment_below_later_data_is_acked_at_once() {
        // ns-2's RFC2581_immediate_ack_: seqno < maxseen, even for a duplicate.
        let mut s = sink(true);
        let mut ctx = ScriptCtx::default();
        for seq in [0, 1, 3] {
            s.on_packet(&data(seq), &mut ctx);
        }
        ctx.actions.clear();
        s.on_packet(&data(1), &mut ctx);
        assert_eq!(acks(&mut ctx), vec![2]);
        assert!(!ctx.actions.iter().any(|a| matches!(a, Action::TimerSet(..))));
    }

    #[test]
    fn a_retransmission_of_data_already_held_is_spurious() {
        let mut s = sink(false);
        let mut ctx = ScriptCtx::default();
        s.on_packet(&data(0), &mut ctx);
        let mut again = data(0);
        again.flags = flags::RETRANSMIT;
        s.on_packet(&again, &mut ctx);
        assert_eq!(s.stats.spurious_retransmits, 1);
        assert_eq!(s.stats.delivered_bytes, 1000);
    }

    #[test]
    fn a_timeout_resending_data_already_held_was_spurious() {
        let mut s = sink(false);
        let mut ctx = ScriptCtx::default();
        s.on_packet(&data(0), &mut ctx);
        s.on_packet(&data(1), &mut ctx);
        // The timeout's first retransmission, then go-back-N's next one.
        let mut first = data(0);
        first.flags = flags::RETRANSMIT | flags::TIMEOUT_RETRANSMIT;
        s.on_packet(&first, &mut ctx);
        let mut next = data(1);
        next.flags = flags::RETRANSMIT;
        s.on_packet(&next, &mut ctx);
        assert_eq!((s.stats.spurious_timeouts, s.stats.spurious_retransmits), (1, 2));
        assert_eq!(ctx.values(SeriesId(2)), vec![0.0]);
        // A timeout's retransmission of a segment never received is not spurious.
        let mut needed = data(2);
        needed.flags = flags::RETRANSMIT | flags::TIMEOUT_RETRANSMIT;
        s.on_packet(&needed, &mut ctx);
        assert_eq!(s.stats.spurious_timeouts, 1);
    }

    #[test]
    fn a_syn_counts_in_no_one_way_delay() {
        let mut s = sink(false);
        let mut ctx = ScriptCtx { now: SimTime(900_000_000), ..ScriptCtx::default() };
        let mut syn = data(0);
        syn.flags = flags::SYN | flags::MARKED;
        s.on_packet(&syn, &mut ctx);
        assert_eq!((s.stats.owd.count(), s.stats.owd_marked.count()), (0, 0));
        assert!(ctx.values(SeriesId(1)).is_empty());
        // It is still acknowledged (and its echo returned).
        assert!(ctx.take_sent().pop().unwrap().has(flags::MARKED));
        s.on_packet(&data(1), &mut ctx);
        assert_eq!(s.stats.owd.count(), 1);
    }

    #[test]
    fn the_ack_after_a_marked_segment_echoes_the_receiver_clock() {
        let mut s = sink(true);
        let mut ctx = ScriptCtx { now: SimTime(5_000_000), ..ScriptCtx::default() };
        s.on_packet(&data(0), &mut ctx);
        ctx.actions.clear();
        let mut marked = data(1);
        marked.flags = flags::MARKED;
        ctx.now = SimTime(7_000_000);
        s.on_packet(&marked, &mut ctx);
        // Delayed: the echo waits for the ACK, which the timer sends.
        assert!(ctx.take_sent().is_empty());
        ctx.now = SimTime(107_000_000);
        s.on_timer(&mut ctx);
        let ack = ctx.take_sent().pop().unwrap();
        assert!(ack.has(flags::MARKED));
        assert_eq!(ack.ts_ecr, SimTime(7_000_000) + SimDuration::from_secs(1000));
        // Only that ACK.
        s.on_packet(&data(2), &mut ctx);
        s.on_packet(&data(3), &mut ctx);
        assert!(ctx.take_sent().iter().all(|a| !a.has(flags::MARKED)));
    }

    #[test]
    fn sack_acks_carry_blocks_and_grow_by_eight_bytes_each() {
        let mut s = sink_with(false, true);
        let mut ctx = ScriptCtx::default();
        for seq in [0, 2, 4] {
            s.on_packet(&data(seq), &mut ctx);
        }
        let acks = ctx.take_sent();
        assert_eq!(acks[0].sack_len, 0);
        assert_eq!(acks[2].sack().iter().collect::<Vec<_>>(), vec![(4, 5), (2, 3)]);
        assert_eq!(acks[2].size_bytes, 40 + 16);
    }

    #[test]
    fn delayed_sack_acks_report_the_segment_that_triggered_them() {
        let mut s = sink_with(true, true);
        let mut ctx = ScriptCtx::default();
        s.on_packet(&data(0), &mut ctx);
        s.on_packet(&data(1), &mut ctx);
        s.on_packet(&data(3), &mut ctx);
        let acks = ctx.take_sent();
        assert_eq!(acks.len(), 2, "segment 0 and the out-of-order segment are ACKed at once");
        assert_eq!((acks[1].seq, acks[1].sack().iter().collect::<Vec<_>>()), (2, vec![(3, 4)]));
    }

    #[test]
    fn ce_marks_are_echoed_until_cwr() {
        let mut s = sink(false);
        let mut ctx = ScriptCtx::default();
        let mut marked = data(0);
        marked.flags = flags::ECT | flags::CE;
        s.on_packet(&marked, &mut ctx);
        s.on_packet(&data(1), &mut ctx);
        let mut cwr = data(2);
        cwr.flags = flags::ECT | flags::CWR;
        s.on_packet(&cwr, &mut ctx);
        let ece: Vec<bool> = ctx.take_sent().iter().map(|a| a.has(flags::ECE)).collect();
        assert_eq!(ece, vec![true, true, false]);
    }

    #[test]
    fn acks_echo_the_timestamp_of_the_segment_they_answer() {
        let mut s = sink(true);
        let mut ctx = ScriptCtx::default();
        s.on_packet(&data(0), &mut ctx);
        let mut first = data(1);
        first.created_at = SimTime(5);
        let mut second = data(2);
        second.created_at = SimTime(9);
        s.on_packet(&first, &mut ctx);
        s.on_packet(&second, &mut ctx);
        // RFC 7323 4.3: with delayed ACKs the earlier segment's TSval is echoed.
        assert_eq!(ctx.take_sent()[1].ts_ecr, SimTime(5));
        // ns-2 without ts_echo_bugfix_ echoes the segment that triggered the ACK.
        let mut old = sink(true);
        old.cfg.ts_echo_bugfix = false;
        let mut ctx = ScriptCtx::default();
        old.on_packet(&data(0), &mut ctx);
        old.on_packet(&first, &mut ctx);
        old.on_packet(&second, &mut ctx);
        assert_eq!(ctx.take_sent()[1].ts_ecr, SimTime(9));
    }
}
