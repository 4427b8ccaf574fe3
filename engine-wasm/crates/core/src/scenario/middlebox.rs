//! `[[middleboxes]]`: their format and their checks.
//!
//! A middlebox is a scenario entry of its own rather than a node field: it
//! names the flows it acts on, carries settings of its kind (a split proxy
//! has a whole second TCP sender), has an id for knobs and series, and can
//! be switched off without touching the topology. One middlebox per node.
//!
//! ```toml
//! [[middleboxes]]
//! id = "snoop"
//! kind = "snoop"
//! node = "bs"
//! flows = ["ftp"]
//! snoop = { cache = "100pkt", sack = false }
//! ```

use super::model::{default_true, is_true, ReceiverSpec, Scenario, TcpSpec};
use super::check::{dur, Checker};
use super::resolve::{ResolvedChannel, ResolvedFlow};
use super::tcp::{check_receiver, check_tcp, sender_config, sink_config};
use super::units::{Bytes, Dur, QueueCapacity};
use crate::ids::{FlowId, NodeId};
use crate::middlebox::{MiddleboxConfig, MiddleboxFlow, MiddleboxSetup, MtcpConfig, SnoopConfig, SplitConfig, SplitLeg};
use crate::net::{QueueLimit, Routes};
use crate::time::SimTime;
use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::{de, Deserialize, Deserializer, Serialize, Serializer};
use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;

/// Flows one middlebox may handle (its timers are numbered per flow).
const MAX_MIDDLEBOX_FLOWS: usize = 100;

/// A middlebox on a node, acting on the packets of some flows as they pass.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MiddleboxSpec {
    /// Letters, digits, '_' and '-'.
    pub id: String,
    /// A disabled middlebox is not simulated: its node just forwards.
    #[serde(default = "default_true", skip_serializing_if = "is_true")]
    #[schemars(extend("default" = true))]
    pub enabled: bool,
    pub kind: MiddleboxKind,
    /// The node it sits on: on its flows' path both ways, and not one of their endpoints.
    pub node: String,
    /// Ids of the TCP flows it acts on; other packets pass untouched.
    pub flows: Vec<String>,
    /// Settings of a Snoop agent (`kind = "snoop"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub snoop: Option<SnoopSpec>,
    /// Settings of a split-connection proxy (`kind = "split"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub split: Option<SplitSpec>,
    /// Settings of an M-TCP supervisor host (`kind = "mtcp"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mtcp: Option<MtcpSpec>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MiddleboxKind {
    /// Snoop (Balakrishnan et al. 1995; ns-2's Snoop): caches data on its way
    /// to the mobile, resends it locally on duplicate ACKs or its own timer,
    /// and keeps those duplicates from the sender.
    Snoop,
    /// Split connection (I-TCP; a spoofing PEP, seed 001): ACKs the sender
    /// early in the receiver's name and carries the data on over a second
    /// TCP connection; its buffer is recorded as `nodes.<node>.proxy_buffer`.
    Split,
    /// M-TCP supervisor host (Brown and Singh 1997): freezes the sender with
    /// a zero window while the mobile is disconnected.
    Mtcp,
}

