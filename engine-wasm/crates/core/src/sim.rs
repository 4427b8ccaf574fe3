//! The simulation: builds the world from a resolved scenario and runs the
//! event loop, in bounded steps so a UI can stay responsive.

use crate::agent::{AgentCtx, FlowAddr};
use crate::app::{AppConfig, CbrSource, FileTransfer};
use crate::ids::{AgentId, ChannelId, FlowId, NodeId, TimerId};
use crate::kernel::{Event, EventQueue, Scheduled, TimerFiring, TimerTable};
use crate::middlebox::{Middlebox, MiddleboxCtx, Verdict};
use crate::net::{BufferPool, Channel, ErrorModel, Network, QueueLimit};
use crate::packet::{Packet, PacketKind};
use crate::record::{
    Digest, FlowSummary, LinkSummary, Recording, SeriesId, SeriesStore, SeriesStyle, Summary, Topology,
    TopologyChannel, TopologyFlow, TopologyNode, Trace,
};
use crate::net::arq::Arq;
use crate::net::capacity_trace::CapacityTrace;
use crate::net::gilbert::GilbertElliott;
use crate::net::red::Red;
use crate::net::LinkFeatures;
use crate::rng::RandomStream;
use crate::scenario::resolve::ResolvedChannel;
use crate::scenario::Resolved;
use crate::tcp::{SenderSeries, SenderTimers, SinkSeries, TcpSender, TcpSink};
use crate::time::{Serializer, SimTime};
use crate::udp::{UdpSink, UdpSinkSeries};

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
    fn on_packet(&mut self, pkt: &Packet, ctx: &mut impl AgentCtx) {
        match self {
            Agent::Sender(s) => s.on_packet(pkt, ctx),
            Agent::Sink(s) => s.on_packet(pkt, ctx),
            Agent::UdpSink(s) => s.on_packet(pkt, ctx),
            // A CBR source gets no replies; middleboxes see packets in `deliver`.
            Agent::Cbr(_) | Agent::Middlebox(_) => {}
        }
    }

    /// Timer `kind` (the agent's own numbering) fired.
    fn on_timer(&mut self, kind: u16, ctx: &mut impl MiddleboxCtx) {
        match self {
            Agent::Sender(s) => s.on_timer(kind, ctx),
            Agent::Sink(s) => s.on_timer(ctx),
            Agent::Cbr(s) => s.on_timer(ctx),
            Agent::Middlebox(m) => m.on_timer(kind, ctx),
            Agent::UdpSink(_) => {}
        }
    }
}

/// Receiver counters (delivered, received bytes) of every flow at the edges
/// of the measurement window `[from, to)`: taken before the first event at or
/// after each edge, as a measurement scheduled there in ns-2 would be.
struct Measurement {
    from: SimTime,
    to: SimTime,
    at_from: Option<Vec<(u64, u64)>>,
    at_to: Option<Vec<(u64, u64)>>,
}

struct FlowRuntime {
    id: String,
    sender: AgentId,
    sink: AgentId,
    start: SimTime,
    /// A finite transfer's size and completion.
    file: Option<FileTransfer>,
}

/// A middlebox agent and its names in the scenario.
struct MiddleboxRuntime {
    agent: AgentId,
    id: String,
    node: String,
}

/// What agents see of the world while they handle one event.
struct Ctx<'a> {
    now: SimTime,
    node: NodeId,
    net: &'a mut Network,
    queue: &'a mut EventQueue,
    timers: &'a mut TimerTable,
    series: &'a mut SeriesStore,
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

