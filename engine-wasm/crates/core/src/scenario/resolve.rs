//! Checks a scenario's values against their allowed ranges and resolves it
//! into what the simulation is built from: numbered nodes, one channel per
//! link direction with every setting filled in, flows with their routes.
//!
//! The checks and settings of a link direction are in `channel`, of a flow's
//! `tcp` and `receiver` tables in `tcp`, of middleboxes in `middlebox`.

use super::channel::{queue_limit, resolve_channel};
use super::check::{dur, Checker};
use super::error::{FieldError, ScenarioErrors};
use super::model::Scenario;
use super::tcp::{check_receiver, check_sack_recovery, check_tcp, sender_config, sink_config};
use super::units::Dur;
use crate::ids::NodeId;
use crate::net::gilbert::GilbertParams;
use crate::net::outage::Outages;
use crate::net::red::RedParams;
use crate::net::{QueueLimit, Routes, ServiceOrder};
use crate::record::SeriesOwner;
use crate::tcp::{SenderConfig, SinkConfig};
use crate::time::{Bandwidth, SimDuration, SimTime};
use crate::topo::Direction;
use std::collections::HashMap;

/// Largest seed that JavaScript numbers hold exactly.
pub const MAX_SEED: u64 = (1 << 53) - 1;
const MAX_DURATION_NS: u64 = 86_400 * 1_000_000_000;
use super::limits::{MAX_FLOWS, MAX_LINKS, MAX_NODES};

#[derive(Clone, Debug)]
pub struct ResolvedChannel {
    /// Scenario path, e.g. `links.sat.forward`: names its series and random stream.
    pub name: String,
    pub link: String,
    pub direction: Direction,
    pub from: NodeId,
    pub to: NodeId,
    pub rate: Bandwidth,
    pub delay: SimDuration,
    pub limit: QueueLimit,
    pub order: ServiceOrder,
    pub ber: f64,
    /// Indices of the packets to lose (strictly increasing), as ns-2's `ErrorModel/List`.
    pub drop_list: Vec<u64>,
    /// RED instead of DropTail.
    pub red: Option<RedParams>,
    /// CoDel, FQ-CoDel or PIE instead of DropTail.
    pub aqm: Option<crate::net::aqm::AqmConfig>,
    /// Index in [`Resolved::pools`] of the shared buffer it draws on.
    pub pool: Option<usize>,
    pub outages: Option<Outages>,
    pub gilbert: Option<GilbertParams>,
    /// Link-layer ARQ: most tries and the delay between them.
    pub arq: Option<(u32, SimDuration)>,
    /// A Mahimahi capacity trace (opportunities in ms, bytes each); `rate`
    /// is then its mean rate.
    pub capacity: Option<(Vec<u64>, u32)>,
    pub mtu: Option<u32>,
}

impl ResolvedChannel {
    /// Who its series belong to: `links.<link>.<direction>`, its `name`.
    pub fn series_owner(&self) -> SeriesOwner<'_> {
        SeriesOwner::Channel { link: &self.link, direction: self.direction }
    }
}

/// A buffer shared by several channels.
#[derive(Clone, Debug)]
pub struct ResolvedPool {
    pub id: String,
    pub limit: QueueLimit,
    /// Indices of the member channels.
    pub members: Vec<usize>,
}

#[derive(Clone, Debug)]
pub struct ResolvedFlow {
    pub id: String,
    pub from: NodeId,
    pub to: NodeId,
    pub sender: SenderConfig,
    pub sink: SinkConfig,
    pub start: SimTime,
    pub app: crate::app::AppConfig,
}

#[derive(Clone, Debug)]
pub struct Resolved {
    pub id: String,
    pub seed: u64,
    pub duration: SimDuration,
    /// Measurement window `[from, to)`, if the scenario sets one.
    pub measure: Option<(SimTime, SimTime)>,
    pub node_ids: Vec<String>,
    pub channels: Vec<ResolvedChannel>,
    pub flows: Vec<ResolvedFlow>,
    pub routes: Routes,
    pub pools: Vec<ResolvedPool>,
    /// Enabled middleboxes, in scenario order.
    pub middleboxes: Vec<crate::middlebox::MiddleboxSetup>,
}