impl MiddleboxKind {
    fn name(self) -> &'static str {
        match self {
            MiddleboxKind::Snoop => "snoop",
            MiddleboxKind::Split => "split",
            MiddleboxKind::Mtcp => "mtcp",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SnoopSpec {
    /// Segments cached per flow at most, in packets ("100pkt": ns-2's
    /// maxbufs_) or bytes ("65KB": seed 001); beyond it data passes uncached.
    #[serde(default = "default_snoop_cache")]
    pub cache: QueueCapacity,
    /// Use the SACK blocks of the receiver's ACKs: resend every hole they
    /// reveal, not only the first. Needs `receiver.sack` on the flows.
    #[serde(default)]
    pub sack: bool,
    /// Duplicate ACKs let through to the sender before the local
    /// retransmission: 1 in ns-2 (RTX_THRESH), 0 in Balakrishnan et al.
    #[serde(default = "default_dupacks_passed")]
    pub dupacks_passed: u32,
    /// Lower bound of Snoop's own retransmission timer, which is srtt + 4
    /// rttvar of the wireless hop (ns-2's snoopTick_: 100ms).
    #[serde(default = "default_snoop_min_rto")]
    pub min_rto: Dur,
    /// Keep duplicate ACKs back as ns-2's Snoop counts them (`expDupacks_`):
    /// the count is fixed when the hole is resent, so a hole that takes long
    /// to repair lets two more duplicates reach the sender (often a fast
    /// retransmit). Off: one duplicate kept back per segment passed on beyond
    /// the hole. Not with `sack`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub exp_dupacks: bool,
}

fn default_snoop_cache() -> QueueCapacity {
    QueueCapacity::Packets(100)
}
fn default_dupacks_passed() -> u32 {
    1
}
fn default_snoop_min_rto() -> Dur {
    Dur(100_000_000)
}

impl Default for SnoopSpec {
    fn default() -> Self {
        SnoopSpec {
            cache: default_snoop_cache(),
            sack: false,
            dupacks_passed: default_dupacks_passed(),
            min_rto: default_snoop_min_rto(),
            exp_dupacks: false,
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SplitSpec {
    /// Bytes the proxy holds per flow: "unlimited", or a size such as "64KB"
    /// (seed 001), enforced by advertising only the room left to the sender.
    #[serde(default)]
    pub buffer: BufferLimit,
    /// The second connection's sender, proxy to receiver; the flow's own
    /// `tcp` table unless set (unset fields then take a `tcp` table's defaults).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tcp: Option<TcpSpec>,
    /// How the proxy acknowledges the sender; the flow's own `receiver`
    /// table unless set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub receiver: Option<ReceiverSpec>,
    /// Treat the second leg's losses as link errors: a Snoop agent between
    /// the second leg's sender and the link resends lost segments from the
    /// proxy's buffer and keeps their duplicate ACKs from the sender, which
    /// then cuts its window only for segments its own queue refused (seed
    /// 001: "resends from the hub's buffer as Snoop does"). Off: the second
    /// leg is an ordinary TCP sender that halves its window on every loss.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub local_recovery: bool,
    /// That Snoop agent's settings: a `kind = "snoop"` table's defaults,
    /// but a cache of 100000 packets (the proxy holds the data anyway).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub snoop: Option<SnoopSpec>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MtcpSpec {
    /// When the mobile is out of reach (handoffs), in order and apart. Until
    /// link outages carry them, the supervisor host also loses the flows'
    /// packets to and from the mobile during them.
    #[serde(default)]
    pub disconnections: Vec<Interval>,
    /// Freeze the sender with a zero-window ACK at each disconnection and
    /// release it with a window update at reconnection (M-TCP). Off: the
    /// supervisor host only relays, which is plain TCP through the handoffs.
    #[serde(default = "default_true")]
    pub freeze: bool,
}

impl Default for MtcpSpec {
    fn default() -> Self {
        MtcpSpec { disconnections: Vec::new(), freeze: true }
    }
}

/// A span of time `[from, to)` from the start of the run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Interval {
    pub from: Dur,
    pub to: Dur,
}

/// A buffer bound: "unlimited" or a size.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum BufferLimit {
    #[default]
    Unlimited,
    Bytes(u64),
}

impl BufferLimit {
    pub fn parse(text: &str) -> Result<Self, String> {
        if text.trim() == "unlimited" {
            return Ok(BufferLimit::Unlimited);
        }
        Bytes::parse(text)
            .map(|b| BufferLimit::Bytes(b.0))
            .map_err(|_| format!("invalid buffer \"{text}\" (allowed: \"unlimited\" or a size such as \"64KB\")"))
    }
}

impl fmt::Display for BufferLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BufferLimit::Unlimited => f.write_str("unlimited"),
            BufferLimit::Bytes(b) => write!(f, "{}", Bytes(*b)),
        }
    }
}

impl Serialize for BufferLimit {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for BufferLimit {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        BufferLimit::parse(&text).map_err(de::Error::custom)
    }
}

impl JsonSchema for BufferLimit {
    fn schema_name() -> Cow<'static, str> {
        "BufferLimit".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "string",
            "pattern": "^(unlimited|[0-9]*\\.?[0-9]+ *(B|KB|KiB|MB|MiB|GB|GiB)?)$",
            "description": "\"unlimited\" or a size such as \"64KB\".",
            "examples": ["unlimited", "64KB"]
        })
    }
}