/// A channel as its settings say, each random mechanism on its own stream
/// (the BER keeps the channel's, so adding a mechanism shifts no BER draw).
fn build_channel(seed: u64, c: &ResolvedChannel) -> Channel {
    let stream = |suffix: &str| RandomStream::for_entity(seed, &format!("{}.{suffix}", c.name));
    let errors = ErrorModel::uniform_ber(c.ber, RandomStream::for_entity(seed, &c.name));
    let features = LinkFeatures {
        capacity: c.capacity.as_ref().map(|(ms, bytes)| CapacityTrace::new(ms.clone(), *bytes)),
        outages: c.outages.clone(),
        gilbert: c.gilbert.map(|g| GilbertElliott::new(g, stream("gilbert"))),
        arq: c.arq.map(|(tries, delay)| Arq::new(tries, delay)),
        mtu_bytes: c.mtu,
    };
    let mut channel = Channel::new(c.from, c.to, Serializer::new(c.rate), c.delay, c.limit, errors, c.order)
        .with_features(features);
    if let Some(red) = &c.red {
        channel = channel.with_red(Red::new(red.clone(), stream("red")));
    }
    if let Some(aqm) = &c.aqm {
        channel = channel.with_aqm(crate::net::aqm::Aqm::new(aqm, stream(aqm.name())));
    }
    if let Some(pool) = c.pool {
        channel = channel.with_pool(pool as u16);
    }
    channel
}

impl MiddleboxCtx for Ctx<'_> {
    fn forward(&mut self, pkt: &Packet) -> bool {
        // Refused if the next channel's queue counted a drop for it.
        let Some(c) = self.net.routes.next_hop(self.node, pkt.dst) else { return false };
        let drops = self.net.channels[c.index()].stats.drops;
        self.net.forward(self.node, pkt, self.now, self.queue, self.series);
        self.net.channels[c.index()].stats.drops == drops
    }
}

pub struct Simulation {
    scenario_id: String,
    seed: u64,
    end: SimTime,
    node_ids: Vec<String>,
    /// Each channel's settings, in channel order.
    channel_info: Vec<ResolvedChannel>,
    queue: EventQueue,
    timers: TimerTable,
    net: Network,
    agents: Vec<Agent>,
    agent_nodes: Vec<NodeId>,
    flows: Vec<FlowRuntime>,
    middleboxes: Vec<MiddleboxRuntime>,
    /// The middlebox agent of each node, if any; empty when there are none,
    /// so a run without middleboxes pays one bounds check per arrival.
    middlebox_at: Vec<Option<AgentId>>,
    series: SeriesStore,
    digest: Digest,
    events: u64,
    finished: bool,
    measure: Option<Measurement>,
}

