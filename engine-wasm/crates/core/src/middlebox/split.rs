//! A split-connection proxy: I-TCP (Bakre and Badrinath 1995) at a base
//! station, or a spoofing performance-enhancing proxy at a satellite hub
//! (RFC 3135 section 2.4; seed 001's "Spoofing", like DirecPC).
//!
//! For each flow it handles, the proxy ends the sender's connection itself
//! (leg 1: an ordinary TCP receiver whose ACKs, flagged SPOOFED, say they
//! come from the real receiver), keeps the data, and sends it on over a
//! second, independent TCP connection (leg 2, with its own sender settings)
//! to the real receiver, whose ACKs it takes. The sender sees only the RTT
//! to the proxy; the end-to-end goodput is what the real receiver gets.
//!
//! The proxy holds every byte leg 1 delivered until leg 2's receiver has
//! acknowledged it. With a buffer limit (seed 001: 64 KB per connection)
//! the proxy advertises only the room it has left, as any TCP receiver does
//! with its receive buffer (RFC 9293 3.8.6; I-TCP runs ordinary TCP sockets
//! at the base station, and RFC 3135 section 5.2 has PEPs flow-control the
//! sender through the window). Withholding ACKs instead would make the
//! sender time out and resend data the proxy already has. So:
//! - every ACK to the sender advertises the free buffer, in segments; the
//!   window's right edge never moves left (RFC 9293 3.8.6.2.1);
//! - a segment beyond the offered window is dropped and answered with an
//!   ACK (RFC 9293 3.10.7.4): that is how the sender's zero-window probes
//!   learn the window;
//! - when leg 2's progress opens the window by two segments or half the
//!   buffer, the proxy sends a window update at once, as BSD's tcp_output
//!   does, rather than leave the sender to its persist timer.
//!
//! With `local_recovery`, leg 2's losses are treated as link errors: a
//! [`Snoop`] agent sits between leg 2's sender and the link, caches each
//! segment the proxy's own queue took, resends it from there on duplicate
//! ACKs or its own timer, and keeps those duplicates from leg 2's sender.
//! The sender then cuts its window only for what its own queue refused
//! (congestion) or what the Snoop agent could not repair. Seed 001's paper:
//! Spoofing resends lost segments from the hub's buffer "as Snoop does", and
//! its throughput does not fall during loss recovery.

use super::{FlowIndex, MiddleboxCtx, Snoop, SnoopConfig, Verdict};
use crate::agent::{AgentCtx, FlowAddr};
use crate::ids::{FlowId, NodeId, TimerId};
use crate::packet::{flags, Packet, PacketKind};
use crate::record::{MiddleboxSummary, SeriesId};
use crate::tcp::{SenderConfig, SenderSeries, SenderTimers, SinkConfig, SinkSeries, TcpSender, TcpSink};
use crate::time::SimTime;

#[derive(Clone, Debug, PartialEq)]
pub struct SplitConfig {
    /// Bytes held per connection at most; `None`: unlimited.
    pub buffer_bytes: Option<u64>,
    /// One per flow, in the order of the middlebox's flows.
    pub legs: Vec<SplitLeg>,
    /// A Snoop agent on leg 2's side: its losses are link errors.
    pub local_recovery: Option<SnoopConfig>,
}

/// The two halves of one split connection.
#[derive(Clone, Debug, PartialEq)]
pub struct SplitLeg {
    /// The proxy's receiver facing the sender (leg 1).
    pub sink: SinkConfig,
    /// The proxy's sender facing the receiver (leg 2).
    pub sender: SenderConfig,
    /// Payload bytes per segment of the original sender.
    pub sender_mss_bytes: u32,
}

/// What one split connection is wired to.
pub struct SplitWiring {
    pub flow: FlowId,
    pub proxy: NodeId,
    pub sender: NodeId,
    pub receiver: NodeId,
    pub delack: TimerId,
    pub leg2_timers: SenderTimers,
    pub sender_series: SenderSeries,
    pub sink_series: SinkSeries,
    /// The flow's file size, if it is a finite transfer.
    pub file_bytes: Option<u64>,
    pub leg: SplitLeg,
}

