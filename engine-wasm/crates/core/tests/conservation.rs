//! Packet conservation after every shipped scenario, and the split proxy's
//! counters kept per leg.
//!
//! Per link: every packet offered to a channel was refused by its queue,
//! or admitted, and an admitted one has arrived (intact, or corrupted and
//! discarded), is still in flight or queued, or was filtered from the queue.
//! Per flow and kind of packet, exactly: what the agents sent equals what was
//! delivered, dropped, corrupted or filtered, plus what is still in flight
//! (on a wire or waiting in a queue) and what a middlebox took or made.

mod common;

use ackscope_engine::ids::{FlowId, NodeId};
use ackscope_engine::middlebox::Middlebox;
use ackscope_engine::packet::PacketKind;
use ackscope_engine::record::{Fate, Recording, TraceRecord};
use ackscope_engine::time::SimTime;
use ackscope_engine::{prepare, Format, Override, Simulation};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

fn shipped(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            shipped(&p, out);
        } else if p.extension().is_some_and(|e| e == "toml")
            && !p.to_string_lossy().ends_with(".sweep.toml")
            && !p.to_string_lossy().ends_with(".lesson.toml")
        {
            out.push(p);
        }
    }
}

/// The scenario run for at most 20 s (its own duration if a window needs it).
fn run(path: &Path) -> Simulation {
    let text = std::fs::read_to_string(path).unwrap();
    let short = [Override::parse("duration=20s").unwrap()];
    let (_, mut sim) = prepare(&text, Format::Toml, &short, Recording::Summary)
        .or_else(|_| prepare(&text, Format::Toml, &[], Recording::Summary))
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    if sim.end().as_secs_f64() > 20.0 {
        sim.run_within(u64::MAX, |s| s.now().as_secs_f64() > 20.0);
    } else {
        sim.run();
    }
    sim
}

fn check(name: &str, sim: &Simulation) {
    for (ch, rc) in sim.channel_states().iter().zip(sim.channels()) {
        let st = &ch.stats;
        assert_eq!(st.packets, st.arrived + ch.in_flight() as u64 + st.filtered + st.queue_drops, "{name}: {} admitted", rc.name);
        assert!(st.corrupted + st.outage_losses <= st.arrived + ch.in_flight() as u64, "{name}: {} lost more than it carried", rc.name);
    }
    let split = sim.middleboxes().find_map(|(_, m)| match m {
        Middlebox::Split(p) => Some(p),
        _ => None,
    });
    let local: u64 = sim.middleboxes().map(|(_, m)| if let Middlebox::Snoop(s) = m { s.stats.local_retransmits } else { 0 }).sum();
    for (i, id) in sim.flow_ids().enumerate() {
        if let Some((tx, rx)) = sim.udp(i) {
            assert!(rx.stats.received_packets <= tx.stats.sent_packets, "{name}: {id}");
            continue;
        }
        let (tx, rx) = (sim.sender(i), sim.sink(i));
        let f = &sim.summary().flows[i];
        match split.and_then(|p| Some((p, p.connection_of(ackscope_engine::ids::FlowId(i as u16))?))) {
            Some((p, c)) => {
                assert!(p.leg1(c).stats.received_packets <= tx.stats().sent_packets, "{name}: {id} leg 1");
                assert!(rx.stats.received_packets <= p.leg2(c).stats().sent_packets, "{name}: {id} leg 2");
                // Duplicates at the proxy come from the sender's own retransmissions.
                assert!(f.spurious_retransmits <= f.retransmits, "{name}: {id}: {} spurious of {} retransmits", f.spurious_retransmits, f.retransmits);
            }
            None => {
                assert!(rx.stats.received_packets <= tx.stats().sent_packets + local, "{name}: {id}");
            }
        }
    }
}

/// What became of the packets of one flow and kind, by their last trace record.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Fates {
    /// Packets whose first record is on a channel out of a middlebox's node.
    made_by_middlebox: u64,
    /// Reached the node they were addressed to.
    delivered: u64,
    /// Dropped, corrupted or filtered on some channel.
    lost: u64,
    /// On a wire (or being sent) at the end of the run.
    on_wire: u64,
    /// Reached a middlebox's node and went no further.
    taken_by_middlebox: u64,
    /// Reached a node that is neither their destination nor a middlebox's,
    /// and wait there in a queue that records packets only when it sends them.
    parked: u64,
}

impl std::ops::AddAssign for Fates {
    fn add_assign(&mut self, o: Fates) {
        self.made_by_middlebox += o.made_by_middlebox;
        self.delivered += o.delivered;
        self.lost += o.lost;
        self.on_wire += o.on_wire;
        self.taken_by_middlebox += o.taken_by_middlebox;
        self.parked += o.parked;
    }
}