impl Simulation {
    pub fn new(r: &Resolved, recording: Recording) -> Simulation {
        let mut series = SeriesStore::new(recording.keeps_series());
        let channels: Vec<Channel> = r.channels.iter().map(|c| build_channel(r.seed, c)).collect();
        let queue_series: Vec<SeriesId> = r
            .channels
            .iter()
            .map(|c| {
                let id = series.register(&c.name, "queue", "packets", SeriesStyle::Step);
                series.push(id, 0, 0.0);
                id
            })
            .collect();
        let channel_info = r.channels.clone();
        let mut net = Network::new(channels, r.routes.clone(), queue_series, Trace::new(recording.keeps_trace()));
        net.pools = r
            .pools
            .iter()
            .map(|p| BufferPool { limit: p.limit, members: p.members.iter().map(|&m| ChannelId(m as u16)).collect() })
            .collect();
        if r.channels.iter().any(|c| c.red.is_some()) {
            net.red_series = r
                .channels
                .iter()
                .map(|c| {
                    let unit = if c.red.as_ref()?.bytes { "bytes" } else { "packets" };
                    Some(series.register(&c.name, "red_avg", unit, SeriesStyle::Step))
                })
                .collect();
        }
        net.aqm_series = crate::net::AqmSeries::register_all(r.channels.iter().map(|c| (c.name.as_str(), c.aqm.as_ref())), &mut series);
        for (i, c) in r.channels.iter().enumerate() {
            if c.outages.is_some() {
                let id = series.register(&c.name, "outage", "s", SeriesStyle::Marker);
                net.mark_outages(ChannelId(i as u16), id);
            }
        }

        let mut queue = EventQueue::new();
        let mut timers = TimerTable::default();
        let mut agents = Vec::new();
        let mut agent_nodes = Vec::new();
        let mut flows = Vec::new();
        for (i, f) in r.flows.iter().enumerate() {
            let flow = FlowId(i as u16);
            let owner = format!("flows.{}", f.id);
            let sender = AgentId(agents.len() as u16);
            let sink = AgentId(agents.len() as u16 + 1);
            let sender_timers = SenderTimers {
                rtx: timers.create(sender, SenderTimers::RTX_KIND),
                cwnd: timers.create(sender, SenderTimers::CWND_KIND),
            };
            let delack = timers.create(sink, 0);
            let tx_addr = FlowAddr { flow, local: f.from, remote: f.to };
            let rx_addr = FlowAddr { flow, local: f.to, remote: f.from };
            let (tx, rx) = match &f.app {
                AppConfig::Cbr(cbr) => (
                    Agent::Cbr(CbrSource::new(*cbr, tx_addr, sender_timers.rtx)),
                    Agent::UdpSink(UdpSink::new(UdpSinkSeries::register(&mut series, &owner))),
                ),
                app => {
                    let mut tx =
                        TcpSender::new(f.sender.clone(), tx_addr, sender_timers, SenderSeries::register_for(&mut series, &owner, &f.sender));
                    if let Some(bytes) = app.file_bytes() {
                        tx.set_supply(bytes, true);
                    }
                    let rx = TcpSink::new(f.sink.clone(), rx_addr, delack, SinkSeries::register(&mut series, &owner));
                    (Agent::Sender(tx), Agent::Sink(rx))
                }
            };
            agents.extend([tx, rx]);
            agent_nodes.extend([f.from, f.to]);

            queue.schedule(f.start, Event::AppStart(flow));
            let file = f.app.file_bytes().map(FileTransfer::new);
            flows.push(FlowRuntime { id: f.id.clone(), sender, sink, start: f.start, file });
        }

        let mut middleboxes = Vec::new();
        let mut middlebox_at = Vec::new();
        if !r.middleboxes.is_empty() {
            middlebox_at = vec![None; r.node_ids.len()];
        }
        for m in &r.middleboxes {
            let agent = AgentId(agents.len() as u16);
            let mb = crate::middlebox::build(m, &r.flows, agent, &mut timers, &mut series);
            if let Some((timer, at)) = mb.first_timer() {
                timers.set(&mut queue, timer, at);
            }
            agents.push(Agent::Middlebox(mb));
            agent_nodes.push(m.node);
            middlebox_at[m.node.index()] = Some(agent);
            middleboxes.push(MiddleboxRuntime { agent, id: m.id.clone(), node: m.node_name.clone() });
        }

        Simulation {
            scenario_id: r.id.clone(),
            seed: r.seed,
            end: SimTime::ZERO + r.duration,
            node_ids: r.node_ids.clone(),
            channel_info,
            queue,
            timers,
            net,
            agents,
            agent_nodes,
            flows,
            middleboxes,
            middlebox_at,
            series,
            digest: Digest::default(),
            events: 0,
            finished: false,
            measure: r.measure.map(|(from, to)| Measurement { from, to, at_from: None, at_to: None }),
        }
    }

    pub fn now(&self) -> SimTime {
        if self.finished {
            self.end
        } else {
            self.queue.now()
        }
    }

    pub fn end(&self) -> SimTime {
        self.end
    }

    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// Fraction of simulated time done, 0 to 1.
    pub fn progress(&self) -> f64 {
        if self.end.0 == 0 {
            return 1.0;
        }
        (self.now().0 as f64 / self.end.0 as f64).min(1.0)
    }

    pub fn events(&self) -> u64 {
        self.events
    }

