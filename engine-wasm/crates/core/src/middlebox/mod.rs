//! Middleboxes: agents on a node in the middle of a path that act on the
//! packets of chosen flows as they pass.
//!
//! - [`snoop`]: Snoop at a base station (Balakrishnan et al. 1995, ns-2's
//!   tcp/snoop.cc): caches data, retransmits locally, hides duplicate ACKs.
//! - [`split`]: a split-connection proxy (I-TCP, a spoofing PEP): ends the
//!   sender's connection early and carries the data on over a second one.
//! - [`mtcp`]: M-TCP's supervisor host (Brown and Singh 1997): freezes the
//!   sender with a zero window while the mobile is disconnected.
//!
//! A node has at most one middlebox. The simulation offers it every packet
//! arriving at its node before forwarding; a node without one pays a single
//! check per arrival.
//!
//! The scenario resolves a `[[middleboxes]]` entry into a [`MiddleboxSetup`]
//! (this module's plain types); nothing here reads the scenario format.

pub mod mtcp;
pub mod snoop;
pub mod split;

pub use mtcp::{Mtcp, MtcpConfig};
pub use snoop::{Snoop, SnoopConfig};
pub use split::{SplitConfig, SplitLeg, SplitProxy};

use crate::agent::AgentCtx;
use crate::ids::{AgentId, FlowId, NodeId, TimerId};
use crate::kernel::TimerTable;
use crate::packet::Packet;
use crate::record::{MiddleboxSummary, SeriesOwner, SeriesQuantity, SeriesStore};
use crate::tcp::{SenderSeries, SenderTimers, SinkSeries};
use crate::time::SimTime;

/// What a middlebox can do beyond an endpoint agent.
pub trait MiddleboxCtx: AgentCtx {
    /// Passes a packet that arrived here on towards its destination, as the
    /// node would have; false if the next queue refused it.
    fn forward(&mut self, pkt: &Packet) -> bool;
    /// Sends a packet made here, as `send` does; false if the next queue refused it.
    fn originate(&mut self, pkt: Packet) -> bool;
}

/// What became of a packet offered to a middlebox.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Not the middlebox's business: the node forwards it as usual.
    Pass,
    /// The middlebox took it: forwarded, answered, absorbed or dropped it.
    Taken,
}

/// Which connection of a middlebox a flow is, by flow id.
#[derive(Clone, Debug, Default)]
pub struct FlowIndex {
    slots: Vec<Option<u16>>,
}

impl FlowIndex {
    pub fn new(flows: &[FlowId]) -> Self {
        let len = flows.iter().map(|f| f.index() + 1).max().unwrap_or(0);
        let mut slots = vec![None; len];
        for (i, f) in flows.iter().enumerate() {
            slots[f.index()] = Some(i as u16);
        }
        FlowIndex { slots }
    }

    #[inline]
    pub fn get(&self, flow: FlowId) -> Option<usize> {
        self.slots.get(flow.index()).copied().flatten().map(usize::from)
    }
}

/// The middleboxes there are, as one enum (no trait objects on the packet path).
pub enum Middlebox {
    Snoop(Snoop),
    Split(SplitProxy),
    Mtcp(Mtcp),
}

/// What a middlebox is configured to do, resolved from the scenario.
#[derive(Clone, Debug, PartialEq)]
pub enum MiddleboxConfig {
    Snoop(SnoopConfig),
    Split(SplitConfig),
    Mtcp(MtcpConfig),
}

/// A middlebox ready to build: where it sits, which flows, what it does.
#[derive(Clone, Debug)]
pub struct MiddleboxSetup {
    pub id: String,
    pub node: NodeId,
    pub node_name: String,
    /// Its flows, in the order given (enabled ones only).
    pub flows: Vec<MiddleboxFlow>,
    pub config: MiddleboxConfig,
}

/// What building a middlebox needs to know of one of its flows.
#[derive(Clone, Debug)]
pub struct MiddleboxFlow {
    pub flow: FlowId,
    /// The flow's scenario id: names a split proxy's second-leg series.
    pub id: String,
    pub sender: NodeId,
    pub receiver: NodeId,
    /// Bytes of the application's file, for a finite transfer.
    pub file_bytes: Option<u64>,
    /// The flow's sender's receive window, which M-TCP restores after a freeze.
    pub rwnd_segments: u32,
}

impl Middlebox {
    pub fn on_packet(&mut self, pkt: &Packet, ctx: &mut impl MiddleboxCtx) -> Verdict {
        match self {
            Middlebox::Snoop(m) => m.on_packet(pkt, ctx),
            Middlebox::Split(m) => m.on_packet(pkt, ctx),
            Middlebox::Mtcp(m) => m.on_packet(pkt, ctx),
        }
    }

    /// Timer `kind` of this middlebox fired (its own numbering).
    pub fn on_timer(&mut self, kind: u16, ctx: &mut impl MiddleboxCtx) {
        match self {
            Middlebox::Snoop(m) => m.on_timer(kind, ctx),
            Middlebox::Split(m) => m.on_timer(kind, ctx),
            Middlebox::Mtcp(m) => m.on_timer(ctx),
        }
    }

    /// A timer to arm before the run starts.
    pub fn first_timer(&self) -> Option<(TimerId, SimTime)> {
        match self {
            Middlebox::Mtcp(m) => m.first_timer(),
            _ => None,
        }
    }

    /// Its counters, under the scenario's names.
    pub fn summary(&self, id: &str, node: &str) -> MiddleboxSummary {
        let mut s = MiddleboxSummary::new(id, node);
        match self {
            Middlebox::Snoop(m) => m.fill_summary(&mut s),
            Middlebox::Split(m) => m.fill_summary(&mut s),
            Middlebox::Mtcp(m) => m.fill_summary(&mut s),
        }
        s
    }
}

