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
    /// Buffers shared by the queues of several channels (seed 002's
    /// per-terminal BSC buffer); a queue joins one with `buffer = "<id>"`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub buffers: Vec<BufferSpec>,
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

/// A buffer shared by several channels' queues: a packet enters a member
/// queue only if it fits both that queue's limit and this one, counted over
/// everything the members hold (waiting or being sent). Seed 002's BSC keeps
/// one such buffer per terminal (about 120 KB) for all its connections.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BufferSpec {
    pub id: String,
    /// Capacity: bytes ("120KB") or packets ("100pkt").
    pub limit: QueueCapacity,
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
    /// Scheduled outages or handoffs (both directions unless one sets its own).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outages: Option<OutageSpec>,
    /// Largest packet the link carries; bigger ones are fragmented (IPv4, 20 B
    /// header per fragment) and reassembled at the far end: 68 B or more.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mtu: Option<Bytes>,
    /// Capacity from a Mahimahi trace instead of `rate`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capacity_trace: Option<CapacityTraceSpec>,
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
    /// Scheduled outages or handoffs of this direction.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outages: Option<OutageSpec>,
    /// Largest packet this direction carries; bigger ones are fragmented.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mtu: Option<Bytes>,
    /// Capacity from a Mahimahi trace instead of `rate`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capacity_trace: Option<CapacityTraceSpec>,
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
    /// RED's settings, used when `kind` is "red" (ns-2.35's defaults when
    /// unset; ignored by a droptail queue, so a knob can switch kinds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub red: Option<RedSpec>,
    /// CoDel's settings, used when `kind` is "codel" (RFC 8289's defaults when unset).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub codel: Option<super::aqm::CoDelSpec>,
    /// FQ-CoDel's settings, used when `kind` is "fq_codel" (RFC 8290's defaults when unset).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fq_codel: Option<super::aqm::FqCoDelSpec>,
    /// PIE's settings, used when `kind` is "pie" (RFC 8033's defaults when unset).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pie: Option<super::aqm::PieSpec>,
    /// Id of a shared buffer (in `buffers`) this queue also draws on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub buffer: Option<String>,
}

impl Default for QueueSpec {
    fn default() -> Self {
        QueueSpec {
            kind: QueueKind::default(),
            limit: default_queue_limit(),
            acks_first: false,
            filter_acks: false,
            red: None,
            codel: None,
            fq_codel: None,
            pie: None,
            buffer: None,
        }
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
    /// Random Early Detection as ns-2.35's Queue/RED (settings in `red`):
    /// drops, or with ECN marks, arrivals early as the average queue grows.
    Red,
    /// CoDel (RFC 8289, settings in `codel`): drops, or with ECN marks,
    /// packets leaving once their sojourn time stays above target.
    Codel,
    /// FQ-CoDel (RFC 8290, settings in `fq_codel`): a CoDel queue per flow,
    /// served in deficit round robin.
    FqCodel,
    /// PIE (RFC 8033, settings in `pie`): random drops steered by a PI
    /// controller of the queueing delay.
    Pie,
}

/// RED's settings (ns-2.35's Queue/RED names in brackets). With ns-2.35's
/// defaults the queue is measured in bytes and the thresholds and the limit
/// in packets of `mean_pktsize`: a "50pkt" RED queue holds 25,000 waiting
/// bytes, and the packet being sent is not counted.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RedSpec {
    /// Mark CE on ECN-capable packets instead of dropping them [setbit_].
    #[serde(default)]
    pub ecn: bool,
    /// Minimum threshold of the average queue, in packets of `mean_pktsize`
    /// [thresh_]. Unset: ns-2.35's automatic value, the larger of 5 and half
    /// of what the link sends in 5 ms.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_thresh: Option<f64>,
    /// Maximum threshold [maxthresh_]. Unset: three times the minimum.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_thresh: Option<f64>,
    /// Weight of each sample in the average [q_weight_]. Unset: ns-2.35's
    /// automatic value, a time constant of ten round trips of 3 x (delay +
    /// one packet time), at least 100 ms.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub q_weight: Option<f64>,
    /// Drop probability at the maximum threshold [1 / linterm_]: 0.1.
    #[serde(default = "default_max_p")]
    pub max_p: f64,
    /// With ECN, mark while the probability is at most this and drop above
    /// [mark_p_ with use_mark_p_]: 0.1.
    #[serde(default = "default_max_p")]
    pub mark_p: f64,
    /// Between max_thresh and twice it the probability rises from max_p to 1
    /// [gentle_]: on.
    #[serde(default = "default_true")]
    pub gentle: bool,
    /// Spread drops evenly, about 1/p packets apart [wait_]: on.
    #[serde(default = "default_true")]
    pub wait: bool,
    /// Measure the queue in bytes [bytes_ and queue_in_bytes_]: on.
    #[serde(default = "default_true")]
    pub bytes: bool,
    /// The packet size thresholds and limits are counted in [mean_pktsize_]: 500 B.
    #[serde(default = "default_mean_pktsize")]
    pub mean_pktsize: Bytes,
}

