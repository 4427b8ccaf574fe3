//! The simulation: builds the world from a resolved scenario (`build.rs`)
//! and runs the event loop (`run.rs`) in bounded steps so a UI can stay
//! responsive; `summary.rs` reports on it, `measure.rs` keeps the
//! measurement window and `agents.rs` holds the agents and their view of
//! the world.

mod agents;
mod build;
mod measure;
mod run;
mod summary;

pub use agents::Agent;

use crate::app::{CbrSource, FileTransfer};
use crate::ids::{AgentId, NodeId};
use crate::kernel::{EventQueue, TimerTable};
use crate::middlebox::Middlebox;
use crate::net::{Channel, Network};
use crate::record::{Digest, SeriesStore, Trace};
use crate::scenario::resolve::ResolvedChannel;
use crate::tcp::{TcpSender, TcpSink};
use crate::time::SimTime;
use crate::udp::UdpSink;
use measure::{Counters, Measurement};


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
    /// The event loop's one test per event: an event at or after this time
    /// (the run's end, a measurement edge, an outage to mark) takes the slow
    /// path (`run.rs`), which sets it again. Zero at first, so the first
    /// event sets it.
    slow_at: SimTime,
}

impl Simulation {
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

    fn receiver_counters(&self) -> Vec<Counters> {
        (0..self.flows.len()).map(|i| self.receiver_bytes(i)).collect()
    }

    /// (delivered in order, received) bytes at flow `i`'s receiver.
    fn receiver_bytes(&self, i: usize) -> Counters {
        match &self.agents[self.flows[i].sink.index()] {
            Agent::Sink(s) => (s.stats.delivered_bytes, s.stats.received_bytes),
            Agent::UdpSink(s) => (s.stats.received_bytes, s.stats.received_bytes),
            _ => unreachable!("flows point at their receiver"),
        }
    }

    /// Snapshots the receivers at window edges that `time` has reached.
    fn take_measurements(&mut self, time: SimTime) {
        let Some(m) = &self.measure else { return };
        if !m.is_due(time) {
            return;
        }
        let counters = self.receiver_counters();
        self.measure.as_mut().expect("checked").take(time, || counters);
    }
}

/// Small runs for the unit tests of this module's parts.
#[cfg(test)]
mod fixture {
    use super::Simulation;
    use crate::record::Recording;
    use crate::scenario::Format;

    /// `flows` Reno flows from `a` to `b` over one 10 Mbit/s, 5 ms link
    /// with `queue` (TOML) as its queue, for `duration`; `extra` is appended.
    pub(crate) fn dumbbell(flows: usize, queue: &str, duration: &str, extra: &str, recording: Recording) -> Simulation {
        let text = dumbbell_text(flows, queue, duration, extra);
        crate::prepare(&text, Format::Toml, &[], recording).unwrap_or_else(|e| panic!("{e}")).1
    }

    /// The scenario of [`dumbbell`].
    pub(crate) fn dumbbell_text(flows: usize, queue: &str, duration: &str, extra: &str) -> String {
        let mut text = format!(
            "version = 1\nid = \"test/sim\"\ntitle = \"t\"\nduration = \"{duration}\"\n{extra}\n\
             [[nodes]]\nid = \"a\"\n[[nodes]]\nid = \"b\"\n\
             [[links]]\nid = \"l\"\na = \"a\"\nb = \"b\"\nrate = \"10Mbps\"\ndelay = \"5ms\"\nqueue = {queue}\n"
        );
        for i in 0..flows {
            text += &format!("[[flows]]\nid = \"f{i}\"\nfrom = \"a\"\nto = \"b\"\ntcp = {{ variant = \"reno\" }}\n");
        }
        text
    }

    pub(crate) const DROPTAIL: &str = "{ limit = \"20pkt\" }";
}
