//! Constant bit rate over UDP, as ns-2's Application/Traffic/CBR on a UDP
//! agent: a datagram of `packet_bytes` every `packet_bytes x 8 / rate`
//! seconds from the start, numbered from 0, never resent.
//!
//! Send times are computed from the start (packet k leaves at
//! `start + k x bits / rate`, rounded down to the nanosecond), so a rate that
//! is not a whole number of nanoseconds per packet does not drift.

use crate::agent::{AgentCtx, FlowAddr};
use crate::ids::TimerId;
use crate::packet::{Packet, PacketKind};
use crate::time::{Bandwidth, SimDuration, SimTime};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CbrConfig {
    /// Bits per second, counted over whole datagrams (ns-2's rate_).
    pub rate: Bandwidth,
    /// Bytes of each datagram on the wire (ns-2's packetSize_; its UDP agent adds no header).
    pub packet_bytes: u32,
}

#[derive(Clone, Copy, Debug, Default)]
pub struct CbrStats {
    pub sent_packets: u64,
    pub sent_bytes: u64,
}

pub struct CbrSource {
    cfg: CbrConfig,
    addr: FlowAddr,
    timer: TimerId,
    started_at: SimTime,
    pub stats: CbrStats,
}

impl CbrSource {
    pub fn new(cfg: CbrConfig, addr: FlowAddr, timer: TimerId) -> Self {
        CbrSource { cfg, addr, timer, started_at: SimTime::ZERO, stats: CbrStats::default() }
    }

    pub fn config(&self) -> &CbrConfig {
        &self.cfg
    }

    /// The first datagram leaves at once (ns-2 CBR_Traffic::start).
    pub fn start(&mut self, ctx: &mut impl AgentCtx) {
        self.started_at = ctx.now();
        self.send_next(ctx);
    }

    pub fn on_timer(&mut self, ctx: &mut impl AgentCtx) {
        self.send_next(ctx);
    }

    /// When datagram `k` leaves.
    fn departure(&self, k: u64) -> SimTime {
        let bits = self.cfg.packet_bytes as u128 * 8;
        let ns = k as u128 * bits * 1_000_000_000 / self.cfg.rate.bps().max(1) as u128;
        self.started_at + SimDuration(ns.min(u64::MAX as u128) as u64)
    }

    fn send_next(&mut self, ctx: &mut impl AgentCtx) {
        let seq = self.stats.sent_packets;
        ctx.send(Packet {
            flow: self.addr.flow,
            kind: PacketKind::Datagram,
            src: self.addr.local,
            dst: self.addr.remote,
            seq: seq as u32,
            size_bytes: self.cfg.packet_bytes,
            payload_bytes: self.cfg.packet_bytes.min(u16::MAX as u32) as u16,
            created_at: ctx.now(),
            ..Packet::default()
        });
        self.stats.sent_packets += 1;
        self.stats.sent_bytes += self.cfg.packet_bytes as u64;
        ctx.set_timer(self.timer, self.departure(seq + 1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::script::ScriptCtx;
    use crate::ids::{FlowId, NodeId};

    fn source(rate_bps: u64, packet_bytes: u32) -> CbrSource {
        let addr = FlowAddr { flow: FlowId(0), local: NodeId(0), remote: NodeId(1) };
        CbrSource::new(CbrConfig { rate: Bandwidth(rate_bps), packet_bytes }, addr, TimerId(0))
    }

    #[test]
    fn sends_a_datagram_every_size_over_rate() {
        // Seed 002: 40 kbit/s of 500-byte datagrams is one every 4000 bits / 40 kbit/s = 100 ms.
        let mut s = source(40_000, 500);
        let mut ctx = ScriptCtx { now: SimTime(7), ..ScriptCtx::default() };
        s.start(&mut ctx);
        let mut times = vec![];
        for _ in 0..3 {
            let at = ctx.timer(TimerId(0)).unwrap();
            times.push(at.0 - 7);
            ctx.now = at;
            s.on_timer(&mut ctx);
        }
        assert_eq!(times, vec![100_000_000, 200_000_000, 300_000_000]);
        let sent = ctx.take_sent();
        assert_eq!(sent.iter().map(|p| p.seq).collect::<Vec<_>>(), vec![0, 1, 2, 3]);
        assert!(sent.iter().all(|p| p.kind == PacketKind::Datagram && p.size_bytes == 500));
    }

    #[test]
    fn a_rate_with_no_whole_nanosecond_interval_does_not_drift() {
        // 1-byte datagrams at 3 Gbit/s: 8/3 ns apart, so packet k leaves at
        // floor(8k/3) ns: 0, 2, 5, 8, and packet 10 at 26 (not 10 x 2 = 20).
        let s = source(3_000_000_000, 1);
        let times: Vec<u64> = [0, 1, 2, 3, 10].iter().map(|&k| s.departure(k).0).collect();
        assert_eq!(times, vec![0, 2, 5, 8, 26]);
    }
}