    pub fn digest(&self) -> Digest {
        self.digest
    }

    /// Runs to the end.
    pub fn run(&mut self) {
        while !self.step(u64::MAX) {}
    }

    /// Processes at most `budget` queue entries; true once the run is over.
    pub fn step(&mut self, budget: u64) -> bool {
        for _ in 0..budget {
            let next = match self.queue.peek() {
                Some(next) if next.time <= self.end => next,
                _ => {
                    self.finish();
                    return true;
                }
            };
            if self.measure.is_some() {
                self.take_measurements(next.time);
            }
            if next.time >= self.net.next_outage_mark() {
                self.net.record_outages(next.time, &mut self.series);
            }
            let real = match next.event {
                Event::ChannelArrival(c) => {
                    let (node, arrived, following) = self.net.take_arrival(c, next.time, &mut self.series);
                    // The channel's next arrival takes this one's place in the heap.
                    self.queue.take(&next, following.map(|t| (t, Event::ChannelArrival(c))));
                    if !arrived.has(crate::packet::flags::CORRUPTED) {
                        self.deliver(node, &arrived, next.time);
                    }
                    true
                }
                _ => {
                    self.queue.take(&next, None);
                    self.net.clear_arrival_origin();
                    self.dispatch(next)
                }
            };
            if real {
                self.events += 1;
                self.digest.add(next.time.0);
                self.digest.add(next.event.code());
            }
        }
        self.finished
    }

    fn finish(&mut self) {
        if !self.finished {
            self.finished = true;
            self.net.record_outages(self.end, &mut self.series);
            self.net.flush_series(self.end, &mut self.series);
            self.take_measurements(SimTime::NEVER);
        }
    }

    fn receiver_counters(&self) -> Vec<(u64, u64)> {
        (0..self.flows.len()).map(|i| self.receiver_bytes(i)).collect()
    }

    /// (delivered in order, received) bytes at flow `i`'s receiver.
    fn receiver_bytes(&self, i: usize) -> (u64, u64) {
        match &self.agents[self.flows[i].sink.index()] {
            Agent::Sink(s) => (s.stats.delivered_bytes, s.stats.received_bytes),
            Agent::UdpSink(s) => (s.stats.received_bytes, s.stats.received_bytes),
            _ => unreachable!("flows point at their receiver"),
        }
    }

    /// Snapshots the receivers at window edges that `time` has reached.
    fn take_measurements(&mut self, time: SimTime) {
        let Some(m) = &self.measure else { return };
        let (need_from, need_to) = (m.at_from.is_none() && time >= m.from, m.at_to.is_none() && time >= m.to);
        if !(need_from || need_to) {
            return;
        }
        let counters = self.receiver_counters();
        let m = self.measure.as_mut().expect("checked");
        if need_from {
            m.at_from = Some(counters.clone());
        }
        if need_to {
            m.at_to = Some(counters);
        }
    }

    /// Handles a timer or application event; false if it was a stale timer entry.
    fn dispatch(&mut self, next: Scheduled) -> bool {
        let now = next.time;
        match next.event {
            Event::ChannelArrival(_) => unreachable!("step handles arrivals"),
            Event::ChannelTxDone(c) => {
                self.net.finish_transmission(c, now, &mut self.queue, &mut self.series);
                true
            }
            Event::Timer(timer) => match self.timers.on_pop(&mut self.queue, timer, next.seq, now) {
                TimerFiring::Fire { owner, kind } => {
                    self.with_agent(owner, now, |agent, ctx| agent.on_timer(kind, ctx));
                    true
                }
                TimerFiring::Nothing => false,
            },
            Event::AppStart(flow) => {
                let sender = self.flows[flow.index()].sender;
                self.with_agent(sender, now, |agent, ctx| match agent {
                    Agent::Sender(s) => s.start(ctx),
                    Agent::Cbr(s) => s.start(ctx),
                    _ => {}
                });
                true
            }
        }
    }

