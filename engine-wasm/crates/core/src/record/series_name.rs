//! What names a series: its owner (a flow, a link direction, a node, a
//! middlebox, or a middlebox's own connection for a flow) and its quantity.
//! Both are typed here and written out as the dotted names the web app, the
//! CSV export and saved URLs use (`flows.ftp.cwnd`,
//! `links.bottleneck.forward.queue`); `npm run gen:types` hands the list to
//! TypeScript, so a quantity added here reaches the plots' tables as a type
//! error until it has a colour and a place.

use super::SeriesStyle;
use crate::topo::Direction;
use schemars::JsonSchema;
use serde::Serialize;
use std::fmt;

/// What a series measures. Its name is the last part of the series name.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SeriesQuantity {
    /// Congestion window, segments (Reno's inflation included).
    Cwnd,
    /// Slow-start threshold, segments.
    Ssthresh,
    /// Each RTT sample, s.
    Rtt,
    /// Smoothed RTT (RFC 6298), s.
    Srtt,
    /// Retransmission timeout, s.
    Rto,
    /// A fast retransmit, valued by a sequence number (the segment resent).
    FastRetransmit,
    /// A retransmission timeout, valued by a sequence number (the segment resent).
    Timeout,
    /// An ECN-echo the sender answered, valued by the ACK's sequence number.
    EcnEcho,
    /// Estimated forward one-way delay of marked segments, s (seed 004).
    OwdFwdEst,
    /// Half of each RTT sample, the naive forward-delay guess, s.
    RttHalf,
    /// A paced sender's pacing rate, bit/s on the wire.
    PacingRate,
    /// BBR's bottleneck bandwidth estimate, bit/s on the wire.
    BtlBw,
    /// BBR's min-RTT estimate, s.
    MinRtt,
    /// Bytes delivered to the application so far (in order, over TCP).
    Delivered,
    /// True one-way delay of each arriving data segment or datagram, s.
    OwdFwd,
    /// A timeout's retransmission that had already arrived, valued by its segment.
    SpuriousTimeout,
    /// Packets a channel's queue holds.
    Queue,
    /// RED's average queue, in packets or bytes as RED measures it.
    RedAvg,
    /// An outage of a link direction or an M-TCP disconnection, valued by its length, s.
    Outage,
    /// Sojourn time of each packet leaving a CoDel, FQ-CoDel or PIE queue, s.
    Sojourn,
    /// An AQM's drop, valued by the packet's time in the queue, s.
    AqmDrop,
    /// An AQM's ECN mark, valued by the packet's time in the queue, s.
    AqmMark,
    /// PIE's drop probability.
    PieProb,
    /// Packets a Snoop agent caches, all its connections together.
    SnoopCache,
    /// Bytes a split proxy holds, all its connections together.
    ProxyBuffer,
    /// What a split proxy's buffer may hold, all its connections together.
    ProxyBufferLimit,
}

impl SeriesQuantity {
    /// Every quantity, in the order the web app lists them.
    pub const ALL: [SeriesQuantity; 26] = {
        use SeriesQuantity::*;
        [
            Cwnd, Ssthresh, Rtt, Srtt, Rto, FastRetransmit, Timeout, EcnEcho, OwdFwdEst, RttHalf, PacingRate, BtlBw, MinRtt,
            Delivered, OwdFwd, SpuriousTimeout, Queue, RedAvg, Outage, Sojourn, AqmDrop, AqmMark, PieProb, SnoopCache,
            ProxyBuffer, ProxyBufferLimit,
        ]
    };

    /// The name in series names (the serde name).
    pub fn name(self) -> &'static str {
        use SeriesQuantity::*;
        match self {
            Cwnd => "cwnd",
            Ssthresh => "ssthresh",
            Rtt => "rtt",
            Srtt => "srtt",
            Rto => "rto",
            FastRetransmit => "fast_retransmit",
            Timeout => "timeout",
            EcnEcho => "ecn_echo",
            OwdFwdEst => "owd_fwd_est",
            RttHalf => "rtt_half",
            PacingRate => "pacing_rate",
            BtlBw => "btl_bw",
            MinRtt => "min_rtt",
            Delivered => "delivered",
            OwdFwd => "owd_fwd",
            SpuriousTimeout => "spurious_timeout",
            Queue => "queue",
            RedAvg => "red_avg",
            Outage => "outage",
            Sojourn => "sojourn",
            AqmDrop => "aqm_drop",
            AqmMark => "aqm_mark",
            PieProb => "pie_prob",
            SnoopCache => "snoop_cache",
            ProxyBuffer => "proxy_buffer",
            ProxyBufferLimit => "proxy_buffer_limit",
        }
    }

    /// Unit of the values (RED's average may be in bytes instead: see
    /// [`super::SeriesStore::register_in`]).
    pub fn unit(self) -> &'static str {
        use SeriesQuantity::*;
        match self {
            Cwnd | Ssthresh => "segments",
            Rtt | Srtt | Rto | OwdFwdEst | RttHalf | MinRtt | OwdFwd | Outage | Sojourn | AqmDrop | AqmMark => "s",
            FastRetransmit | Timeout | EcnEcho | SpuriousTimeout => "seq",
            PacingRate | BtlBw => "bps",
            Delivered | ProxyBuffer | ProxyBufferLimit => "bytes",
            Queue | RedAvg | SnoopCache => "packets",
            PieProb => "probability",
        }
    }

    pub fn style(self) -> SeriesStyle {
        use SeriesQuantity::*;
        match self {
            Rtt | OwdFwdEst | RttHalf | OwdFwd | Sojourn => SeriesStyle::Points,
            FastRetransmit | Timeout | EcnEcho | SpuriousTimeout | Outage | AqmDrop | AqmMark => SeriesStyle::Marker,
            Cwnd | Ssthresh | Srtt | Rto | PacingRate | BtlBw | MinRtt | Delivered | Queue | RedAvg | PieProb | SnoopCache
            | ProxyBuffer | ProxyBufferLimit => SeriesStyle::Step,
        }
    }
}