/// What the checks need to know of the rest of the scenario.
pub(super) struct Context<'a> {
    pub scenario: &'a Scenario,
    pub node_index: &'a HashMap<&'a str, NodeId>,
    /// Enabled flows, in flow-id order.
    pub flows: &'a [ResolvedFlow],
    pub channels: &'a [ResolvedChannel],
    /// Routes, if the topology checked out.
    pub routes: Option<&'a Routes>,
}

/// Checks every middlebox and resolves the enabled ones.
#[inline(never)]
pub(super) fn resolve_middleboxes(ck: &mut Checker, cx: &Context) -> Vec<MiddleboxSetup> {
    let s = cx.scenario;
    let mut seen = HashMap::new();
    let mut node_taken: HashMap<&str, &str> = HashMap::new();
    let mut out = Vec::new();
    for m in &s.middleboxes {
        let base = format!("middleboxes.{}", m.id);
        ck.id(&format!("{base}.id"), &m.id, &mut seen);
        let node = cx.node_index.get(m.node.as_str()).copied();
        if node.is_none() {
            let known: Vec<&str> = s.nodes.iter().map(|n| n.id.as_str()).collect();
            ck.fail(format!("{base}.node"), format!("unknown node \"{}\"", m.node), known.join(", "));
        }
        if m.enabled {
            if let Some(other) = node_taken.insert(&m.node, &m.id) {
                ck.fail(format!("{base}.node"), format!("node \"{}\" already has middlebox \"{other}\"", m.node), "one middlebox per node");
            }
        }
        for (kind, set) in [(MiddleboxKind::Snoop, m.snoop.is_some()), (MiddleboxKind::Split, m.split.is_some()), (MiddleboxKind::Mtcp, m.mtcp.is_some())] {
            if set && kind != m.kind {
                ck.fail(format!("{base}.{}", kind.name()), format!("only for kind = \"{}\"", kind.name()), format!("settings of kind \"{}\" in {base}.{}", m.kind.name(), m.kind.name()));
            }
        }
        let flows = check_flows(ck, cx, m, &base, node);
        let config = match m.kind {
            MiddleboxKind::Snoop => snoop_config(ck, cx, m, &base, &flows),
            MiddleboxKind::Split => split_config(ck, cx, m, &base, &flows),
            MiddleboxKind::Mtcp => mtcp_config(ck, m, &base),
        };
        if let (true, Some(node)) = (m.enabled, node) {
            out.push(MiddleboxSetup {
                id: m.id.clone(),
                node,
                node_name: m.node.clone(),
                flows: flows.iter().map(|&(f, _)| middlebox_flow(&cx.flows[f.index()], f)).collect(),
                config,
            });
        }
    }
    out
}

/// What building the middlebox needs of flow `flow`.
fn middlebox_flow(f: &ResolvedFlow, flow: FlowId) -> MiddleboxFlow {
    MiddleboxFlow {
        flow,
        id: f.id.clone(),
        sender: f.from,
        receiver: f.to,
        file_bytes: f.app.file_bytes(),
        rwnd_segments: f.sender.rwnd_segments,
    }
}

/// The middlebox's enabled flows as (flow id, spec index), after checking the list.
fn check_flows(ck: &mut Checker, cx: &Context, m: &MiddleboxSpec, base: &str, node: Option<NodeId>) -> Vec<(FlowId, usize)> {
    let s = cx.scenario;
    let path = format!("{base}.flows");
    if m.flows.is_empty() || m.flows.len() > MAX_MIDDLEBOX_FLOWS {
        ck.fail(&path, format!("{} flows", m.flows.len()), format!("1 to {MAX_MIDDLEBOX_FLOWS} flow ids"));
    }
    let mut out = Vec::new();
    for (k, id) in m.flows.iter().enumerate() {
        let Some(spec_index) = s.flows.iter().position(|f| &f.id == id) else {
            let known: Vec<&str> = s.flows.iter().map(|f| f.id.as_str()).collect();
            ck.fail(&path, format!("unknown flow \"{id}\""), known.join(", "));
            continue;
        };
        if m.flows[..k].contains(id) {
            ck.fail(&path, format!("flow \"{id}\" listed twice"), "each flow once");
            continue;
        }
        let f = &s.flows[spec_index];
        if f.app.kind == super::model::AppKind::Cbr {
            ck.fail(&path, format!("flow \"{id}\" is UDP (app.kind = \"cbr\")"), "TCP flows");
            continue;
        }
        if f.from == m.node || f.to == m.node {
            ck.fail(&path, format!("flow \"{id}\" starts or ends at node \"{}\"", m.node), "flows passing through the node");
            continue;
        }
        // Disabled flows are not simulated; the middlebox simply has less to do.
        let Some(flow) = cx.flows.iter().position(|r| &r.id == id) else { continue };
        if let (Some(routes), Some(node)) = (cx.routes, node) {
            let r = &cx.flows[flow];
            if !passes(routes, cx.channels, r.from, r.to, node) || !passes(routes, cx.channels, r.to, r.from, node) {
                ck.fail(&path, format!("flow \"{id}\" does not pass through node \"{}\" both ways", m.node), "flows routed through the node in both directions");
                continue;
            }
        }
        out.push((FlowId(flow as u16), spec_index));
    }
    out
}

