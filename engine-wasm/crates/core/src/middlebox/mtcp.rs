//! M-TCP's supervisor host (Brown and Singh 1997; seed 000, topology 3):
//! the gateway between the wired network and the mobile's cells keeps
//! the sender's connection frozen while the mobile is cut off by a handoff.
//!
//! The supervisor host (SH) relays the mobile's ACKs and keeps the last one
//! back, a copy, to speak for the mobile. When the mobile disconnects it
//! sends that ACK again advertising a zero window: the sender goes into
//! persist mode (RFC 9293 3.8.6.1), with no timeouts, no backoff and no cut
//! in its window. When the mobile reconnects the SH sends the ACK once more
//! with the receiver's window, and the sender resumes at once with the cwnd
//! it had, instead of waiting out a backed-off retransmission timer.
//!
//! Brown and Singh withhold the last *byte* of each ACK so the SH has new
//! data to acknowledge at the disconnection. ACKs here count whole segments,
//! and withholding a segment would stall a sender with one segment in
//! flight, so the SH re-sends the same ACK with another window: RFC 5681
//! section 2 (e) makes that a window update, not a duplicate ACK, and the
//! sender takes it as such.
//!
//! The disconnection intervals are given to the SH (the mobile support
//! stations tell it of handoffs). Until link outages carry them, the SH also
//! plays the wireless side while the mobile is away: packets of its flows
//! to and from the mobile are lost there. With `freeze` off it does only
//! that, which is plain TCP through a handoff, to compare against.

use super::{FlowIndex, MiddleboxCtx, Verdict};
use crate::ids::{FlowId, TimerId};
use crate::packet::{flags, Packet, PacketKind};
use crate::record::{MiddleboxSummary, SeriesId};
use crate::time::SimTime;

#[derive(Clone, Debug, PartialEq)]
pub struct MtcpConfig {
    /// When the mobile is out of reach, `[from, to)`, sorted and disjoint.
    pub disconnections: Vec<(SimTime, SimTime)>,
    /// Freeze the sender with a zero window through each disconnection (M-TCP);
    /// off: the SH only relays.
    pub freeze: bool,
}

struct MtcpConn {
    /// The mobile's latest ACK, kept back to speak for it.
    last_ack: Option<Packet>,
    /// The window to advertise on reconnection, in segments.
    rwnd_segments: u32,
}

#[derive(Clone, Copy, Debug, Default)]
pub struct MtcpStats {
    /// Zero-window ACKs sent.
    pub freezes: u64,
    /// Window updates sent at reconnection.
    pub window_updates: u64,
    /// Packets lost because the mobile was away.
    pub disconnected_drops: u64,
}

pub struct Mtcp {
    cfg: MtcpConfig,
    index: FlowIndex,
    conns: Vec<MtcpConn>,
    timer: TimerId,
    /// The next disconnection start (even) or end (odd), as an index into the edges.
    next_edge: usize,
    connected: bool,
    /// `middleboxes.<id>.outage`: a marker at each disconnection, valued its length in seconds.
    outage_series: SeriesId,
    pub stats: MtcpStats,
}

impl Mtcp {
    /// One connection per `(flow, its receive window in segments)`.
    pub fn new(cfg: MtcpConfig, conns: &[(FlowId, u32)], timer: TimerId, outage_series: SeriesId) -> Self {
        let flows: Vec<FlowId> = conns.iter().map(|c| c.0).collect();
        Mtcp {
            cfg,
            index: FlowIndex::new(&flows),
            conns: conns.iter().map(|&(_, rwnd_segments)| MtcpConn { last_ack: None, rwnd_segments }).collect(),
            timer,
            next_edge: 0,
            connected: true,
            outage_series,
            stats: MtcpStats::default(),
        }
    }

    fn edge(&self, k: usize) -> Option<SimTime> {
        self.cfg.disconnections.get(k / 2).map(|&(from, to)| if k % 2 == 0 { from } else { to })
    }

