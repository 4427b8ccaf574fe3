//! Scenario format, version 1: the types a scenario file deserializes into.
//!
//! TOML on disk, the same structure as JSON on the wire. Unknown fields are
//! errors. `scenarios/schema.json` and the web app's TypeScript types are
//! generated from these types.

use super::units::{Bytes, Dur, QueueCapacity, Rate};
use crate::tcp::Variant;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A simulation scenario: topology, links, flows, and the knobs the UI shows.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Format version; must be 1.
    pub version: u32,
    /// Stable identifier, e.g. "seed000/wired".
    pub id: String,
    pub title: String,
    /// What the scenario shows and what to watch for.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// The paper figure or table this scenario reproduces.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paper: Option<PaperRef>,
    /// Seed of every random stream (0 ..= 2^53 - 1, so it survives JavaScript).
    #[serde(default = "default_seed")]
    pub seed: u64,
    /// Simulated time to run.
    pub duration: Dur,
    /// The window over which goodput and throughput are measured (default:
    /// from each flow's start to the end of the run).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub measure: Option<MeasureSpec>,
    pub nodes: Vec<NodeSpec>,
    pub links: Vec<LinkSpec>,
    pub flows: Vec<FlowSpec>,
    /// Snoop agents, split-connection proxies and M-TCP supervisor hosts on
    /// nodes, each acting on some flows; flows run end to end without them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub middleboxes: Vec<super::middlebox::MiddleboxSpec>,
    /// Controls the UI offers, each bound to a field path.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub knobs: Vec<Knob>,
}

fn default_seed() -> u64 {
    1
}

/// A measurement window `[from, to)`: deliveries in it count.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MeasureSpec {
    pub from: Dur,
    pub to: Dur,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PaperRef {
    /// Seed paper number, "000" to "004".
    pub seed: String,
    /// Figure or table reproduced, e.g. "Fig. 6(a)".
    pub reproduces: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NodeSpec {
    /// Letters, digits, '_' and '-'.
    pub id: String,
    #[serde(default)]
    pub kind: NodeKind,
    /// Display name; defaults to the id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
}

/// What a node is, for drawing; every node forwards packets.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum NodeKind {
    #[default]
    Host,
    Router,
    BaseStation,
    Satellite,
    Mobile,
}

/// A duplex link between nodes `a` and `b`. Settings at the link level apply
/// to both directions; `forward` (a to b) and `reverse` (b to a) override them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LinkSpec {
    pub id: String,
    pub a: String,
    pub b: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rate: Option<Rate>,
    /// One-way propagation delay.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delay: Option<Dur>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub queue: Option<QueueSpec>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub errors: Option<ErrorSpec>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forward: Option<ChannelSpec>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reverse: Option<ChannelSpec>,
}

/// Settings of one direction of a link; unset fields come from the link.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ChannelSpec {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rate: Option<Rate>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delay: Option<Dur>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub queue: Option<QueueSpec>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub errors: Option<ErrorSpec>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct QueueSpec {
    #[serde(default)]
    pub kind: QueueKind,
    /// Capacity, "50pkt" by default (ns-2's default).
    #[serde(default = "default_queue_limit")]
    pub limit: QueueCapacity,
    /// ACK priority: queued pure ACKs leave before data; admission still
    /// counts every packet (ns-2's semantic queue with acksfirst_).
    #[serde(default)]
    pub acks_first: bool,
    /// ACK filtering: a new ACK removes the older ACKs of its flow still
    /// waiting (ns-2's filteracks_), for slow reverse paths.
    #[serde(default)]
    pub filter_acks: bool,
}

impl Default for QueueSpec {
    fn default() -> Self {
        QueueSpec { kind: QueueKind::default(), limit: default_queue_limit(), acks_first: false, filter_acks: false }
    }
}

fn default_queue_limit() -> QueueCapacity {
    QueueCapacity::Packets(50)
}

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum QueueKind {
    /// First in, first out; arrivals to a full queue are dropped.
    #[default]
    Droptail,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ErrorSpec {
    /// Bit error rate: each bit is corrupted independently with this
    /// probability, so a packet of n bytes is lost with 1 - (1 - ber)^(8n).
    #[serde(default)]
    pub ber: f64,
}

/// A TCP connection from `from` to `to` and the application feeding it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FlowSpec {
    pub id: String,
    /// A disabled flow is not simulated (one-way versus two-way traffic).
    #[serde(default = "default_true", skip_serializing_if = "is_true")]
    pub enabled: bool,
    /// Node of the sender.
    pub from: String,
    /// Node of the receiver.
    pub to: String,
    #[serde(default)]
    pub tcp: TcpSpec,
    #[serde(default)]
    pub receiver: ReceiverSpec,
    #[serde(default)]
    pub app: AppSpec,
}