/// Follows every packet through the streamed trace: its records must form a
/// path, and its last one says what became of it.
struct Ledger<'a> {
    sim_channels: Vec<(NodeId, NodeId, u64)>,
    destination: &'a dyn Fn(FlowId, PacketKind) -> NodeId,
    middlebox_nodes: &'a [NodeId],
    last: HashMap<u32, TraceRecord>,
    origin_is_middlebox: HashMap<u32, bool>,
}

impl Ledger<'_> {
    fn add(&mut self, r: &TraceRecord, name: &str) {
        let (from, _, _) = self.sim_channels[r.channel.index()];
        match self.last.get(&r.uid) {
            None => {
                self.origin_is_middlebox.insert(r.uid, self.middlebox_nodes.contains(&from));
            }
            Some(prev) => {
                let (_, prev_to, delay) = self.sim_channels[prev.channel.index()];
                assert_eq!(prev.fate, Fate::Delivered, "{name}: packet {} went on after {:?}", r.uid, prev.fate);
                assert_eq!(prev_to, from, "{name}: packet {} jumped from node {prev_to:?} to {from:?}", r.uid);
                assert!(r.enqueued.0 >= prev.tx_end.0 + delay, "{name}: packet {} sent on before it arrived", r.uid);
            }
        }
        self.last.insert(r.uid, *r);
    }

    fn fates(&self, now: SimTime) -> BTreeMap<(u16, u8), Fates> {
        let mut out: BTreeMap<(u16, u8), Fates> = BTreeMap::new();
        for (uid, r) in &self.last {
            let f = out.entry((r.flow.0, r.kind as u8)).or_default();
            if self.origin_is_middlebox[uid] {
                f.made_by_middlebox += 1;
            }
            let (_, to, delay) = self.sim_channels[r.channel.index()];
            let arrival = r.tx_end.0 + delay;
            match r.fate {
                Fate::QueueDrop | Fate::Corrupted | Fate::Filtered => f.lost += 1,
                Fate::Delivered if arrival > now.0 => f.on_wire += 1,
                Fate::Delivered if to == (self.destination)(r.flow, r.kind) => f.delivered += 1,
                Fate::Delivered if self.middlebox_nodes.contains(&to) => f.taken_by_middlebox += 1,
                Fate::Delivered => f.parked += 1,
            }
        }
        out
    }
}

/// Runs `path` (for at most 20 simulated seconds where its file allows) with
/// the trace streamed into a ledger, and checks each flow's books balance;
/// returns the fates summed over its flows and the packets left queued.
fn check_ledger(path: &Path) -> (Fates, u64) {
    let name = path.to_string_lossy().into_owned();
    let text = std::fs::read_to_string(path).unwrap();
    let short = [Override::parse("duration=20s").unwrap()];
    let (_, mut sim) = prepare(&text, Format::Toml, &short, Recording::Trace)
        .or_else(|_| prepare(&text, Format::Toml, &[], Recording::Trace))
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let endpoints = sim.flow_endpoints();
    let destination = |flow: FlowId, kind: PacketKind| {
        let e = &endpoints[flow.index()];
        if kind == PacketKind::Ack { e.sender } else { e.receiver }
    };
    let summary_nodes: Vec<String> = sim.summary().middleboxes.iter().map(|m| m.node.clone()).collect();
    let middlebox_nodes: Vec<NodeId> =
        summary_nodes.iter().map(|n| NodeId(sim.node_ids().iter().position(|id| id == n).unwrap() as u16)).collect();
    let mut ledger = Ledger {
        sim_channels: sim.channels().iter().map(|c| (c.from, c.to, c.delay.as_nanos())).collect(),
        destination: &destination,
        middlebox_nodes: &middlebox_nodes,
        last: HashMap::new(),
        origin_is_middlebox: HashMap::new(),
    };
    while !sim.step(200_000) {
        for r in &sim.take_trace().0 {
            ledger.add(r, &name);
        }
    }
    for r in &sim.take_remaining_trace() {
        ledger.add(r, &name);
    }
    let fates = ledger.fates(sim.now());
    let mut total = Fates::default();
    for f in fates.values() {
        total += *f;
    }
    // Packets waiting in queues that record them only when they send them.
    let mut queued: BTreeMap<(u16, u8), u64> = BTreeMap::new();
    for ch in sim.channel_states() {
        for p in ch.queued() {
            *queued.entry((p.flow.0, p.kind as u8)).or_default() += 1;
        }
    }
    for (i, id) in sim.flow_ids().enumerate() {
        let key = |k: PacketKind| (i as u16, k as u8);
        let books = |k: PacketKind| (fates.get(&key(k)).copied().unwrap_or_default(), queued.get(&key(k)).copied().unwrap_or(0));
        let (sent, received, data) = match sim.udp(i) {
            Some((tx, rx)) => (tx.stats.sent_packets, rx.stats.received_packets, PacketKind::Datagram),
            None => (sim.sender(i).stats().sent_packets, sim.sink(i).stats.received_packets, PacketKind::Data),
        };
        let (f, waiting) = books(data);
        // Every packet waiting in a queue that has no record yet was parked
        // at that queue's node, or sent into it straight from its agent.
        assert!(f.parked <= waiting, "{name}: {id}: {} parked but {waiting} queued", f.parked);
        let accounted = f.delivered + f.lost + f.on_wire + waiting + f.taken_by_middlebox;
        assert_eq!(sent + f.made_by_middlebox, accounted, "{name}: {id}: sent {sent} (+{} by middleboxes) but {f:?}, {waiting} queued", f.made_by_middlebox);
        if middlebox_nodes.is_empty() {
            assert_eq!(received, f.delivered, "{name}: {id}: the receiver counts {received} of {} delivered", f.delivered);
        }
        if sim.udp(i).is_none() {
            let (a, waiting) = books(PacketKind::Ack);
            let acks = sim.sink(i).stats.acks_sent;
            let accounted = a.delivered + a.lost + a.on_wire + waiting + a.taken_by_middlebox;
            assert_eq!(acks + a.made_by_middlebox, accounted, "{name}: {id}: {acks} ACKs sent (+{} by middleboxes) but {a:?}, {waiting} queued", a.made_by_middlebox);
        }
    }
    (total, queued.values().sum())
}