struct SplitConn {
    flow: FlowId,
    leg1: TcpSink,
    leg2: TcpSender,
    sender: NodeId,
    receiver: NodeId,
    sender_mss_bytes: u32,
    ack_bytes: u32,
    file_bytes: Option<u64>,
    /// Bytes handed to leg 2 so far.
    supplied: u64,
    /// ACK plus window of the last window advertised to the sender, in segments.
    advertised_edge: u32,
}

impl SplitConn {
    /// Bytes the proxy is responsible for: delivered by leg 1, not yet acknowledged on leg 2.
    fn held_bytes(&self) -> u64 {
        self.leg1.stats.delivered_bytes.saturating_sub(self.leg2.acked_bytes())
    }
}

#[derive(Clone, Copy, Debug, Default)]
pub struct SplitStats {
    pub spoofed_acks: u64,
    pub window_updates: u64,
    /// Segments beyond the offered window (zero-window probes among them).
    pub beyond_window: u64,
    pub buffer_max_bytes: u64,
}

/// Leg 1's ACKs, caught on their way out so the proxy can stamp them.
struct Collect<'a, C> {
    inner: &'a mut C,
    acks: &'a mut Vec<Packet>,
}

/// Leg 2's output: its data passes through the local-recovery Snoop agent, if any.
struct Leg2Out<'a, C> {
    inner: &'a mut C,
    recovery: Option<&'a mut Snoop>,
}

impl<C: MiddleboxCtx> AgentCtx for Leg2Out<'_, C> {
    fn now(&self) -> SimTime {
        self.inner.now()
    }
    fn send(&mut self, pkt: Packet) {
        match self.recovery.as_deref_mut() {
            Some(snoop) if pkt.kind == PacketKind::Data => {
                snoop.on_packet(&pkt, &mut Originate(&mut *self.inner));
            }
            _ => self.inner.send(pkt),
        }
    }
    fn set_timer(&mut self, timer: TimerId, at: SimTime) {
        self.inner.set_timer(timer, at);
    }
    fn cancel_timer(&mut self, timer: TimerId) {
        self.inner.cancel_timer(timer);
    }
    fn record(&mut self, series: SeriesId, value: f64) {
        self.inner.record(series, value);
    }
}

/// The Snoop agent's view of leg 2: passing a segment on is sending it from here.
struct Originate<'a, C>(&'a mut C);

impl<C: MiddleboxCtx> AgentCtx for Originate<'_, C> {
    fn now(&self) -> SimTime {
        self.0.now()
    }
    fn send(&mut self, pkt: Packet) {
        self.0.send(pkt);
    }
    fn set_timer(&mut self, timer: TimerId, at: SimTime) {
        self.0.set_timer(timer, at);
    }
    fn cancel_timer(&mut self, timer: TimerId) {
        self.0.cancel_timer(timer);
    }
    fn record(&mut self, series: SeriesId, value: f64) {
        self.0.record(series, value);
    }
}

impl<C: MiddleboxCtx> MiddleboxCtx for Originate<'_, C> {
    fn forward(&mut self, pkt: &Packet) -> bool {
        self.0.originate(*pkt)
    }
    fn originate(&mut self, pkt: Packet) -> bool {
        self.0.originate(pkt)
    }
}

impl<C: AgentCtx> AgentCtx for Collect<'_, C> {
    fn now(&self) -> SimTime {
        self.inner.now()
    }
    fn send(&mut self, pkt: Packet) {
        self.acks.push(pkt);
    }
    fn set_timer(&mut self, timer: TimerId, at: SimTime) {
        self.inner.set_timer(timer, at);
    }
    fn cancel_timer(&mut self, timer: TimerId) {
        self.inner.cancel_timer(timer);
    }
    fn record(&mut self, series: crate::record::SeriesId, value: f64) {
        self.inner.record(series, value);
    }
}