    fn deliver(&mut self, node: NodeId, pkt: &Packet, now: SimTime) {
        if let Some(&Some(mb)) = self.middlebox_at.get(node.index()) {
            let mut verdict = Verdict::Pass;
            self.with_agent(mb, now, |a, ctx| {
                if let Agent::Middlebox(m) = a {
                    verdict = m.on_packet(pkt, ctx);
                }
            });
            if verdict == Verdict::Taken {
                return;
            }
        }
        if pkt.dst != node {
            self.net.forward(node, pkt, now, &mut self.queue, &mut self.series);
            return;
        }
        let flow = &self.flows[pkt.flow.index()];
        let agent = match pkt.kind {
            PacketKind::Data | PacketKind::Datagram => flow.sink,
            PacketKind::Ack => flow.sender,
        };
        self.with_agent(agent, now, |a, ctx| a.on_packet(pkt, ctx));
        if pkt.kind == PacketKind::Data && self.flows[pkt.flow.index()].file.is_some() {
            let (delivered, _) = self.receiver_bytes(pkt.flow.index());
            if let Some(file) = &mut self.flows[pkt.flow.index()].file {
                file.on_delivered(delivered, now);
            }
        }
    }

    fn with_agent(&mut self, id: AgentId, now: SimTime, f: impl FnOnce(&mut Agent, &mut Ctx<'_>)) {
        let Simulation { agents, agent_nodes, net, queue, timers, series, .. } = self;
        let mut ctx = Ctx { now, node: agent_nodes[id.index()], net, queue, timers, series };
        f(&mut agents[id.index()], &mut ctx);
    }

    pub fn series(&self) -> &SeriesStore {
        &self.series
    }

    pub fn series_mut(&mut self) -> &mut SeriesStore {
        &mut self.series
    }

    pub fn trace(&self) -> &Trace {
        &self.net.trace
    }

    /// No trace record still to come is enqueued before this time.
    fn trace_watermark(&self) -> SimTime {
        if self.finished {
            SimTime::NEVER
        } else {
            self.net.trace_watermark(self.queue.now())
        }
    }

    /// Trace records that are final and not handed out yet.
    pub fn drain_trace(&mut self) -> &[crate::record::TraceRecord] {
        let watermark = self.trace_watermark();
        self.net.trace.drain(watermark)
    }

    /// Like [`Simulation::drain_trace`], but hands the records over and
    /// forgets them (streamed exports), with the watermark they were cut at.
    pub fn take_trace(&mut self) -> (Vec<crate::record::TraceRecord>, SimTime) {
        let watermark = self.trace_watermark();
        (self.net.trace.take(watermark), watermark)
    }

    /// Every trace record not handed over yet, final or not (a run that ends
    /// or stops early: nothing more will be recorded).
    pub fn take_remaining_trace(&mut self) -> Vec<crate::record::TraceRecord> {
        self.net.trace.take(SimTime::NEVER)
    }

    /// The live channels, in the order of [`Simulation::channels`].
    pub fn channel_states(&self) -> &[Channel] {
        &self.net.channels
    }

    pub fn channels(&self) -> &[ResolvedChannel] {
        &self.channel_info
    }

    pub fn node_ids(&self) -> &[String] {
        &self.node_ids
    }

    pub fn flow_ids(&self) -> impl Iterator<Item = &str> {
        self.flows.iter().map(|f| f.id.as_str())
    }

    /// The TCP sender of flow `flow`; panics for a UDP flow (see [`Simulation::is_udp`]).
    pub fn sender(&self, flow: usize) -> &TcpSender {
        match &self.agents[self.flows[flow].sender.index()] {
            Agent::Sender(s) => s,
            _ => panic!("flow {flow} has no TCP sender"),
        }
    }

    /// The TCP receiver of flow `flow`; panics for a UDP flow.
    pub fn sink(&self, flow: usize) -> &TcpSink {
        match &self.agents[self.flows[flow].sink.index()] {
            Agent::Sink(s) => s,
            _ => panic!("flow {flow} has no TCP receiver"),
        }
    }

    /// The CBR source and UDP receiver of flow `flow`, if it is a UDP flow.
    pub fn udp(&self, flow: usize) -> Option<(&CbrSource, &UdpSink)> {
        match (&self.agents[self.flows[flow].sender.index()], &self.agents[self.flows[flow].sink.index()]) {
            (Agent::Cbr(tx), Agent::UdpSink(rx)) => Some((tx, rx)),
            _ => None,
        }
    }

    pub fn is_udp(&self, flow: usize) -> bool {
        self.udp(flow).is_some()
    }

    /// The middleboxes, with their scenario ids, in scenario order.
    pub fn middleboxes(&self) -> impl Iterator<Item = (&str, &Middlebox)> {
        self.middleboxes.iter().map(|m| match &self.agents[m.agent.index()] {
            Agent::Middlebox(mb) => (m.id.as_str(), mb),
            _ => unreachable!("middleboxes point at their agent"),
        })
    }

    /// Payload bytes per packet and advertised window in bytes of flow `i`.
    fn flow_sizes(&self, i: usize) -> (u32, u64) {
        match self.udp(i) {
            Some((tx, _)) => (tx.config().packet_bytes, 0),
            None => {
                let cfg = self.sender(i).config();
                (cfg.mss_bytes, cfg.rwnd_segments as u64 * cfg.mss_bytes as u64)
            }
        }
    }

    pub fn flow_endpoints(&self) -> Vec<crate::export::FlowEndpoints> {
        (0..self.flows.len())
            .map(|i| {
                let (mss_bytes, rwnd_bytes) = self.flow_sizes(i);
                let (header_bytes, syn) = match self.is_udp(i) {
                    true => (0, false),
                    false => (self.sender(i).config().header_bytes, self.sender(i).config().syn),
                };
                crate::export::FlowEndpoints {
                    sender: self.agent_nodes[self.flows[i].sender.index()],
                    receiver: self.agent_nodes[self.flows[i].sink.index()],
                    mss_bytes,
                    rwnd_bytes,
                    header_bytes,
                    syn,
                }
            })
            .collect()
    }

    /// The network for drawing; `scenario` is the one this run was built from.
    pub fn topology(&self, scenario: &crate::scenario::Scenario) -> Topology {
        let endpoints = self.flow_endpoints();
        Topology {
            nodes: scenario
                .nodes
                .iter()
                .map(|n| TopologyNode { id: n.id.clone(), kind: n.kind, label: n.label.clone().unwrap_or_else(|| n.id.clone()) })
                .collect(),
            channels: self
                .channel_info
                .iter()
                .map(|c| TopologyChannel {
                    name: c.name.clone(),
                    link: c.link.clone(),
                    direction: c.direction,
                    from: c.from.index(),
                    to: c.to.index(),
                    rate_bps: c.rate.bps() as f64,
                    delay_ms: c.delay.as_nanos() as f64 / 1e6,
                    queue_limit: match c.limit {
                        QueueLimit::Packets(n) => format!("{n}pkt"),
                        QueueLimit::Bytes(b) => crate::scenario::units::Bytes(b).to_string(),
                    },
                    queue_limit_packets: match c.limit {
                        QueueLimit::Packets(n) => Some(n),
                        QueueLimit::Bytes(_) => None,
                    },
                    queue_limit_bytes: match c.limit {
                        QueueLimit::Bytes(b) => Some(b),
                        QueueLimit::Packets(_) => None,
                    },
                })
                .collect(),
            flows: self
                .flow_ids()
                .zip(&endpoints)
                .enumerate()
                .map(|(i, (id, e))| TopologyFlow {
                    id: id.to_string(),
                    from: e.sender.index(),
                    to: e.receiver.index(),
                    variant: self.variant_name(i).to_string(),
                    segment_bytes: match self.udp(i) {
                        Some((tx, _)) => tx.config().packet_bytes,
                        None => self.sender(i).config().mss_bytes + self.sender(i).config().header_bytes,
                    },
                })
                .collect(),
        }
    }

    /// The sender's TCP variant, or "cbr" for a UDP flow.
    fn variant_name(&self, i: usize) -> &'static str {
        if self.is_udp(i) {
            "cbr"
        } else {
            self.sender(i).variant().name()
        }
    }