fn whole(v: u64) -> String {
    v.to_string()
}

/// Validates `s` and resolves it, or returns every problem found.
pub fn resolve(s: &Scenario) -> Result<Resolved, ScenarioErrors> {
    let mut ck = Checker::default();
    if s.version != 1 {
        ck.fail("version", format!("unsupported version {}", s.version), "1");
    }
    if s.id.trim().is_empty() {
        ck.fail("id", "empty", "a non-empty identifier such as \"seed000/wired\"");
    }
    ck.range("seed", s.seed, 0, MAX_SEED, &whole);
    ck.range("duration", s.duration, Dur(1), Dur(MAX_DURATION_NS), &dur);

    // Counts first: nothing is built for a scenario beyond them.
    let too_many = s.nodes.len() > MAX_NODES || s.links.len() > MAX_LINKS || s.flows.len() > MAX_FLOWS;
    if s.nodes.len() < 2 || s.nodes.len() > MAX_NODES {
        ck.fail("nodes", format!("{} nodes", s.nodes.len()), format!("2 to {MAX_NODES} nodes"));
    }
    if s.links.len() > MAX_LINKS {
        ck.fail("links", format!("{} links", s.links.len()), format!("1 to {MAX_LINKS} links"));
    }
    if s.flows.len() > MAX_FLOWS {
        let enabled = s.flows.iter().filter(|f| f.enabled).count();
        ck.fail("flows", format!("{enabled} enabled of {} flows", s.flows.len()), format!("1 to {MAX_FLOWS} flows, at least one enabled"));
    }
    if too_many {
        return Err(ScenarioErrors(ck.errors));
    }
    let mut seen = HashMap::new();
    for (i, n) in s.nodes.iter().enumerate() {
        ck.id(&format!("nodes.{}.id", if n.id.is_empty() { i.to_string() } else { n.id.clone() }), &n.id, &mut seen);
    }
    let node_index: HashMap<&str, NodeId> =
        s.nodes.iter().enumerate().map(|(i, n)| (n.id.as_str(), NodeId(i as u16))).collect();
    let node_ids: Vec<String> = s.nodes.iter().map(|n| n.id.clone()).collect();
    let known_nodes = node_ids.join(", ");
    let node_ref = |ck: &mut Checker, path: String, id: &str| -> Option<NodeId> {
        let found = node_index.get(id).copied();
        if found.is_none() {
            ck.fail(path, format!("unknown node \"{id}\""), known_nodes.clone());
        }
        found
    };

    // Shared buffers
    let mut seen = HashMap::new();
    let mut pools: Vec<ResolvedPool> = Vec::new();
    for b in &s.buffers {
        let base = format!("buffers.{}", b.id);
        ck.id(&format!("{base}.id"), &b.id, &mut seen);
        let limit = queue_limit(&mut ck, &format!("{base}.limit"), b.limit);
        pools.push(ResolvedPool { id: b.id.clone(), limit, members: Vec::new() });
    }
    let known_buffers = s.buffers.iter().map(|b| b.id.as_str()).collect::<Vec<_>>().join(", ");

    // Links: one channel per direction
    let mut channels = Vec::new();
    let mut seen = HashMap::new();
    if s.links.is_empty() {
        ck.fail("links", "no links", "at least one link");
    }
    for l in &s.links {
        let base = format!("links.{}", l.id);
        ck.id(&format!("{base}.id"), &l.id, &mut seen);
        let a = node_ref(&mut ck, format!("{base}.a"), &l.a);
        let b = node_ref(&mut ck, format!("{base}.b"), &l.b);
        if l.a == l.b {
            ck.fail(format!("{base}.b"), "a link needs two different nodes", format!("a node other than \"{}\"", l.a));
        }
        for (direction, spec) in [(Direction::Forward, &l.forward), (Direction::Reverse, &l.reverse)] {
            let (from, to) = if direction == Direction::Forward { (a, b) } else { (b, a) };
            let path = format!("{base}.{}", direction.name());
            if let (Some((ch, buffer)), Some(from), Some(to)) =
                (resolve_channel(&mut ck, l, spec.as_ref(), &path), from, to)
            {
                let pool = buffer.and_then(|(id, at)| {
                    let found = pools.iter().position(|p| p.id == id);
                    if found.is_none() {
                        let allowed = if known_buffers.is_empty() { "ids of [[buffers]]".to_string() } else { known_buffers.clone() };
                        ck.fail(at, format!("unknown buffer \"{id}\""), allowed);
                    }
                    found
                });
                if let Some(p) = pool {
                    pools[p].members.push(channels.len());
                }
                channels.push(ResolvedChannel { name: path, link: l.id.clone(), direction, from, to, pool, ..ch });
            }
        }
    }

    // Flows
    let mut flows = Vec::new();
    let mut seen = HashMap::new();
    let enabled = s.flows.iter().filter(|f| f.enabled).count();
    if enabled == 0 || s.flows.len() > MAX_FLOWS {
        ck.fail("flows", format!("{enabled} enabled of {} flows", s.flows.len()), format!("1 to {MAX_FLOWS} flows, at least one enabled"));
    }
    if let Some(m) = &s.measure {
        ck.range("measure.from", m.from, Dur(0), Dur(s.duration.0.saturating_sub(1)), &dur);
        ck.range("measure.to", m.to, Dur(m.from.0 + 1), s.duration, &dur);
    }
    for f in &s.flows {
        let base = format!("flows.{}", f.id);
        ck.id(&format!("{base}.id"), &f.id, &mut seen);
        let from = node_ref(&mut ck, format!("{base}.from"), &f.from);
        let to = node_ref(&mut ck, format!("{base}.to"), &f.to);
        if f.from == f.to {
            ck.fail(format!("{base}.to"), "a flow needs two different nodes", format!("a node other than \"{}\"", f.from));
        }
        check_tcp(&mut ck, &f.tcp, &format!("{base}.tcp"));
        check_receiver(&mut ck, &f.receiver, &format!("{base}.receiver"));
        check_sack_recovery(&mut ck, &f.tcp, &f.receiver, &base);
        if s.duration.0 > 0 && f.app.start >= s.duration {
            ck.fail(format!("{base}.app.start"), format!("{} is not before the end of the run", f.app.start), format!("0s to less than {}", s.duration));
        }
        let app = super::app::resolve_app(&mut ck, &f.app, &format!("{base}.app"));
        let (Some(from), Some(to), true) = (from, to, f.enabled) else { continue };
        flows.push(ResolvedFlow {
            id: f.id.clone(),
            from,
            to,
            sender: sender_config(&f.tcp, s.seed, &format!("{base}.rto")),
            sink: sink_config(&f.receiver, &f.tcp, s.seed, &format!("{base}.receiver.clock")),
            start: SimTime(f.app.start.0),
            app,
        });
    }

    for (i, k) in s.knobs.iter().enumerate() {
        let base = format!("knobs.{i}");
        match (k.path.is_empty(), k.presets.is_empty()) {
            (false, true) => {
                if !knob_path_exists(s, &k.path) {
                    ck.fail(format!("{base}.path"), format!("no field \"{}\"", k.path), "a field path of this scenario");
                }
            }
            (true, false) => {
                for (j, p) in k.presets.iter().enumerate() {
                    for path in p.set.keys().filter(|path| !knob_path_exists(s, path)) {
                        ck.fail(format!("{base}.presets.{j}.set"), format!("no field \"{path}\""), "field paths of this scenario");
                    }
                }
            }
            _ => ck.fail(base, "a knob needs either a path or presets", "path = \"...\" or presets = [...]"),
        }
    }

    // Packets are addressed to flow endpoints only: route towards those.
    let routes = routes_between(s.nodes.len(), &channels, &flows);
    if ck.errors.is_empty() {
        for f in &flows {
            for (a, b) in [(f.from, f.to), (f.to, f.from)] {
                if routes.next_hop(a, b).is_none() {
                    ck.fail(
                        format!("flows.{}.to", f.id),
                        format!("no route from \"{}\" to \"{}\"", node_ids[a.index()], node_ids[b.index()]),
                        "nodes joined by links both ways",
                    );
                }
            }
        }
    }

    let routes_checked = ck.errors.is_empty();
    let middleboxes = super::middlebox::resolve_middleboxes(
        &mut ck,
        &super::middlebox::Context {
            scenario: s,
            node_index: &node_index,
            flows: &flows,
            channels: &channels,
            routes: routes_checked.then_some(&routes),
        },
    );

    if !ck.errors.is_empty() {
        // A link-level value is checked once per direction: report it once.
        let mut unique: Vec<FieldError> = Vec::with_capacity(ck.errors.len());
        for e in ck.errors {
            if !unique.contains(&e) {
                unique.push(e);
            }
        }
        return Err(ScenarioErrors(unique));
    }
    Ok(Resolved {
        id: s.id.clone(),
        seed: s.seed,
        duration: s.duration.duration(),
        measure: s.measure.as_ref().map(|m| (SimTime(m.from.0), SimTime(m.to.0))),
        node_ids,
        channels,
        flows,
        routes,
        pools,
        middleboxes,
    })
}