pub struct SplitProxy {
    buffer_bytes: Option<u64>,
    index: FlowIndex,
    conns: Vec<SplitConn>,
    /// `nodes.<node>.proxy_buffer`: bytes held, all flows.
    buffer_series: SeriesId,
    held_total: u64,
    pending: Vec<Packet>,
    /// Snoop between leg 2 and the link, its connection i being ours; its
    /// timer kinds follow ours (3n + i).
    recovery: Option<Snoop>,
    pub stats: SplitStats,
}

impl SplitProxy {
    pub fn new(buffer_bytes: Option<u64>, wiring: Vec<SplitWiring>, buffer_series: SeriesId, recovery: Option<Snoop>) -> Self {
        let flows: Vec<FlowId> = wiring.iter().map(|w| w.flow).collect();
        let conns = wiring
            .into_iter()
            .map(|w| SplitConn {
                flow: w.flow,
                ack_bytes: w.leg.sink.ack_bytes,
                leg1: TcpSink::new(
                    w.leg.sink,
                    FlowAddr { flow: w.flow, local: w.proxy, remote: w.sender },
                    w.delack,
                    w.sink_series,
                ),
                leg2: TcpSender::new(
                    w.leg.sender,
                    FlowAddr { flow: w.flow, local: w.proxy, remote: w.receiver },
                    w.leg2_timers,
                    w.sender_series,
                ),
                sender: w.sender,
                receiver: w.receiver,
                sender_mss_bytes: w.leg.sender_mss_bytes.max(1),
                file_bytes: w.file_bytes,
                supplied: 0,
                advertised_edge: 0,
            })
            .collect();
        SplitProxy {
            buffer_bytes,
            index: FlowIndex::new(&flows),
            conns,
            buffer_series,
            held_total: 0,
            pending: Vec::new(),
            recovery,
            stats: SplitStats::default(),
        }
    }

    pub fn on_packet(&mut self, pkt: &Packet, ctx: &mut impl MiddleboxCtx) -> Verdict {
        let Some(i) = self.index.get(pkt.flow) else { return Verdict::Pass };
        match pkt.kind {
            PacketKind::Data => self.on_sender_data(i, pkt, ctx),
            PacketKind::Ack => self.on_receiver_ack(i, pkt, ctx),
            PacketKind::Datagram => return Verdict::Pass,
        }
        Verdict::Taken
    }

    /// Timer kind 3i is connection i's delayed-ACK timer (leg 1); 3i + 1 and
    /// 3i + 2 are leg 2's timers, in [`SenderTimers`]'s kind order; 3n + i
    /// (n connections) is connection i's local-recovery timer.
    pub fn on_timer(&mut self, kind: u16, ctx: &mut impl MiddleboxCtx) {
        let n = self.conns.len();
        let i = kind as usize / 3;
        if i >= n {
            if let Some(snoop) = &mut self.recovery {
                snoop.on_timer((kind as usize - 3 * n) as u16, &mut Originate(ctx));
            }
            return;
        }
        match kind % 3 {
            0 => {
                self.pending.clear();
                self.conns[i].leg1.on_timer(&mut Collect { inner: ctx, acks: &mut self.pending });
                self.after_leg1(i, ctx);
            }
            leg2_kind => {
                let out = &mut Leg2Out { inner: ctx, recovery: self.recovery.as_mut() };
                self.conns[i].leg2.on_timer(leg2_kind - 1, out);
            }
        }
    }

    /// The connection number of `flow`, if the proxy splits it.
    pub fn connection_of(&self, flow: FlowId) -> Option<usize> {
        self.index.get(flow)
    }

    /// Bytes each connection may hold, if bounded.
    pub fn buffer_limit(&self) -> Option<u64> {
        self.buffer_bytes
    }