fn default_max_p() -> f64 {
    0.1
}
fn default_mean_pktsize() -> Bytes {
    Bytes(500)
}

impl Default for RedSpec {
    fn default() -> Self {
        RedSpec {
            ecn: false,
            min_thresh: None,
            max_thresh: None,
            q_weight: None,
            max_p: default_max_p(),
            mark_p: default_max_p(),
            gentle: true,
            wait: true,
            bytes: true,
            mean_pktsize: default_mean_pktsize(),
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ErrorSpec {
    /// Bit error rate: each bit is corrupted independently with this
    /// probability, so a packet of n bytes is lost with 1 - (1 - ber)^(8n).
    #[serde(default)]
    pub ber: f64,
    /// Gilbert–Elliott burst errors on top of `ber`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gilbert: Option<GilbertSpec>,
    /// Link-layer retransmission of what `ber` and `gilbert` corrupt.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arq: Option<ArqSpec>,
}

/// Gilbert–Elliott burst errors: a good and a bad state, each with its own
/// loss. Give either mean sojourn times (`mean_good`, `mean_bad`: the chain
/// moves in time, exponential sojourns) or per-packet transition
/// probabilities (`good_to_bad`, `bad_to_good`: one step per packet sent).
/// It starts in the good state. A packet of n bytes sent in a state is lost
/// with 1 - (1 - loss)(1 - ber)^(8n), from that state's `loss` and `ber`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GilbertSpec {
    /// Mean time in the good state.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mean_good: Option<Dur>,
    /// Mean time in the bad state (the burst length).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mean_bad: Option<Dur>,
    /// Probability of going bad after each packet sent in the good state.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub good_to_bad: Option<f64>,
    /// Probability of going good after each packet sent in the bad state.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bad_to_good: Option<f64>,
    /// Packet loss probability in the good state: 0.
    #[serde(default)]
    pub loss_good: f64,
    /// Packet loss probability in the bad state: 1 (Gilbert's model).
    #[serde(default = "default_one")]
    pub loss_bad: f64,
    /// Bit error rate in the good state: 0.
    #[serde(default)]
    pub ber_good: f64,
    /// Bit error rate in the bad state: 0.
    #[serde(default)]
    pub ber_bad: f64,
}

fn default_one() -> f64 {
    1.0
}

/// Link-layer ARQ (seed 002's RLP): a packet the errors corrupt is sent
/// again by the link `retry_delay` later, up to `max_tries` transmissions in
/// all, then dropped. Delivery stays in order: a packet waits at the far end
/// for every earlier one, so retries delay the packets behind too. Retries
/// add delay only, not serialization time; outages are not retried.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArqSpec {
    /// Transmissions of a packet at most, the first included (1: no retries).
    pub max_tries: u32,
    /// Time from one try to the next.
    pub retry_delay: Dur,
}

/// Scheduled outages or handoffs: `[from, to)` intervals during which the
/// link is down, optionally repeating.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OutageSpec {
    #[serde(default)]
    pub mode: OutageModeSpec,
    /// Sorted, non-overlapping intervals.
    #[serde(default)]
    pub intervals: Vec<IntervalSpec>,
    /// Repeat the intervals with this period (they must lie within it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub every: Option<Dur>,
}

/// What an outage does to packets.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum OutageModeSpec {
    /// The sender keeps sending but nothing gets through: a packet is lost if
    /// any part of its passage, from the start of its transmission to the
    /// arrival of its last bit, falls in an outage. The queue is served as
    /// usual, so packets sent after the outage get through.
    #[default]
    Drop,
    /// The link pauses: a packet being sent when the outage begins finishes
    /// after it, waiting packets stay queued (the limit still applies) and
    /// packets already propagating arrive; nothing is lost to the outage.
    Hold,
}