/// Whether the route from `from` to `to` visits `node` on the way.
fn passes(routes: &Routes, channels: &[ResolvedChannel], from: NodeId, to: NodeId, node: NodeId) -> bool {
    let mut at = from;
    for _ in 0..channels.len() {
        let Some(c) = routes.next_hop(at, to) else { return false };
        at = channels[c.index()].to;
        if at == to {
            return false;
        }
        if at == node {
            return true;
        }
    }
    false
}

fn snoop_config(ck: &mut Checker, cx: &Context, m: &MiddleboxSpec, base: &str, flows: &[(FlowId, usize)]) -> MiddleboxConfig {
    let spec = m.snoop.clone().unwrap_or_default();
    let p = format!("{base}.snoop");
    if spec.sack {
        for &(_, k) in flows {
            let f = &cx.scenario.flows[k];
            if !f.receiver.sack {
                ck.fail(format!("{p}.sack"), format!("flow \"{}\" has no SACK receiver", f.id), format!("set flows.{}.receiver.sack = true", f.id));
            }
        }
    }
    MiddleboxConfig::Snoop(snoop_settings(ck, &spec, &p))
}

/// Checks and resolves a Snoop table found at `p`.
fn snoop_settings(ck: &mut Checker, spec: &SnoopSpec, p: &str) -> SnoopConfig {
    let cache = match spec.cache {
        QueueCapacity::Packets(n) => {
            ck.range(&format!("{p}.cache"), n, 1, 100_000, &|v| format!("{v}pkt"));
            QueueLimit::Packets(n.clamp(1, 100_000) as u32)
        }
        QueueCapacity::Bytes(b) => {
            ck.range(&format!("{p}.cache"), b, 1, 1 << 30, &|v| Bytes(v).to_string());
            QueueLimit::Bytes(b)
        }
    };
    ck.range(&format!("{p}.dupacks_passed"), spec.dupacks_passed, 0, 100, &|v| v.to_string());
    ck.range(&format!("{p}.min_rto"), spec.min_rto, Dur(1_000_000), Dur(60_000_000_000), &dur);
    if spec.sack && spec.exp_dupacks {
        ck.fail(format!("{p}.exp_dupacks"), "ns-2's count has no SACK", "exp_dupacks = false with sack = true");
    }
    SnoopConfig {
        cache,
        sack: spec.sack,
        dupacks_passed: spec.dupacks_passed,
        min_rto: spec.min_rto.duration(),
        exp_dupacks: spec.exp_dupacks,
    }
}