    /// The second leg of connection `i`, for inspection.
    pub fn leg2(&self, i: usize) -> &TcpSender {
        &self.conns[i].leg2
    }

    /// The first leg's receiver of connection `i`, for inspection.
    pub fn leg1(&self, i: usize) -> &TcpSink {
        &self.conns[i].leg1
    }

    /// Free room of connection `i`, in the sender's segments.
    fn free_segments(&self, i: usize) -> Option<u32> {
        let c = &self.conns[i];
        self.buffer_bytes
            .map(|limit| (limit.saturating_sub(c.held_bytes()) / c.sender_mss_bytes as u64).min(u32::MAX as u64) as u32)
    }

    /// The right edge of the window connection `i` can offer now.
    fn window_edge(&self, i: usize) -> Option<u32> {
        let next = self.conns[i].leg1.next_expected();
        self.free_segments(i).map(|free| next.saturating_add(free))
    }

    fn on_sender_data(&mut self, i: usize, pkt: &Packet, ctx: &mut impl MiddleboxCtx) {
        if let Some(edge) = self.window_edge(i) {
            if pkt.seq >= edge.max(self.conns[i].advertised_edge) {
                // RFC 9293 3.10.7.4: not acceptable; send an ACK (with the window) and drop it.
                self.stats.beyond_window += 1;
                let ack = self.bare_ack(i, ctx.now());
                self.send_to_sender(i, ack, ctx);
                return;
            }
        }
        self.pending.clear();
        self.conns[i].leg1.on_packet(pkt, &mut Collect { inner: ctx, acks: &mut self.pending });
        self.after_leg1(i, ctx);
    }

    /// Hands newly delivered data to leg 2 and sends leg 1's ACKs on.
    fn after_leg1(&mut self, i: usize, ctx: &mut impl MiddleboxCtx) {
        let c = &mut self.conns[i];
        let delivered = c.leg1.stats.delivered_bytes;
        if delivered > c.supplied {
            c.supplied = delivered;
            let complete = c.file_bytes.is_some_and(|f| delivered >= f);
            c.leg2.supply(delivered, complete, &mut Leg2Out { inner: ctx, recovery: self.recovery.as_mut() });
        }
        self.record_buffer(ctx);
        let acks = std::mem::take(&mut self.pending);
        for &ack in &acks {
            self.send_to_sender(i, ack, ctx);
        }
        self.pending = acks;
    }

    fn on_receiver_ack(&mut self, i: usize, pkt: &Packet, ctx: &mut impl MiddleboxCtx) {
        if let Some(snoop) = &mut self.recovery {
            if snoop.on_packet(pkt, &mut Originate(&mut *ctx)) == Verdict::Taken {
                // A duplicate the local resend answers: leg 2's sender never sees it.
                return;
            }
        }
        self.conns[i].leg2.on_packet(pkt, &mut Leg2Out { inner: ctx, recovery: self.recovery.as_mut() });
        self.record_buffer(ctx);
        let (Some(limit), Some(edge)) = (self.buffer_bytes, self.window_edge(i)) else { return };
        let c = &self.conns[i];
        if c.advertised_edge == 0 || edge <= c.advertised_edge {
            return;
        }
        // BSD tcp_output: a window update once the window can open by two
        // segments or by half the buffer.
        let opening = (edge - c.advertised_edge) as u64;
        if opening >= 2 || 2 * opening * c.sender_mss_bytes as u64 >= limit {
            self.stats.window_updates += 1;
            let ack = self.bare_ack(i, ctx.now());
            self.send_to_sender(i, ack, ctx);
        }
    }

    /// An ACK of what leg 1 holds, with no SACK blocks or timestamp echo.
    fn bare_ack(&self, i: usize, now: SimTime) -> Packet {
        let c = &self.conns[i];
        Packet {
            flow: c.flow,
            kind: PacketKind::Ack,
            seq: c.leg1.next_expected(),
            size_bytes: c.ack_bytes,
            created_at: now,
            ..Packet::default()
        }
    }

