//! Links: rates, delays, queues and their disciplines, errors, outages, MTU
//! and capacity traces, per link and per direction.

use super::default_true;
use crate::scenario::aqm::{CoDelSpec, FqCoDelSpec, PieSpec};
use crate::scenario::units::{Bytes, Dur, QueueCapacity, Rate};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

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
    pub codel: Option<CoDelSpec>,
    /// FQ-CoDel's settings, used when `kind` is "fq_codel" (RFC 8290's defaults when unset).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fq_codel: Option<FqCoDelSpec>,
    /// PIE's settings, used when `kind` is "pie" (RFC 8033's defaults when unset).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pie: Option<PieSpec>,
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
    /// Packets to lose by position, as ns-2's `ErrorModel/List`: indices
    /// (from 0, strictly increasing) among the packets this channel sends.
    /// With the same list in ns-2, both simulators lose the same packets.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub drop_list: Vec<u64>,
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