    pub fn first_timer(&self) -> Option<(TimerId, SimTime)> {
        self.edge(0).map(|t| (self.timer, t))
    }

    pub fn is_connected(&self) -> bool {
        self.connected
    }

    pub fn on_packet(&mut self, pkt: &Packet, _ctx: &mut impl MiddleboxCtx) -> Verdict {
        let Some(i) = self.index.get(pkt.flow) else { return Verdict::Pass };
        if !self.connected {
            self.stats.disconnected_drops += 1;
            return Verdict::Taken;
        }
        if pkt.kind == PacketKind::Ack {
            let c = &mut self.conns[i];
            if c.last_ack.is_none_or(|a| pkt.seq >= a.seq) {
                c.last_ack = Some(*pkt);
            }
        }
        Verdict::Pass
    }

    /// A disconnection starts or ends.
    pub fn on_timer(&mut self, ctx: &mut impl MiddleboxCtx) {
        let Some(at) = self.edge(self.next_edge) else { return };
        debug_assert_eq!(at, ctx.now());
        let starts = self.next_edge % 2 == 0;
        if starts {
            let (from, to) = self.cfg.disconnections[self.next_edge / 2];
            ctx.record(self.outage_series, to.since(from).as_secs_f64());
        }
        self.connected = !starts;
        if self.cfg.freeze {
            for i in 0..self.conns.len() {
                self.speak_for_mobile(i, starts, ctx);
            }
        }
        self.next_edge += 1;
        if let Some(next) = self.edge(self.next_edge) {
            ctx.set_timer(self.timer, next);
        }
    }

    /// Re-sends the mobile's last ACK with a zero window (`freeze`) or its window.
    fn speak_for_mobile(&mut self, i: usize, freeze: bool, ctx: &mut impl MiddleboxCtx) {
        let c = &self.conns[i];
        let Some(mut ack) = c.last_ack else { return };
        ack.flags |= flags::SPOOFED;
        ack.set_advertised_window(if freeze { 0 } else { c.rwnd_segments });
        ack.created_at = ctx.now();
        if freeze {
            self.stats.freezes += 1;
        } else {
            self.stats.window_updates += 1;
        }
        ctx.send(ack);
    }