    /// Sends an ACK to the sender in the receiver's name, with the window if the buffer is bounded.
    fn send_to_sender(&mut self, i: usize, mut ack: Packet, ctx: &mut impl MiddleboxCtx) {
        let free = self.free_segments(i);
        let c = &mut self.conns[i];
        ack.flags |= flags::SPOOFED;
        ack.src = c.receiver;
        ack.dst = c.sender;
        if let Some(free) = free {
            // Never move the right edge left (RFC 9293 3.8.6.2.1).
            let edge = ack.seq.saturating_add(free).max(c.advertised_edge);
            ack.set_advertised_window(edge - ack.seq);
            c.advertised_edge = edge;
        }
        self.stats.spoofed_acks += 1;
        ctx.send(ack);
    }

    fn record_buffer(&mut self, ctx: &mut impl MiddleboxCtx) {
        let held: u64 = self.conns.iter().map(SplitConn::held_bytes).sum();
        if held != self.held_total {
            self.held_total = held;
            self.stats.buffer_max_bytes = self.stats.buffer_max_bytes.max(held);
            ctx.record(self.buffer_series, held as f64);
        }
    }

    pub fn fill_summary(&self, s: &mut MiddleboxSummary) {
        s.kind = "split".into();
        s.spoofed_acks = Some(self.stats.spoofed_acks);
        s.buffer_max_bytes = Some(self.stats.buffer_max_bytes);
        s.leg2_retransmits = Some(self.conns.iter().map(|c| c.leg2.stats().retransmits).sum());
        s.leg2_timeouts = Some(self.conns.iter().map(|c| c.leg2.stats().timeouts).sum());
        s.buffer_limit_bytes = self.buffer_bytes;
        if let Some(snoop) = &self.recovery {
            s.local_retransmits = Some(snoop.stats.local_retransmits);
            s.suppressed_dupacks = Some(snoop.stats.suppressed_dupacks);
            s.cache_max_packets = Some(snoop.stats.cache_max_packets);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::middlebox::script::{reno_config, MbCtx};
    use crate::record::SeriesId;
    use crate::time::SimDuration;

    const BUFFER: SeriesId = SeriesId(99);
    const SENDER: NodeId = NodeId(0);
    const PROXY: NodeId = NodeId(1);
    const RECEIVER: NodeId = NodeId(2);

    fn proxy(buffer_bytes: Option<u64>, file_bytes: Option<u64>) -> SplitProxy {
        proxy_with(buffer_bytes, file_bytes, false)
    }

    /// With `recovery`, a Snoop agent on leg 2 (resend on the first duplicate).
    fn proxy_with(buffer_bytes: Option<u64>, file_bytes: Option<u64>, recovery: bool) -> SplitProxy {
        let s = |k| SeriesId(k);
        let sender_series = SenderSeries::numbered();
        let leg = SplitLeg {
            sink: SinkConfig { delayed_ack: false, delack_interval: SimDuration::from_millis(100), ack_bytes: 40, sack: false, clock_offset: SimDuration::ZERO, ts_echo_bugfix: true },
            sender: reno_config(2),
            sender_mss_bytes: 1000,
        };
        let wiring = SplitWiring {
            flow: FlowId(0),
            proxy: PROXY,
            sender: SENDER,
            receiver: RECEIVER,
            delack: TimerId(0),
            leg2_timers: SenderTimers { rtx: TimerId(1), cwnd: TimerId(2) },
            sender_series,
            sink_series: SinkSeries { delivered: s(10), owd: s(11), spurious_timeout: s(12) },
            file_bytes,
            leg,
        };
        let recovery = recovery.then(|| {
            let cfg = SnoopConfig {
                cache: crate::net::QueueLimit::Packets(1000),
                sack: false,
                dupacks_passed: 0,
                min_rto: SimDuration::from_millis(100),
                exp_dupacks: false,
            };
            Snoop::new(cfg, &[(FlowId(0), TimerId(3))], SeriesId(98))
        });
        SplitProxy::new(buffer_bytes, vec![wiring], BUFFER, recovery)
    }

    fn data(seq: u32) -> Packet {
        Packet { src: SENDER, dst: RECEIVER, ..Packet::for_test(PacketKind::Data, seq, 1040) }
    }

    fn receiver_ack(seq: u32) -> Packet {
        Packet { src: RECEIVER, dst: SENDER, ..Packet::for_test(PacketKind::Ack, seq, 40) }
    }

    /// (destination, kind, seq) of what the proxy sent.
    fn sent(ctx: &mut MbCtx) -> Vec<(NodeId, PacketKind, u32)> {
        ctx.take_sent().iter().map(|p| (p.dst, p.kind, p.seq)).collect()
    }

    #[test]
    fn the_proxy_acks_early_in_the_receivers_name_and_sends_the_data_on() {
        let mut p = proxy(None, None);
        let mut ctx = MbCtx::default();
        assert_eq!(p.on_packet(&data(0), &mut ctx), Verdict::Taken);
        let out = ctx.take_sent();
        // Leg 2 starts with its own segment 0, then the spoofed ACK goes back.
        assert_eq!((out[0].dst, out[0].kind, out[0].seq, out[0].src), (RECEIVER, PacketKind::Data, 0, PROXY));
        assert_eq!((out[1].dst, out[1].kind, out[1].seq, out[1].src), (SENDER, PacketKind::Ack, 1, RECEIVER));
        assert!(out[1].has(flags::SPOOFED));
        assert_eq!(out[1].advertised_window(), None, "an unlimited proxy advertises no window");
        assert!(ctx.take_forwarded().is_empty(), "nothing passes through unsplit");
        // The receiver's ACK is the proxy's: it opens leg 2's window, and goes no further.
        p.on_packet(&data(1), &mut ctx);
        p.on_packet(&data(2), &mut ctx);
        assert_eq!(sent(&mut ctx), vec![(RECEIVER, PacketKind::Data, 1), (SENDER, PacketKind::Ack, 2), (SENDER, PacketKind::Ack, 3)]);
        assert_eq!(p.on_packet(&receiver_ack(1), &mut ctx), Verdict::Taken);
        assert_eq!(sent(&mut ctx), vec![(RECEIVER, PacketKind::Data, 2)]);
        assert_eq!(ctx.values(BUFFER), vec![1000.0, 2000.0, 3000.0, 2000.0]);
    }

    #[test]
    fn a_bounded_buffer_shrinks_the_window_to_zero_and_reopens_it_with_an_update() {
        // 4000 B of room: leg 2 may send 2 segments (initial window) before the receiver ACKs.
        let mut p = proxy(Some(4000), None);
        let mut ctx = MbCtx::default();
        let mut windows = vec![];
        for seq in 0..4 {
            p.on_packet(&data(seq), &mut ctx);
            let acks: Vec<Packet> = ctx.take_sent().into_iter().filter(|a| a.kind == PacketKind::Ack).collect();
            windows.push((acks[0].seq, acks[0].advertised_window().unwrap()));
        }
        // Each segment held takes a segment of room; the right edge stays at 4.
        assert_eq!(windows, vec![(1, 3), (2, 2), (3, 1), (4, 0)]);
        // A zero-window probe (segment 4) is refused and answered.
        p.on_packet(&data(4), &mut ctx);
        let reply = ctx.take_sent();
        assert_eq!((reply[0].seq, reply[0].advertised_window()), (4, Some(0)));
        assert_eq!(p.stats.beyond_window, 1);
        // The receiver acknowledges leg 2's first segment: one segment of room is not worth an update...
        p.on_packet(&receiver_ack(1), &mut ctx);
        assert!(sent(&mut ctx).iter().all(|s| s.0 == RECEIVER));
        // ... two are: an update with a window of 2 (two segments or half the buffer, BSD).
        p.on_packet(&receiver_ack(2), &mut ctx);
        let update: Vec<Packet> = ctx.take_sent().into_iter().filter(|a| a.dst == SENDER).collect();
        assert_eq!(update.len(), 1);
        assert_eq!((update[0].seq, update[0].advertised_window()), (4, Some(2)));
        assert_eq!(p.stats.window_updates, 1);
        assert_eq!(p.stats.buffer_max_bytes, 4000);
    }

    #[test]
    fn a_finite_file_is_passed_on_whole_with_its_short_last_segment() {
        let mut p = proxy(None, Some(2500));
        let mut ctx = MbCtx::default();
        let mut last = data(2);
        last.payload_bytes = 500;
        last.size_bytes = 540;
        for pkt in [data(0), data(1), last] {
            p.on_packet(&pkt, &mut ctx);
        }
        let leg2: Vec<(u32, u16)> =
            ctx.take_sent().iter().filter(|d| d.kind == PacketKind::Data).map(|d| (d.seq, d.payload_bytes)).collect();
        assert_eq!(leg2, vec![(0, 1000), (1, 1000)], "initial window 2");
        p.on_packet(&receiver_ack(2), &mut ctx);
        let rest: Vec<(u32, u16)> =
            ctx.take_sent().iter().filter(|d| d.kind == PacketKind::Data).map(|d| (d.seq, d.payload_bytes)).collect();
        assert_eq!(rest, vec![(2, 500)]);
        p.on_packet(&receiver_ack(3), &mut ctx);
        assert!(p.leg2(0).is_done());
        assert_eq!(ctx.values(BUFFER).last(), Some(&0.0));
    }

    /// Twenty segments reach the proxy; the receiver acknowledges leg 2's
    /// segments 0..3 (slow start from 2: leg 2 has sent 0..9), and segment 4
    /// is lost, so 6..9 bring four duplicate ACKs of 4. With `refused`, the
    /// proxy's own queue refused segments 4 and 5. Returns what leg 2 resent,
    /// whether it cut its slow-start threshold, and what the Snoop agent resent.
    fn lose_segment_4(recovery: bool, refused: bool) -> (u64, bool, Vec<u32>) {
        let mut p = proxy_with(None, None, recovery);
        let mut ctx = MbCtx::default();
        for seq in 0..20 {
            p.on_packet(&data(seq), &mut ctx);
        }
        for ack in 1..=4 {
            ctx.queue_full = refused && ack == 2;
            p.on_packet(&receiver_ack(ack), &mut ctx);
        }
        ctx.queue_full = false;
        assert_eq!(p.leg2(0).snd_max(), 10);
        assert_eq!(p.leg2(0).cwnd(), 6.0);
        let ssthresh = p.leg2(0).ssthresh();
        ctx.take_sent();
        for _ in 0..4 {
            p.on_packet(&receiver_ack(4), &mut ctx);
        }
        let local: Vec<u32> = ctx.take_sent().iter().filter(|d| d.has(flags::LOCAL_RETRANSMIT)).map(|d| d.seq).collect();
        (p.leg2(0).stats().retransmits, p.leg2(0).ssthresh() < ssthresh, local)
    }

    #[test]
    fn with_local_recovery_a_link_error_is_resent_from_the_buffer_and_leg_2_keeps_its_window() {
        // An ordinary second leg: three duplicates, a fast retransmit, the window halved.
        assert_eq!(lose_segment_4(false, false), (1, true, vec![]));
        // Local recovery: the first duplicate resends 4 from the buffer; leg 2 sees none.
        assert_eq!(lose_segment_4(true, false), (0, false, vec![4]));
        // Refused by the proxy's own queue: congestion, which leg 2's sender must answer.
        assert_eq!(lose_segment_4(true, true), (1, true, vec![]));
    }
}