fn split_config(ck: &mut Checker, cx: &Context, m: &MiddleboxSpec, base: &str, flows: &[(FlowId, usize)]) -> MiddleboxConfig {
    let spec = m.split.clone().unwrap_or_default();
    let p = format!("{base}.split");
    let buffer_bytes = match spec.buffer {
        BufferLimit::Unlimited => None,
        BufferLimit::Bytes(b) => {
            ck.range(&format!("{p}.buffer"), b, 1, 1 << 30, &|v| Bytes(v).to_string());
            Some(b)
        }
    };
    if let Some(t) = &spec.tcp {
        check_tcp(ck, t, &format!("{p}.tcp"));
    }
    if let Some(r) = &spec.receiver {
        check_receiver(ck, r, &format!("{p}.receiver"));
    }
    let legs = flows
        .iter()
        .map(|&(_, k)| {
            let f = &cx.scenario.flows[k];
            let tcp = spec.tcp.as_ref().unwrap_or(&f.tcp);
            let receiver = spec.receiver.as_ref().unwrap_or(&f.receiver);
            if let Some(limit) = buffer_bytes {
                if limit < f.tcp.mss.0 {
                    ck.fail(format!("{p}.buffer"), format!("{} holds less than one segment of flow \"{}\"", Bytes(limit), f.id), format!("at least {}", f.tcp.mss));
                }
            }
            SplitLeg {
                // Leg 1's ACKs carry the original sender's options (timestamps).
                sink: sink_config(receiver, &f.tcp, cx.scenario.seed, &format!("{base}.{}.receiver.clock", f.id)),
                sender: sender_config(tcp, cx.scenario.seed, &format!("{base}.{}.rto", f.id)),
                sender_mss_bytes: f.tcp.mss.0.clamp(1, u32::MAX as u64) as u32,
            }
        })
        .collect();
    let local_recovery = spec.local_recovery.then(|| {
        let r = spec.snoop.clone().unwrap_or(SnoopSpec { cache: QueueCapacity::Packets(100_000), ..SnoopSpec::default() });
        let q = format!("{p}.snoop");
        if r.sack {
            // The second leg ends at the flow's own receiver: it must send SACK blocks.
            for &(_, k) in flows {
                let f = &cx.scenario.flows[k];
                if !f.receiver.sack {
                    ck.fail(format!("{q}.sack"), format!("flow \"{}\" has no SACK receiver", f.id), format!("set flows.{}.receiver.sack = true", f.id));
                }
            }
        }
        snoop_settings(ck, &r, &q)
    });
    MiddleboxConfig::Split(SplitConfig { buffer_bytes, legs, local_recovery })
}

fn mtcp_config(ck: &mut Checker, m: &MiddleboxSpec, base: &str) -> MiddleboxConfig {
    let spec = m.mtcp.clone().unwrap_or_default();
    let p = format!("{base}.mtcp.disconnections");
    let mut previous_end = Dur(0);
    for (i, d) in spec.disconnections.iter().enumerate() {
        if d.from < previous_end || (i > 0 && d.from == previous_end) {
            ck.fail(format!("{p}.{i}.from"), format!("{} is not after the previous disconnection", d.from), format!("after {previous_end}"));
        }
        if d.to <= d.from {
            ck.fail(format!("{p}.{i}.to"), format!("{} is not after from = {}", d.to, d.from), format!("later than {}", d.from));
        }
        previous_end = d.to;
    }
    MiddleboxConfig::Mtcp(MtcpConfig {
        disconnections: spec.disconnections.iter().map(|d| (SimTime(d.from.0), SimTime(d.to.0))).collect(),
        freeze: spec.freeze,
    })
}

#[cfg(test)]
mod tests {
    use crate::scenario::{load, Format, ScenarioErrors};

    /// sender - bs - mobile, and a host beside the base station.
    const PATH: &str = r#"
        version = 1
        id = "t"
        title = "T"
        duration = "10s"
        nodes = [{ id = "fh" }, { id = "bs" }, { id = "mh" }, { id = "side" }]
        links = [
          { id = "wired", a = "fh", b = "bs", rate = "2Mbps", delay = "2ms" },
          { id = "air", a = "bs", b = "mh", rate = "1Mbps", delay = "5ms" },
          { id = "spur", a = "fh", b = "side", rate = "1Mbps", delay = "5ms" },
        ]
        flows = [{ id = "ftp", from = "fh", to = "mh" }, { id = "other", from = "fh", to = "side" }]

        [[middleboxes]]
        id = "m"
        kind = "snoop"
        node = "bs"
        flows = ["ftp"]
    "#;

    fn errors(sets: &[&str]) -> Vec<String> {
        crate::scenario::load_errors(PATH, sets)
    }

    #[test]
    fn a_middlebox_on_the_path_is_valid() {
        assert!(errors(&[]).is_empty());
        assert!(errors(&["middleboxes.m.kind=split", "middleboxes.m.split.buffer=64KB"]).is_empty());
        assert!(errors(&["middleboxes.m.kind=mtcp"]).is_empty());
    }