#[test]
fn every_shipped_scenario_balances_each_flows_books() {
    let mut files = vec![];
    shipped(&common::scenario_path(""), &mut files);
    let (mut total, mut queued) = (Fates::default(), 0);
    for path in files {
        let (f, q) = check_ledger(&path);
        total += f;
        queued += q;
    }
    // The books were checked with every kind of entry in them.
    eprintln!("{total:?}, {queued} queued");
    assert!(total.lost > 0 && total.on_wire > 0 && total.made_by_middlebox > 0 && total.taken_by_middlebox > 0 && total.parked > 0 && queued > 0, "{total:?}, {queued} queued");
}

#[test]
fn every_shipped_scenario_conserves_packets() {
    let mut files = vec![];
    shipped(&common::scenario_path(""), &mut files);
    assert!(files.len() > 20, "{} scenarios", files.len());
    for path in files {
        let sim = run(&path);
        check(&path.to_string_lossy(), &sim);
    }
}

#[test]
fn a_split_flow_counts_spurious_retransmissions_per_leg() {
    // examples/split-proxy: the sender never retransmits; the proxy's second
    // leg resends 7 segments needlessly. They were the flow's own before.
    let sim = common::run_text(&common::scenario_text("examples/split-proxy.toml"), &[], Recording::Summary);
    let s = sim.summary();
    let (f, m) = (&s.flows[0], &s.middleboxes[0]);
    assert_eq!((f.retransmits, f.spurious_retransmits, f.spurious_timeouts), (0, 0, 0));
    assert_eq!((m.leg2_spurious_retransmits, m.leg2_spurious_timeouts), (Some(7), Some(1)));
    assert!(m.leg2_retransmits.unwrap() >= 7);
}

#[test]
fn a_middlebox_handles_a_hundred_flows_with_their_own_timers() {
    // Timer kinds were packed as (3i + k) as u8: flows above 85 fired another's timers.
    let mut text = String::from("version = 1\nid = \"t\"\ntitle = \"T\"\nduration = \"3s\"\n");
    text += "nodes = [{ id = \"a\" }, { id = \"p\" }, { id = \"b\" }]\n";
    text += "links = [{ id = \"ap\", a = \"a\", b = \"p\", rate = \"100Mbps\", delay = \"5ms\" }, { id = \"pb\", a = \"p\", b = \"b\", rate = \"10Mbps\", delay = \"20ms\", outages = { mode = \"drop\", intervals = [{ from = \"1s\", to = \"1.5s\" }] } }]\n";
    let ids: Vec<String> = (0..100).map(|i| format!("\"f{i}\"")).collect();
    for i in 0..100 {
        text += &format!("[[flows]]\nid = \"f{i}\"\nfrom = \"a\"\nto = \"b\"\napp = {{ start = \"{}ms\" }}\n", i);
    }
    text += &format!("[[middleboxes]]\nid = \"m\"\nkind = \"split\"\nnode = \"p\"\nflows = [{}]\n", ids.join(", "));
    let sim = common::run_text(&text, &[], Recording::Summary);
    check("100 split flows", &sim);
    let Some((_, Middlebox::Split(p))) = sim.middleboxes().next() else { panic!("a split proxy") };
    // The outage makes second legs with data out time out, each on its own
    // timer; with wrapped kinds those of connections 86 to 99 never fired.
    let timed_out: Vec<usize> = (0..100).filter(|&c| p.leg2(c).stats().timeouts > 0).collect();
    assert!(timed_out.len() >= 50, "{} of 100 timed out", timed_out.len());
    assert!(timed_out.iter().filter(|&&c| c >= 86).count() >= 10, "{timed_out:?}");
}