/// The sender's TCP settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TcpSpec {
    #[serde(default = "default_variant")]
    pub variant: Variant,
    /// Payload bytes per segment.
    #[serde(default = "default_mss")]
    pub mss: Bytes,
    /// TCP/IP header bytes on the wire per packet (ns-2 adds 40).
    #[serde(default = "default_header")]
    pub header: Bytes,
    /// Initial congestion window, in segments (RFC 3390: up to 4).
    #[serde(default = "default_initial_window")]
    pub initial_window: u32,
    /// The receiver's advertised window; without window scaling at most 65535 B.
    #[serde(default = "default_rwnd")]
    pub rwnd: Bytes,
    /// Duplicate ACKs that trigger fast retransmit.
    #[serde(default = "default_dupack_threshold")]
    pub dupack_threshold: u32,
    /// RFC 3042 limited transmit (ns-2's singledup_).
    #[serde(default)]
    pub limited_transmit: bool,
    /// Window scale option (RFC 7323), on by default as in today's stacks;
    /// when off the advertised window is at most 65535 B whatever `rwnd` says.
    #[serde(default = "default_true")]
    pub window_scaling: bool,
    /// ECN (RFC 3168): data marked ECT; an ECN-echo halves the window once per window.
    #[serde(default)]
    pub ecn: bool,
    /// Timestamps option (RFC 7323): 12 more header bytes, an RTT sample per ACK.
    #[serde(default)]
    pub timestamps: bool,
    /// Start as ns-2 does (its syn_ and delay_growth_, on by default there):
    /// segment 0 is a 40-byte SYN and its ACK sets cwnd to the initial window
    /// instead of growing it. As in ns-2, Vegas sends no SYN and applies the
    /// rule one ACK later, and FACK grows on the SYN's ACK.
    #[serde(default)]
    pub syn: bool,
    /// Retransmission timer: RFC 6298, or ns-2's tick-based one (ticks of
    /// `clock_granularity`, as ns-2's tcpTick_).
    #[serde(default)]
    pub rto_estimator: RtoEstimatorKind,
    /// RTO before the first RTT sample (RFC 6298: 1 s).
    #[serde(default = "default_initial_rto")]
    pub initial_rto: Dur,
    /// Lower bound of the RTO (RFC 6298: 1 s; ns-2: 200 ms).
    #[serde(default = "default_min_rto")]
    pub min_rto: Dur,
    /// Upper bound of the RTO, backoff included (RFC 6298: at least 60 s).
    #[serde(default = "default_max_rto")]
    pub max_rto: Dur,
    /// Clock granularity G of RFC 6298.
    #[serde(default = "default_granularity")]
    pub clock_granularity: Dur,
    /// ns-2 timer: where this sender's clock sits within a tick (ns-2's
    /// boot_time_, below `clock_granularity`). By default drawn from the seed,
    /// as ns-2 draws it; set it to replay a given ns-2 run.
    #[serde(default)]
    pub clock_offset: Option<Dur>,
    /// Vegas: segments queued below which the window grows (ns-2: 1).
    #[serde(default = "default_vegas_alpha")]
    pub vegas_alpha: u32,
    /// Vegas: segments queued above which the window shrinks (ns-2: 3).
    #[serde(default = "default_vegas_beta")]
    pub vegas_beta: u32,
    /// Vegas: segments queued that end slow start (ns-2: 1).
    #[serde(default = "default_vegas_gamma")]
    pub vegas_gamma: u32,
}

fn default_vegas_alpha() -> u32 {
    1
}
fn default_vegas_beta() -> u32 {
    3
}
fn default_vegas_gamma() -> u32 {
    1
}

/// Which retransmission timer a sender runs.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RtoEstimatorKind {
    /// RFC 6298 in integer nanoseconds.
    #[default]
    Rfc6298,
    /// ns-2's: RTT samples in whole ticks, fixed-point srtt and rttvar.
    Ns2,
}

pub(super) fn default_true() -> bool {
    true
}

pub(super) fn is_true(b: &bool) -> bool {
    *b
}