    #[test]
    fn flows_must_exist_pass_through_and_not_end_there() {
        assert_eq!(
            errors(&["middleboxes.m.flows=[\"nope\"]"]),
            vec!["middleboxes.m.flows: unknown flow \"nope\" (allowed: ftp, other)"]
        );
        assert_eq!(
            errors(&["middleboxes.m.flows=[\"other\"]"]),
            vec!["middleboxes.m.flows: flow \"other\" does not pass through node \"bs\" both ways (allowed: flows routed through the node in both directions)"]
        );
        assert_eq!(
            errors(&["middleboxes.m.node=mh"]),
            vec!["middleboxes.m.flows: flow \"ftp\" starts or ends at node \"mh\" (allowed: flows passing through the node)"]
        );
    }

    #[test]
    fn settings_must_match_the_kind_and_their_ranges() {
        assert_eq!(
            errors(&["middleboxes.m.split.buffer=64KB"]),
            vec!["middleboxes.m.split: only for kind = \"split\" (allowed: settings of kind \"snoop\" in middleboxes.m.snoop)"]
        );
        assert_eq!(
            errors(&["middleboxes.m.snoop.sack=true"]),
            vec!["middleboxes.m.snoop.sack: flow \"ftp\" has no SACK receiver (allowed: set flows.ftp.receiver.sack = true)"]
        );
        assert_eq!(
            errors(&["middleboxes.m.kind=split", "middleboxes.m.split.buffer=lots"]),
            vec!["middleboxes.m.split.buffer: invalid buffer \"lots\" (allowed: \"unlimited\" or a size such as \"64KB\")"]
        );
        assert_eq!(
            errors(&["middleboxes.m.kind=split", "middleboxes.m.split.tcp.mss=0B"]),
            vec!["middleboxes.m.split.tcp.mss: 0B is out of range (allowed: 1B to 65495B)"]
        );
    }

    #[test]
    fn ns2s_dupack_count_has_no_sack_and_local_recovery_checks_its_snoop() {
        assert!(errors(&["middleboxes.m.snoop.exp_dupacks=true"]).is_empty());
        assert_eq!(
            errors(&["flows.ftp.receiver.sack=true", "middleboxes.m.snoop.sack=true", "middleboxes.m.snoop.exp_dupacks=true"]),
            vec!["middleboxes.m.snoop.exp_dupacks: ns-2's count has no SACK (allowed: exp_dupacks = false with sack = true)"]
        );
        let split = ["middleboxes.m.kind=split", "middleboxes.m.split.local_recovery=true"];
        assert!(errors(&split).is_empty());
        assert_eq!(
            errors(&[split[0], split[1], "middleboxes.m.split.snoop.min_rto=0ms"]),
            vec!["middleboxes.m.split.snoop.min_rto: 0s is out of range (allowed: 1ms to 60s)"]
        );
    }

    #[test]
    fn disconnections_must_be_in_order() {
        // One beyond the end of the run is fine: a shortened run just never reaches it.
        let e = errors(&[
            "middleboxes.m.kind=mtcp",
            "middleboxes.m.mtcp.disconnections=[{from=\"5s\",to=\"4s\"},{from=\"3s\",to=\"11s\"},{from=\"12s\",to=\"13s\"}]",
        ]);
        assert_eq!(
            e,
            vec![
                "middleboxes.m.mtcp.disconnections.0.to: 4s is not after from = 5s (allowed: later than 5s)",
                "middleboxes.m.mtcp.disconnections.1.from: 3s is not after the previous disconnection (allowed: after 4s)",
            ]
        );
    }

    #[test]
    fn one_middlebox_per_node() {
        let text = PATH.to_string() + "\n[[middleboxes]]\nid = \"n\"\nkind = \"mtcp\"\nnode = \"bs\"\nflows = [\"ftp\"]\n";
        let e = match load(&text, Format::Toml, &[]) {
            Err(ScenarioErrors(e)) => e,
            Ok(_) => panic!("two middleboxes on one node"),
        };
        assert_eq!(e[0].to_string(), "middleboxes.n.node: node \"bs\" already has middlebox \"m\" (allowed: one middlebox per node)");
    }
}
