//! The agents of a run and what they see of the world while handling an event.

use crate::agent::AgentCtx;
use crate::app::CbrSource;
use crate::ids::{NodeId, TimerId};
use crate::kernel::{EventQueue, TimerTable};
use crate::middlebox::{Middlebox, MiddleboxCtx};
use crate::net::Network;
use crate::packet::Packet;
use crate::record::{SeriesId, SeriesStore};
use crate::tcp::{TcpSender, TcpSink};
use crate::time::SimTime;
use crate::udp::UdpSink;

/// A protocol agent on a node.
// A sender is the largest agent by far; kept inline (not boxed) since every ACK
// reaches it and agents of a flow sit side by side.
#[allow(clippy::large_enum_variant)]
pub enum Agent {
    Sender(TcpSender),
    Sink(TcpSink),
    /// The constant-bit-rate source of a UDP flow.
    Cbr(CbrSource),
    UdpSink(UdpSink),
    /// Offered the packets arriving at its node (see [`crate::middlebox`]).
    Middlebox(Middlebox),
}

impl Agent {
    pub(super) fn on_packet(&mut self, pkt: &Packet, ctx: &mut impl AgentCtx) {
        match self {
            Agent::Sender(s) => s.on_packet(pkt, ctx),
            Agent::Sink(s) => s.on_packet(pkt, ctx),
            Agent::UdpSink(s) => s.on_packet(pkt, ctx),
            // A CBR source gets no replies; middleboxes see packets in `deliver`.
            Agent::Cbr(_) | Agent::Middlebox(_) => {}
        }
    }

    /// Timer `kind` (the agent's own numbering) fired.
    pub(super) fn on_timer(&mut self, kind: u16, ctx: &mut impl MiddleboxCtx) {
        match self {
            Agent::Sender(s) => s.on_timer(kind, ctx),
            Agent::Sink(s) => s.on_timer(ctx),
            Agent::Cbr(s) => s.on_timer(ctx),
            Agent::Middlebox(m) => m.on_timer(kind, ctx),
            Agent::UdpSink(_) => {}
        }
    }
}

/// What agents see of the world while they handle one event.
pub(super) struct Ctx<'a> {
    pub(super) now: SimTime,
    pub(super) node: NodeId,
    pub(super) net: &'a mut Network,
    pub(super) queue: &'a mut EventQueue,
    pub(super) timers: &'a mut TimerTable,
    pub(super) series: &'a mut SeriesStore,
}

impl AgentCtx for Ctx<'_> {
    fn now(&self) -> SimTime {
        self.now
    }
    fn send(&mut self, pkt: Packet) {
        self.net.originate(self.node, pkt, self.now, self.queue, self.series);
    }
    fn set_timer(&mut self, timer: TimerId, at: SimTime) {
        self.timers.set(self.queue, timer, at);
    }
    fn cancel_timer(&mut self, timer: TimerId) {
        self.timers.cancel(timer);
    }
    #[inline]
    fn record(&mut self, series: SeriesId, value: f64) {
        self.series.push(series, self.now.0, value);
    }
}

impl MiddleboxCtx for Ctx<'_> {
    fn forward(&mut self, pkt: &Packet) -> bool {
        // Refused if the next channel's queue counted a drop for it.
        let Some(c) = self.net.routes.next_hop(self.node, pkt.dst) else { return false };
        let drops = self.net.channels[c.index()].stats.drops;
        self.net.forward(self.node, pkt, self.now, self.queue, self.series);
        self.net.channels[c.index()].stats.drops == drops
    }
    fn originate(&mut self, pkt: Packet) -> bool {
        let Some(c) = self.net.routes.next_hop(self.node, pkt.dst) else {
            self.send(pkt);
            return false;
        };
        let drops = self.net.channels[c.index()].stats.drops;
        self.send(pkt);
        self.net.channels[c.index()].stats.drops == drops
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{dumbbell, DROPTAIL};
    use super::*;
    use crate::ids::{ChannelId, FlowId};
    use crate::packet::PacketKind;
    use crate::record::Recording;

    #[test]
    fn what_an_agent_sends_and_records_goes_out_at_the_current_time() {
        let mut sim = dumbbell(1, DROPTAIL, "1s", "", Recording::Series);
        let s = &mut sim;
        let series = s.series.register(crate::record::SeriesOwner::Flow("test"), crate::record::SeriesQuantity::Cwnd);
        let mut ctx = Ctx { now: SimTime(1_000), node: NodeId(0), net: &mut s.net, queue: &mut s.queue, timers: &mut s.timers, series: &mut s.series };
        let mut pkt = Packet::default();
        (pkt.flow, pkt.kind, pkt.dst, pkt.size_bytes) = (FlowId(0), PacketKind::Data, NodeId(1), 1040);
        ctx.send(pkt);
        ctx.record(series, 7.0);
        assert_eq!(ctx.now(), SimTime(1_000));
        assert_eq!(sim.net.channels[0].stats.packets, 1, "on the channel towards its destination");
        assert_eq!(sim.series.get(series).t_ns, [1_000]);
        let events: Vec<_> = std::iter::from_fn(|| sim.queue.pop().map(|e| e.event)).collect();
        assert!(events.contains(&crate::kernel::Event::ChannelArrival(ChannelId(0))), "its arrival is scheduled: {events:?}");
    }

    #[test]
    fn a_middlebox_forward_reports_a_full_queue() {
        let mut sim = dumbbell(1, "{ limit = \"1pkt\" }", "1s", "", Recording::Summary);
        let s = &mut sim;
        let mut ctx = Ctx { now: SimTime::ZERO, node: NodeId(0), net: &mut s.net, queue: &mut s.queue, timers: &mut s.timers, series: &mut s.series };
        let mut pkt = Packet::default();
        (pkt.flow, pkt.kind, pkt.dst, pkt.size_bytes) = (FlowId(0), PacketKind::Data, NodeId(1), 1040);
        assert!(ctx.forward(&pkt));
        assert!(!ctx.forward(&pkt), "the one-packet queue is full");
    }
}