/// Builds the middlebox of `spec` as agent `owner`, creating its timers and
/// series.
pub fn build(
    spec: &MiddleboxSetup,
    owner: AgentId,
    timers: &mut TimerTable,
    series: &mut SeriesStore,
) -> Middlebox {
    let node_owner = SeriesOwner::Node(&spec.node_name);
    match &spec.config {
        MiddleboxConfig::Snoop(cfg) => {
            // Timer kind i is connection i's local retransmission timer.
            let conns: Vec<(FlowId, TimerId)> =
                spec.flows.iter().enumerate().map(|(i, f)| (f.flow, timers.create(owner, i as u16))).collect();
            let cache = series.register(node_owner, SeriesQuantity::SnoopCache);
            series.push(cache, 0, 0.0);
            Middlebox::Snoop(Snoop::new(cfg.clone(), &conns, cache))
        }
        MiddleboxConfig::Split(cfg) => {
            let buffer = series.register(node_owner, SeriesQuantity::ProxyBuffer);
            series.push(buffer, 0, 0.0);
            if let Some(limit) = cfg.buffer_bytes {
                // What the buffer series (all connections together) may reach: the plot draws it.
                let most = series.register(node_owner, SeriesQuantity::ProxyBufferLimit);
                series.push(most, 0, (limit * spec.flows.len() as u64) as f64);
            }
            let legs = spec
                .flows
                .iter()
                .zip(&cfg.legs)
                .enumerate()
                .map(|(i, (f, leg))| {
                    let leg2 = SeriesOwner::MiddleboxFlow { middlebox: &spec.id, flow: &f.id };
                    let sender_series = SenderSeries::register(series, leg2);
                    let sink_series = SinkSeries::register(series, leg2);
                    // Timer kinds 3i, 3i + 1, 3i + 2: connection i's delayed ACK, and its
                    // second leg's retransmission and cwnd timers.
                    let delack = timers.create(owner, (3 * i) as u16);
                    let leg2_timers = SenderTimers {
                        rtx: timers.create(owner, (3 * i + 1) as u16),
                        cwnd: timers.create(owner, (3 * i + 2) as u16),
                    };
                    split::SplitWiring {
                        flow: f.flow,
                        proxy: spec.node,
                        sender: f.sender,
                        receiver: f.receiver,
                        delack,
                        leg2_timers,
                        sender_series,
                        sink_series,
                        file_bytes: f.file_bytes,
                        leg: leg.clone(),
                    }
                })
                .collect();
            // Timer kind 3n + i is connection i's local-recovery timer (n connections).
            let recovery = cfg.local_recovery.as_ref().map(|snoop| {
                let n = spec.flows.len();
                let conns: Vec<(FlowId, TimerId)> =
                    spec.flows.iter().enumerate().map(|(i, f)| (f.flow, timers.create(owner, (3 * n + i) as u16))).collect();
                let cache = series.register(node_owner, SeriesQuantity::SnoopCache);
                series.push(cache, 0, 0.0);
                Snoop::new(snoop.clone(), &conns, cache)
            });
            Middlebox::Split(SplitProxy::new(cfg.buffer_bytes, legs, buffer, recovery))
        }
        MiddleboxConfig::Mtcp(cfg) => {
            let timer = timers.create(owner, 0);
            let outage = series.register(SeriesOwner::Middlebox(&spec.id), SeriesQuantity::Outage);
            let conns: Vec<(FlowId, u32)> = spec.flows.iter().map(|f| (f.flow, f.rwnd_segments)).collect();
            Middlebox::Mtcp(Mtcp::new(cfg.clone(), &conns, timer, outage))
        }
    }
}

#[cfg(test)]
pub mod script {
    //! A scripted context for middleboxes: packets passed on are kept apart
    //! from packets the middlebox made, and the next queue can be made to refuse.
    use super::MiddleboxCtx;
    use crate::agent::script::ScriptCtx;
    use crate::agent::AgentCtx;
    use crate::ids::TimerId;
    use crate::packet::Packet;
    use crate::record::SeriesId;
    use crate::time::SimTime;

    /// A Reno sender as ns-2 would run one, for middlebox tests.
    pub fn reno_config(initial_window: u32) -> crate::tcp::SenderConfig {
        crate::tcp::SenderConfig { initial_window, ..crate::tcp::SenderConfig::for_test(crate::tcp::Variant::Reno) }
    }

    #[derive(Default)]
    pub struct MbCtx {
        pub inner: ScriptCtx,
        pub forwarded: Vec<Packet>,
        /// The next queue refuses what is forwarded.
        pub queue_full: bool,
    }

    impl MbCtx {
        /// Packets the middlebox made (not merely passed on) since the last call.
        pub fn take_sent(&mut self) -> Vec<Packet> {
            self.inner.take_sent()
        }

        pub fn take_forwarded(&mut self) -> Vec<Packet> {
            std::mem::take(&mut self.forwarded)
        }

        pub fn timer(&self, timer: TimerId) -> Option<SimTime> {
            self.inner.timer(timer)
        }

        pub fn values(&self, series: SeriesId) -> Vec<f64> {
            self.inner.values(series)
        }
    }

    impl AgentCtx for MbCtx {
        fn now(&self) -> SimTime {
            self.inner.now
        }
        fn send(&mut self, pkt: Packet) {
            self.inner.send(pkt);
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

    impl MiddleboxCtx for MbCtx {
        fn forward(&mut self, pkt: &Packet) -> bool {
            if self.queue_full {
                return false;
            }
            self.forwarded.push(*pkt);
            true
        }
        fn originate(&mut self, pkt: Packet) -> bool {
            if self.queue_full {
                return false;
            }
            self.inner.send(pkt);
            true
        }
    }
}