fn default_variant() -> Variant {
    Variant::Reno
}
fn default_mss() -> Bytes {
    Bytes(1000)
}
fn default_header() -> Bytes {
    Bytes(40)
}
fn default_initial_window() -> u32 {
    1
}
fn default_rwnd() -> Bytes {
    Bytes(65_535)
}
fn default_dupack_threshold() -> u32 {
    3
}
fn default_initial_rto() -> Dur {
    Dur(1_000_000_000)
}
fn default_min_rto() -> Dur {
    Dur(1_000_000_000)
}
fn default_max_rto() -> Dur {
    Dur(60_000_000_000)
}
fn default_granularity() -> Dur {
    Dur(1_000_000)
}

impl Default for TcpSpec {
    fn default() -> Self {
        TcpSpec {
            variant: default_variant(),
            mss: default_mss(),
            header: default_header(),
            initial_window: default_initial_window(),
            rwnd: default_rwnd(),
            dupack_threshold: default_dupack_threshold(),
            limited_transmit: false,
            window_scaling: true,
            ecn: false,
            timestamps: false,
            syn: false,
            rto_estimator: RtoEstimatorKind::default(),
            initial_rto: default_initial_rto(),
            min_rto: default_min_rto(),
            max_rto: default_max_rto(),
            clock_granularity: default_granularity(),
            clock_offset: None,
            vegas_alpha: default_vegas_alpha(),
            vegas_beta: default_vegas_beta(),
            vegas_gamma: default_vegas_gamma(),
        }
    }
}

/// The receiver's ACK policy.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReceiverSpec {
    /// Delay ACKs: one per two segments or after `delack_interval`
    /// (ns-2 TCPSink/DelAck); otherwise ACK every segment.
    #[serde(default)]
    pub delayed_ack: bool,
    /// Longest delay of an ACK (ns-2: 100 ms; RFC 1122: at most 500 ms).
    #[serde(default = "default_delack_interval")]
    pub delack_interval: Dur,
    /// Bytes of an ACK on the wire (SACK blocks add 8 each).
    #[serde(default = "default_header")]
    pub ack_size: Bytes,
    /// Report SACK blocks (RFC 2018; ns-2's TCPSink/Sack1).
    #[serde(default)]
    pub sack: bool,
}

fn default_delack_interval() -> Dur {
    Dur(100_000_000)
}

impl Default for ReceiverSpec {
    fn default() -> Self {
        ReceiverSpec { delayed_ack: false, delack_interval: default_delack_interval(), ack_size: default_header(), sack: false }
    }
}

/// The application feeding the sender.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AppSpec {
    #[serde(default)]
    pub kind: AppKind,
    /// When the application starts sending.
    #[serde(default = "default_start")]
    pub start: Dur,
    /// `file` only: bytes to transfer, e.g. "100KB"; the summary reports
    /// when the receiver had them all (`completion_s`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<Bytes>,
    /// `cbr` only: datagram rate, whole datagrams counted, e.g. "40kbps".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rate: Option<Rate>,
    /// `cbr` only: bytes per datagram on the wire (ns-2's packetSize_; its
    /// UDP agent adds no header); 1000B unless set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub packet_size: Option<Bytes>,
}

fn default_start() -> Dur {
    Dur(0)
}

impl Default for AppSpec {
    fn default() -> Self {
        AppSpec { kind: AppKind::default(), start: default_start(), size: None, rate: None, packet_size: None }
    }
}

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum AppKind {
    /// An endless bulk transfer (FTP in ns-2).
    #[default]
    Bulk,
    /// A file of `size` bytes over TCP, then nothing (seed 001's throughput
    /// versus file size).
    File,
    /// Constant bit rate over UDP (ns-2's CBR): `packet_size` datagrams at
    /// `rate`, never resent; the flow's `tcp` and `receiver` tables are unused.
    Cbr,
}

/// A control the UI shows for this scenario: either one field (`path`, with
/// optional `options`) or named `presets` that each set several fields.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Knob {
    /// Dotted field path with list items named by id, e.g. "flows.ftp.tcp.variant".
    /// Empty when the knob has presets.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub path: String,
    pub label: String,
    /// What changing it shows.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub help: String,
    /// Values to offer; empty means any value the field accepts.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<serde_json::Value>,
    /// Named settings of several fields, e.g. SACK off / on.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub presets: Vec<KnobPreset>,
    /// Show it among the prominent mechanism switches (Snoop, SACK, ECN, ...).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub prominent: bool,
}

/// One choice of a preset knob.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct KnobPreset {
    pub label: String,
    /// Field path to value, e.g. { "flows.ftp.receiver.sack" = true }.
    pub set: std::collections::BTreeMap<String, serde_json::Value>,
}