    /// Per-flow and per-link figures at the current time.
    pub fn summary(&self) -> Summary {
        let mut summary = self.summary_end_to_end();
        self.count_split_legs_apart(&mut summary);
        summary
    }

    /// With a split proxy the real receiver sees only the second leg: the
    /// duplicates it gets are the proxy's doing, and the flow's own spurious
    /// counters are those of the first leg, which ends at the proxy.
    fn count_split_legs_apart(&self, summary: &mut Summary) {
        for ((_, mb), m) in self.middleboxes().zip(&mut summary.middleboxes) {
            let Middlebox::Split(proxy) = mb else { continue };
            let (mut leg2_retransmits, mut leg2_timeouts) = (0, 0);
            for (i, f) in summary.flows.iter_mut().enumerate() {
                let Some(c) = proxy.connection_of(FlowId(i as u16)) else { continue };
                let receiver = &self.sink(i).stats;
                leg2_retransmits += receiver.spurious_retransmits;
                leg2_timeouts += receiver.spurious_timeouts;
                f.spurious_retransmits = proxy.leg1(c).stats.spurious_retransmits;
                f.spurious_timeouts = proxy.leg1(c).stats.spurious_timeouts;
            }
            m.leg2_spurious_retransmits = Some(leg2_retransmits);
            m.leg2_spurious_timeouts = Some(leg2_timeouts);
        }
    }