impl fmt::Display for SeriesQuantity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Who records a series, written as its scenario path.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SeriesOwner<'a> {
    /// A flow's sender and receiver.
    Flow(&'a str),
    /// One direction of a link: its queue, discipline and outages.
    Channel { link: &'a str, direction: Direction },
    /// A node: what its middlebox holds.
    Node(&'a str),
    /// A middlebox itself.
    Middlebox(&'a str),
    /// A middlebox's own connection for a flow (a split proxy's second leg).
    MiddleboxFlow { middlebox: &'a str, flow: &'a str },
}

/// The kinds of owner with the paths they write, for other languages:
/// `{name}` stands for an id (or the direction).
pub const OWNER_PATHS: [(&str, &str, &str); 5] = [
    ("flow", "flows.{flow}", "A flow's sender and receiver."),
    ("channel", "links.{link}.{direction}", "One direction of a link: its queue, discipline and outages."),
    ("node", "nodes.{node}", "A node: what its middlebox holds."),
    ("middlebox", "middleboxes.{middlebox}", "A middlebox itself."),
    ("middlebox_flow", "middleboxes.{middlebox}.{flow}", "A middlebox's own connection for a flow (a split proxy's second leg)."),
];

impl fmt::Display for SeriesOwner<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeriesOwner::Flow(flow) => write!(f, "flows.{flow}"),
            SeriesOwner::Channel { link, direction } => write!(f, "links.{link}.{}", direction.name()),
            SeriesOwner::Node(node) => write!(f, "nodes.{node}"),
            SeriesOwner::Middlebox(m) => write!(f, "middleboxes.{m}"),
            SeriesOwner::MiddleboxFlow { middlebox, flow } => write!(f, "middleboxes.{middlebox}.{flow}"),
        }
    }
}

/// A quantity as other languages see it.
#[derive(Clone, Debug, Serialize)]
pub struct QuantityTerm {
    pub name: &'static str,
    pub unit: &'static str,
    pub style: SeriesStyle,
}

/// A kind of owner and the path it writes.
#[derive(Clone, Debug, Serialize)]
pub struct OwnerTerm {
    pub kind: &'static str,
    pub path: &'static str,
    pub doc: &'static str,
}

/// Quantities and owner kinds for other languages; the web app's TypeScript
/// tables are generated from it (`npm run gen:types`).
#[derive(Clone, Debug, Serialize)]
pub struct SeriesVocabulary {
    pub quantities: Vec<QuantityTerm>,
    pub owners: Vec<OwnerTerm>,
}

pub fn series_vocabulary() -> SeriesVocabulary {
    SeriesVocabulary {
        quantities: SeriesQuantity::ALL.iter().map(|&q| QuantityTerm { name: q.name(), unit: q.unit(), style: q.style() }).collect(),
        owners: OWNER_PATHS.iter().map(|&(kind, path, doc)| OwnerTerm { kind, path, doc }).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_the_serde_names_and_all_lists_each_once() {
        for (i, q) in SeriesQuantity::ALL.iter().enumerate() {
            assert_eq!(serde_json::to_value(q).unwrap(), q.name(), "{q:?}");
            assert!(!SeriesQuantity::ALL[..i].contains(q), "{q:?} twice");
        }
    }

    #[test]
    fn owners_write_the_paths_their_kinds_declare() {
        let owners = [
            SeriesOwner::Flow("f"),
            SeriesOwner::Channel { link: "l", direction: Direction::Reverse },
            SeriesOwner::Node("n"),
            SeriesOwner::Middlebox("m"),
            SeriesOwner::MiddleboxFlow { middlebox: "m", flow: "f" },
        ];
        let filled = ["flows.f", "links.l.reverse", "nodes.n", "middleboxes.m", "middleboxes.m.f"];
        for ((o, (_, template, _)), path) in owners.iter().zip(OWNER_PATHS).zip(filled) {
            assert_eq!(o.to_string(), path);
            let from_template = template
                .replace("{flow}", "f")
                .replace("{link}", "l")
                .replace("{direction}", "reverse")
                .replace("{node}", "n")
                .replace("{middlebox}", "m");
            assert_eq!(from_template, path);
        }
    }
}