/// The routing tables, out of line: their search's loops would otherwise
/// charge `resolve`'s tier-up budget in V8 (see `channel::resolve_channel`).
#[inline(never)]
fn routes_between(nodes: usize, channels: &[ResolvedChannel], flows: &[ResolvedFlow]) -> Routes {
    let endpoints = flows.iter().flat_map(|f| [f.to, f.from]);
    Routes::towards(nodes, &channels.iter().map(|c| (c.from, c.to)).collect::<Vec<_>>(), endpoints)
}

/// Whether `path` names a field the scenario has, defaults included.
fn knob_path_exists(s: &Scenario, path: &str) -> bool {
    let Ok(doc) = serde_json::to_value(s) else { return false };
    if super::path::get(&doc, path).is_some() {
        return true;
    }
    // Optional tables (a link's `forward`) may be absent until set: accept the
    // path if setting it yields a scenario that still deserializes.
    let mut probe = doc;
    let placeholder = serde_json::Value::Null;
    super::path::set(&mut probe, path, placeholder).is_ok()
        && super::load::from_value(&probe).map(|_| ()).err().is_none_or(|e| !e.0.iter().any(|f| f.problem == "unknown field"))
}

#[cfg(test)]
mod tests {
    use crate::scenario::{load, Format, ScenarioErrors};

