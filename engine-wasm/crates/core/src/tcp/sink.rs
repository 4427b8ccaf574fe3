//! The TCP receiver: reassembly and acknowledgements.
//!
//! Two ACK policies, as ns-2's sinks: `TCPSink` ACKs every segment;
//! `TCPSink/DelAck` delays the ACK of an in-order segment until a second one
//! arrives or a timer expires (RFC 1122 4.2.3.2, RFC 5681 4.2), and ACKs at
//! once a segment that is out of order or fills a gap.

use super::reassembly::Reassembly;
use crate::agent::{AgentCtx, FlowAddr};
use crate::ids::TimerId;
use crate::packet::{Packet, PacketKind};
use crate::record::summary::DurationStats;
use crate::record::SeriesId;
use crate::time::SimDuration;

#[derive(Clone, Debug, PartialEq)]
pub struct SinkConfig {
    pub delayed_ack: bool,
    /// How long an ACK may be delayed (ns-2 DelAck `interval_`: 100 ms).
    pub delack_interval: SimDuration,
    /// Bytes of a pure ACK on the wire.
    pub ack_bytes: u32,
}

#[derive(Clone, Copy, Debug)]
pub struct SinkSeries {
    /// In-order application bytes delivered so far.
    pub delivered: SeriesId,
    /// True one-way delay of each arriving data segment, seconds.
    pub owd: SeriesId,
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
    pub acks_sent: u64,
    /// True forward one-way delay of data segments, seconds.
    pub owd: DurationStats,
}

pub struct TcpSink {
    cfg: SinkConfig,
    addr: FlowAddr,
    delack_timer: TimerId,
    series: SinkSeries,
    reassembly: Reassembly,
    ack_pending: bool,
    pub stats: SinkStats,
}

impl TcpSink {
    pub fn new(cfg: SinkConfig, addr: FlowAddr, delack_timer: TimerId, series: SinkSeries) -> Self {
        TcpSink {
            cfg,
            addr,
            delack_timer,
            series,
            reassembly: Reassembly::default(),
            ack_pending: false,
            stats: SinkStats::default(),
        }
    }

    pub fn next_expected(&self) -> u32 {
        self.reassembly.next_expected()
    }

    pub fn on_packet(&mut self, pkt: &Packet, ctx: &mut impl AgentCtx) {
        debug_assert_eq!(pkt.kind, PacketKind::Data);
        let owd = ctx.now().since(pkt.created_at);
        self.stats.owd.add(owd);
        ctx.record(self.series.owd, owd.as_secs_f64());
        self.stats.received_packets += 1;
        self.stats.received_bytes += pkt.payload_bytes as u64;
        let accepted = self.reassembly.accept(pkt.seq, pkt.payload_bytes as u32);
        if accepted.duplicate {
            self.stats.duplicate_packets += 1;
            if pkt.is_retransmit() {
                self.stats.spurious_retransmits += 1;
            }
        }
        if accepted.delivered_bytes > 0 {
            self.stats.delivered_bytes += accepted.delivered_bytes;
            ctx.record(self.series.delivered, self.stats.delivered_bytes as f64);
        }
        if self.cfg.delayed_ack {
            let in_order = pkt.seq + 1 == self.reassembly.next_expected();
            if !self.ack_pending && in_order && !accepted.filled_gap {
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
        ctx.send(Packet {
            uid: 0,
            flow: self.addr.flow,
            kind: PacketKind::Ack,
            flags: 0,
            src: self.addr.local,
            dst: self.addr.remote,
            seq: self.reassembly.next_expected(),
            size_bytes: self.cfg.ack_bytes,
            payload_bytes: 0,
            created_at: ctx.now(),
            ..Packet::default()
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::script::{Action, ScriptCtx};
    use crate::ids::{FlowId, NodeId};
    use crate::packet::flags;
    use crate::time::SimTime;

    const DELACK: TimerId = TimerId(1);

    fn sink(delayed_ack: bool) -> TcpSink {
        let cfg = SinkConfig { delayed_ack, delack_interval: SimDuration::from_millis(100), ack_bytes: 40 };
        let addr = FlowAddr { flow: FlowId(0), local: NodeId(1), remote: NodeId(0) };
        TcpSink::new(cfg, addr, DELACK, SinkSeries { delivered: SeriesId(0), owd: SeriesId(1) })
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
        for seq in 0..4 {
            s.on_packet(&data(seq), &mut ctx);
        }
        assert_eq!(acks(&mut ctx), vec![2, 4]);
    }

    #[test]
    fn delayed_ack_timer_acks_a_lone_segment() {
        let mut s = sink(true);
        let mut ctx = ScriptCtx::default();
        s.on_packet(&data(0), &mut ctx);
        assert_eq!(ctx.timer(DELACK), Some(SimTime(100_000_000)));
        assert!(acks(&mut ctx).is_empty());
        ctx.now = SimTime(100_000_000);
        s.on_timer(&mut ctx);
        assert_eq!(acks(&mut ctx), vec![1]);
    }

    #[test]
    fn out_of_order_and_gap_filling_segments_are_acked_at_once() {
        let mut s = sink(true);
        let mut ctx = ScriptCtx::default();
        s.on_packet(&data(0), &mut ctx);
        s.on_packet(&data(1), &mut ctx);
        assert_eq!(acks(&mut ctx), vec![2]);
        ctx.actions.clear();
        s.on_packet(&data(3), &mut ctx);
        assert_eq!(acks(&mut ctx), vec![2], "out of order: immediate duplicate ACK");
        s.on_packet(&data(2), &mut ctx);
        assert_eq!(acks(&mut ctx), vec![4], "gap filled: immediate ACK");
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
}