/// A time interval `[from, to)`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IntervalSpec {
    pub from: Dur,
    pub to: Dur,
}

/// Capacity from a trace in Mahimahi's format: each entry is a delivery
/// opportunity at a millisecond timestamp (repeats: several in that
/// millisecond), each carrying up to `opportunity` bytes of queued packets;
/// a packet may span opportunities and leftovers serve the next queued one.
/// The trace repeats with a period of its last timestamp. It replaces the
/// link `rate` (the trace's mean rate is reported as the rate).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CapacityTraceSpec {
    /// The timestamps in ms, nondecreasing, the last above 0: a list, or the
    /// text of a Mahimahi trace file (one number per line) pasted as a string.
    pub ms: TraceTimes,
    /// Bytes per opportunity: an MTU, 1500 B (Mahimahi's 1504 B with the TUN header).
    #[serde(default = "default_opportunity")]
    pub opportunity: Bytes,
}

fn default_opportunity() -> Bytes {
    Bytes(1500)
}

/// Trace timestamps in milliseconds, as a list or as text.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum TraceTimes {
    List(Vec<u64>),
    /// Whitespace-separated whole numbers, e.g. a trace file's lines.
    Text(String),
}

/// A TCP connection from `from` to `to` and the application feeding it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FlowSpec {
    pub id: String,
    /// A disabled flow is not simulated (one-way versus two-way traffic).
    #[serde(default = "default_true", skip_serializing_if = "is_true")]
    #[schemars(extend("default" = true))]
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
    /// ns-2's `bug_fix_`: no second fast retransmit for duplicates of data
    /// sent before the last loss response (timeout or fast retransmit). Off,
    /// a spurious timeout's go-back-N resend draws a spurious fast
    /// retransmit, as seed 002's traces show. Tahoe, Reno and NewReno only.
    #[serde(default = "default_true")]
    pub bug_fix: bool,
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
    /// Seed 004's one-way delay estimator: one segment per round trip is
    /// marked, the receiver echoes its clock at the marked arrival, and the
    /// sender tracks the forward delay without synchronized clocks
    /// (series `owd_fwd_est`, summary `owd_fwd_est_mean_s`).
    #[serde(default)]
    pub owd_estimator: bool,
    /// Marked samples the estimator takes before choosing the initial forward
    /// delay t_0 (the paper's probing phase).
    #[serde(default = "default_owd_probes")]
    pub owd_probes: u32,
    /// Seed 004's TCP Fast Increase: in slow start, a timer of twice the
    /// estimated forward delay adds a segment when ACKs are late. Needs
    /// `owd_estimator`; not for Vegas, which grows its own way.
    #[serde(default)]
    pub fast_increase: bool,
    /// ns-2's older defaults, each true as in ns-2.35 (false gives the behaviour
    /// before the date given). `rfc2988` (ns-2 timer only; 2002/03/07): the RTO
    /// minimum applies before backoff and backoff stops at `max_rto`; false:
    /// after backoff, which stops at 64 times.
    #[serde(default = "default_true")]
    pub rfc2988: bool,
    /// ns-2's timerfix_ (2001/05/11): a new ACK restarts the retransmission
    /// timer after taking its RTT sample; false: before, with the old RTO.
    #[serde(default = "default_true")]
    pub timerfix: bool,
    /// ns-2's precisionReduce_ (2006/01/24): halving keeps cwnd's fraction;
    /// false: half of the whole window, rounded down.
    #[serde(default = "default_true")]
    pub precision_reduce: bool,
    /// ns-2's TCPSink ts_echo_bugfix_ (2003/08/13), with `timestamps`: ACKs
    /// echo TS.Recent (RFC 7323 4.3); false: the timestamp of the segment
    /// that triggered the ACK.
    #[serde(default = "default_true")]
    pub ts_echo_bugfix: bool,
    /// ns-2's updated_rttvar_ (2006/01/21; ns2 timer only). ns-2.35 binds it in
    /// Tcl but its C++ never reads it, so it changes nothing there or here.
    #[serde(default = "default_true")]
    pub updated_rttvar: bool,
}

fn default_owd_probes() -> u32 {
    3
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
            bug_fix: true,
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
            owd_estimator: false,
            owd_probes: default_owd_probes(),
            fast_increase: false,
            rfc2988: true,
            timerfix: true,
            precision_reduce: true,
            ts_echo_bugfix: true,
            updated_rttvar: true,
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