    const TWO_NODES: &str = r#"
        version = 1
        id = "t"
        title = "T"
        duration = "10s"
        nodes = [{ id = "a" }, { id = "b" }, { id = "c" }]
        links = [{ id = "ab", a = "a", b = "b", rate = "1Mbps", delay = "10ms" }]
        flows = [{ id = "f", from = "a", to = "b" }]
    "#;

    fn errors(sets: &[&str]) -> Vec<String> {
        crate::scenario::load_errors(TWO_NODES, sets)
    }

    #[test]
    fn the_minimal_scenario_is_valid() {
        assert!(errors(&[]).is_empty());
    }

    #[test]
    fn a_channel_is_named_as_its_series_owner() {
        let (_, r) = load(TWO_NODES, Format::Toml, &[]).unwrap();
        let names: Vec<&str> = r.channels.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["links.ab.forward", "links.ab.reverse"]);
        assert!(r.channels.iter().all(|c| c.series_owner().to_string() == c.name));
    }

    #[test]
    fn link_level_values_are_reported_once_where_they_were_written() {
        assert_eq!(errors(&["links.ab.rate=0bps"]), vec!["links.ab.rate: 0bps is out of range (allowed: 1bps to 100Gbps)"]);
        assert_eq!(
            errors(&["links.ab.forward.delay=61s"]),
            vec!["links.ab.forward.delay: 61s is out of range (allowed: 0s to 60s)"]
        );
    }

    #[test]
    fn bug_fix_can_be_switched_off_only_where_it_applies() {
        assert!(errors(&["flows.f.tcp.bug_fix=false", "flows.f.tcp.variant=newreno"]).is_empty());
        assert_eq!(
            errors(&["flows.f.tcp.bug_fix=false", "flows.f.tcp.variant=sack1"]),
            vec!["flows.f.tcp.bug_fix: sack1 has its own recovery rule (allowed: true, or false with variant tahoe, reno or newreno)"]
        );
    }

    #[test]
    fn ns2_timer_settings_need_its_timer_and_min_rto_may_be_zero() {
        assert_eq!(
            errors(&["flows.f.tcp.rfc2988=false"]),
            vec!["flows.f.tcp.rfc2988: is a setting of ns-2's timer (allowed: true, or false with tcp.rto_estimator = \"ns2\")"]
        );
        assert!(errors(&["flows.f.tcp.rto_estimator=ns2", "flows.f.tcp.rfc2988=false", "flows.f.tcp.updated_rttvar=false", "flows.f.tcp.min_rto=0s"]).is_empty());
        assert!(errors(&["flows.f.tcp.min_rto=0s", "flows.f.tcp.timerfix=false", "flows.f.tcp.precision_reduce=false"]).is_empty());
    }

    #[test]
    fn references_to_unknown_nodes_list_the_nodes() {
        assert_eq!(errors(&["flows.f.to=z"]), vec!["flows.f.to: unknown node \"z\" (allowed: a, b, c)"]);
    }

    #[test]
    fn flows_need_a_route_both_ways() {
        assert_eq!(
            errors(&["flows.f.to=c"]),
            vec![
                "flows.f.to: no route from \"a\" to \"c\" (allowed: nodes joined by links both ways)",
                "flows.f.to: no route from \"c\" to \"a\" (allowed: nodes joined by links both ways)",
            ]
        );
    }

    #[test]
    fn every_problem_is_reported_not_just_the_first() {
        let e = errors(&["seed=9007199254740992", "flows.f.tcp.rwnd=10B", "flows.f.receiver.delack_interval=600ms"]);
        assert_eq!(e.len(), 3, "{e:?}");
        assert!(e[0].starts_with("seed: 9007199254740992 is out of range"));
        assert!(e[1].starts_with("flows.f.tcp.rwnd: 10B is out of range (allowed: 1000B to"));
        assert!(e[2].starts_with("flows.f.receiver.delack_interval: 600ms is out of range (allowed: 1ms to 500ms)"));
    }

    #[test]
    fn knobs_must_name_real_fields() {
        let text = TWO_NODES.to_string() + "\n[[knobs]]\npath = \"flows.f.tcp.sackk\"\nlabel = \"x\"\n";
        let e = match load(&text, Format::Toml, &[]) {
            Err(ScenarioErrors(e)) => e,
            Ok(_) => panic!("accepted a knob on a missing field"),
        };
        assert_eq!(e[0].path, "knobs.0.path");
        // A direction's table may be absent until set: still a valid knob.
        let presets = TWO_NODES.to_string()
            + "\n[[knobs]]\nlabel = \"x\"\npresets = [{ label = \"a\", set = { \"flows.f.tcp.variant\" = \"tahoe\", \"flows.f.tcp.nope\" = 1 } }]\n";
        let e = match load(&presets, Format::Toml, &[]) {
            Err(ScenarioErrors(e)) => e,
            Ok(_) => panic!("accepted a preset on a missing field"),
        };
        assert_eq!(e[0].to_string(), "knobs.0.presets.0.set: no field \"flows.f.tcp.nope\" (allowed: field paths of this scenario)");
        let text = TWO_NODES.to_string() + "\n[[knobs]]\npath = \"links.ab.forward.rate\"\nlabel = \"x\"\n";
        assert!(load(&text, Format::Toml, &[]).is_ok());
    }
}