    /// The summary as the end points see it.
    fn summary_end_to_end(&self) -> Summary {
        let now = self.now();
        let flows = self
            .flows
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let totals = self.receiver_bytes(i);
                // Bytes (delivered, received) over the window, and its length.
                let ((delivered, received), seconds) = match &self.measure {
                    Some(m) => {
                        let edge = |snap: &Option<Vec<(u64, u64)>>| snap.as_ref().map_or(totals, |v| v[i]);
                        let (a, b) = (edge(&m.at_from), edge(&m.at_to));
                        ((b.0 - a.0, b.1 - a.1), m.to.since(m.from).as_secs_f64())
                    }
                    None => (totals, now.since(f.start).as_secs_f64()),
                };
                let per_second = |bytes: u64| if seconds > 0.0 { bytes as f64 * 8.0 / seconds } else { 0.0 };
                let completion_s = f.file.as_ref().and_then(|t| t.completed_at).map(|t| t.since(f.start).as_secs_f64());
                let mut summary = FlowSummary {
                    id: f.id.clone(),
                    variant: self.variant_name(i).to_string(),
                    goodput_bps: per_second(delivered),
                    throughput_bps: per_second(received),
                    delivered_bytes: totals.0,
                    sent_packets: 0,
                    retransmits: 0,
                    timeouts: 0,
                    spurious_retransmits: 0,
                    spurious_timeouts: 0,
                    rtt_mean_s: None,
                    owd_fwd_mean_s: None,
                    owd_fwd_std_s: None,
                    owd_fwd_est_mean_s: None,
                    owd_fwd_est_std_s: None,
                    owd_fwd_marked_mean_s: None,
                    owd_fwd_marked_std_s: None,
                    completion_s,
                    file_goodput_bps: completion_s.filter(|&s| s > 0.0).map(|s| totals.0 as f64 * 8.0 / s),
                    lost_packets: None,
                    inter_arrival_min_s: None,
                    inter_arrival_mean_s: None,
                    inter_arrival_max_s: None,
                };
                match self.udp(i) {
                    Some((tx, rx)) => {
                        let gaps = &rx.stats.inter_arrival;
                        summary.sent_packets = tx.stats.sent_packets;
                        summary.owd_fwd_mean_s = rx.stats.owd.mean_s();
                        summary.owd_fwd_std_s = rx.stats.owd.std_s();
                        summary.lost_packets = Some(rx.stats.lost_packets());
                        summary.inter_arrival_min_s = gaps.min.map(|d| d.as_secs_f64());
                        summary.inter_arrival_mean_s = gaps.stats.mean_s();
                        summary.inter_arrival_max_s = gaps.max.map(|d| d.as_secs_f64());
                    }
                    None => {
                        let (tx, rx) = (self.sender(i), self.sink(i));
                        summary.sent_packets = tx.stats().sent_packets;
                        summary.retransmits = tx.stats().retransmits;
                        summary.timeouts = tx.stats().timeouts;
                        summary.spurious_retransmits = rx.stats.spurious_retransmits;
                        summary.spurious_timeouts = rx.stats.spurious_timeouts;
                        summary.rtt_mean_s = tx.stats().rtt.mean_s();
                        summary.owd_fwd_mean_s = rx.stats.owd.mean_s();
                        summary.owd_fwd_std_s = rx.stats.owd.std_s();
                        summary.owd_fwd_est_mean_s = tx.stats().owd_fwd_est.mean_s();
                        summary.owd_fwd_est_std_s = tx.stats().owd_fwd_est.std_s();
                        summary.owd_fwd_marked_mean_s = rx.stats.owd_marked.mean_s();
                        summary.owd_fwd_marked_std_s = rx.stats.owd_marked.std_s();
                    }
                }
                summary
            })
            .collect();
        let links = self
            .channel_info
            .iter()
            .zip(&self.net.channels)
            .map(|(info, ch)| {
                // The channel is busy without a gap from `now` to `busy_until`:
                // that part of its work lies beyond the run.
                let beyond = ch.busy_until().0.saturating_sub(now.0);
                let busy = ch.stats.busy_ns.saturating_sub(beyond);
                LinkSummary {
                    id: info.link.clone(),
                    direction: info.direction,
                    from: self.node_ids[info.from.index()].clone(),
                    to: self.node_ids[info.to.index()].clone(),
                    drops: ch.stats.drops,
                    early_drops: ch.stats.early_drops,
                    marks: ch.stats.marks,
                    corrupted: ch.stats.corrupted,
                    outage_losses: ch.stats.outage_losses,
                    arq_retries: ch.stats.arq_retries,
                    fragments: ch.stats.fragments,
                    queue_max_pkts: ch.stats.queue_max_pkts,
                    queue_max_bytes: ch.stats.queue_max_bytes,
                    packets: ch.stats.packets,
                    utilization: match ch.features().and_then(|f| f.capacity.as_ref()) {
                        Some(trace) => {
                            let offered = trace.offered_bytes(now);
                            if offered > 0 { (trace.bytes_carried as f64 / offered as f64).min(1.0) } else { 0.0 }
                        }
                        None if now.0 > 0 => busy as f64 / now.0 as f64,
                        None => 0.0,
                    },
                }
            })
            .collect();
        Summary {
            scenario: self.scenario_id.clone(),
            seed: self.seed,
            duration_s: now.as_secs_f64(),
            events: self.events,
            digest: self.digest.hex(),
            measure_s: self.measure.as_ref().map(|m| (m.from.as_secs_f64(), m.to.as_secs_f64())),
            flows,
            links,
            middleboxes: self.middleboxes().zip(&self.middleboxes).map(|((id, mb), m)| mb.summary(id, &m.node)).collect(),
        }
    }
}