    pub fn fill_summary(&self, s: &mut MiddleboxSummary) {
        s.kind = "mtcp".into();
        s.freezes = Some(self.stats.freezes);
        s.disconnected_drops = Some(self.stats.disconnected_drops);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::AgentCtx;
    use crate::agent::FlowAddr;
    use crate::middlebox::script::{reno_config, MbCtx};
    use crate::tcp::SenderTimers;
    use crate::tcp::{SenderSeries, TcpSender};
    use crate::time::SimDuration;

    const RTX: TimerId = TimerId(0);

    const TIMER: TimerId = TimerId(5);
    const OUTAGE: SeriesId = SeriesId(50);

    fn s(t: u64) -> SimTime {
        SimTime::ZERO + SimDuration::from_secs(t)
    }

    fn mtcp(freeze: bool) -> Mtcp {
        let cfg = MtcpConfig { disconnections: vec![(s(5), s(7))], freeze };
        Mtcp::new(cfg, &[(FlowId(0), 20)], TIMER, OUTAGE)
    }

    fn ack(seq: u32) -> Packet {
        Packet::for_test(PacketKind::Ack, seq, 40)
    }

    #[test]
    fn the_sh_freezes_the_sender_through_a_handoff_and_releases_it_after() {
        let mut sh = mtcp(true);
        let mut ctx = MbCtx::default();
        assert_eq!(sh.first_timer(), Some((TIMER, s(5))));
        // The mobile's ACKs pass; the SH keeps the last one.
        for seq in [1, 2, 3] {
            assert_eq!(sh.on_packet(&ack(seq), &mut ctx), Verdict::Pass);
        }
        ctx.inner.now = s(5);
        sh.on_timer(&mut ctx);
        let zwa = ctx.take_sent();
        assert_eq!(zwa.len(), 1);
        assert_eq!((zwa[0].seq, zwa[0].advertised_window()), (3, Some(0)));
        assert!(zwa[0].has(flags::SPOOFED));
        assert_eq!(ctx.values(OUTAGE), vec![2.0], "a 2 s outage marker");
        assert_eq!(ctx.timer(TIMER), Some(s(7)));
        // Meanwhile nothing reaches or leaves the mobile.
        assert_eq!(sh.on_packet(&Packet::for_test(PacketKind::Data, 9, 1040), &mut ctx), Verdict::Taken);
        assert_eq!(sh.stats.disconnected_drops, 1);
        ctx.inner.now = s(7);
        sh.on_timer(&mut ctx);
        let update = ctx.take_sent();
        assert_eq!((update[0].seq, update[0].advertised_window()), (3, Some(20)));
        assert!(sh.is_connected());
        assert_eq!(ctx.timer(TIMER), Some(s(7)), "no further edges");
    }

    #[test]
    fn without_freeze_the_sh_only_cuts_the_mobile_off() {
        let mut sh = mtcp(false);
        let mut ctx = MbCtx::default();
        sh.on_packet(&ack(1), &mut ctx);
        ctx.inner.now = s(5);
        sh.on_timer(&mut ctx);
        assert!(ctx.take_sent().is_empty());
        assert_eq!(sh.on_packet(&ack(1), &mut ctx), Verdict::Taken);
    }

    #[test]
    fn a_frozen_sender_neither_times_out_nor_shrinks_and_resumes_at_reconnection() {
        // The sender's side of the same story, end to end through the SH.
        let mut sh = mtcp(true);
        let mut mb = MbCtx::default();
        let addr = FlowAddr { flow: FlowId(0), local: crate::ids::NodeId(0), remote: crate::ids::NodeId(2) };
        let series = SenderSeries::numbered();
        let mut tx = TcpSender::new(reno_config(8), addr, SenderTimers { rtx: RTX, cwnd: TimerId(99) }, series);
        // Segments leave at 4.8 s and their ACKs arrive 100 ms later: RTO 1 s (RFC 6298's floor).
        let mut ctx = crate::agent::script::ScriptCtx { now: SimTime(4_800_000_000), ..Default::default() };
        tx.start(&mut ctx);
        ctx.take_sent();
        ctx.now = SimTime(4_900_000_000);
        for seq in 1..=4 {
            sh.on_packet(&ack(seq), &mut mb);
            tx.on_packet(&ack(seq), &mut ctx);
        }
        let cwnd = tx.cwnd();
        ctx.take_sent();
        mb.inner.now = s(5);
        ctx.now = s(5);
        sh.on_timer(&mut mb);
        for zwa in mb.take_sent() {
            tx.on_packet(&zwa, &mut ctx);
        }
        assert!(tx.is_persisting());
        // Through the 2 s handoff only probes leave (dropped by the SH), never a timeout.
        while let Some(t) = ctx.timer(RTX).filter(|&t| t < s(7)) {
            ctx.now = t;
            tx.on_timer(SenderTimers::RTX_KIND, &mut ctx);
        }
        assert_eq!(tx.stats().timeouts, 0);
        assert_eq!(tx.cwnd(), cwnd);
        ctx.take_sent();
        mb.inner.now = s(7);
        ctx.now = s(7);
        sh.on_timer(&mut mb);
        for update in mb.take_sent() {
            tx.on_packet(&update, &mut ctx);
        }
        assert!(!tx.is_persisting());
        // Segments 4.. go out again at once, a full cwnd of them.
        let resumed: Vec<u32> = ctx.take_sent().iter().map(|p| p.seq).collect();
        assert_eq!(resumed, (4..4 + cwnd as u32).collect::<Vec<_>>());
        assert_eq!(ctx.now(), s(7));
    }
}
