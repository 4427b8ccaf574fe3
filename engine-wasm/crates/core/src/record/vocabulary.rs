//! The trace's vocabulary for other languages: packet kinds, fates and flag
//! bits with their numbers. The web app's TypeScript constants are generated
//! from it (`npm run gen:types`), so a fate or flag added to the engine
//! reaches the interface without a hand-kept copy falling behind.

use super::Fate;
use crate::packet::{flags, PacketKind};
use serde::Serialize;

/// One named value of a trace column.
#[derive(Clone, Debug, Serialize)]
pub struct Term {
    /// The name in the web app (camelCase).
    pub name: &'static str,
    /// The column's value (kind, fate) or bit mask (flags).
    pub value: u16,
    pub doc: &'static str,
}

#[derive(Clone, Debug, Serialize)]
pub struct TraceVocabulary {
    pub kinds: Vec<Term>,
    pub fates: Vec<Term>,
    pub flags: Vec<Term>,
}

const KINDS: [PacketKind; 3] = [PacketKind::Data, PacketKind::Ack, PacketKind::Datagram];
const FATES: [Fate; 4] = [Fate::Delivered, Fate::QueueDrop, Fate::Corrupted, Fate::Filtered];

fn kind(k: PacketKind) -> Term {
    // Exhaustive: a new kind does not compile until it is named here (and in KINDS).
    let (name, doc) = match k {
        PacketKind::Data => ("data", "A TCP segment with payload."),
        PacketKind::Ack => ("ack", "A pure TCP acknowledgement."),
        PacketKind::Datagram => ("datagram", "A UDP datagram (constant-bit-rate traffic)."),
    };
    Term { name, value: k as u16, doc }
}

fn fate(f: Fate) -> Term {
    let (name, doc) = match f {
        Fate::Delivered => ("delivered", "Crossed the channel and reached the far node."),
        Fate::QueueDrop => ("dropped", "Refused by a full queue (never transmitted)."),
        Fate::Corrupted => ("corrupted", "Transmitted but corrupted by the error model; discarded on arrival."),
        Fate::Filtered => ("filtered", "Removed from the queue by ACK filtering (a newer ACK superseded it)."),
    };
    Term { name, value: f as u16, doc }
}

/// Every flag bit a trace record can carry (`CORRUPTED` never reaches the trace).
const FLAGS: [(&str, u16, &str); 12] = [
    ("retransmission", flags::RETRANSMIT, "A data segment sent before (a retransmission)."),
    ("ect", flags::ECT, "ECN-capable transport (RFC 3168 ECT codepoint)."),
    ("ce", flags::CE, "Congestion experienced: marked by a router's queue (RFC 3168 CE)."),
    ("ece", flags::ECE, "ECN-echo: an ACK telling the sender a CE mark arrived."),
    ("cwr", flags::CWR, "Congestion window reduced: the sender answered an ECN-echo."),
    ("spoofed", flags::SPOOFED, "Made by a middlebox on an endpoint's behalf (a split proxy's early ACK)."),
    ("localRetransmission", flags::LOCAL_RETRANSMIT, "Resent from a middlebox's cache (Snoop's local retransmission)."),
    ("marked", flags::MARKED, "Marked for the one-way delay estimator."),
    ("syn", flags::SYN, "ns-2's SYN: segment 0 without payload."),
    ("timeoutRetransmission", flags::TIMEOUT_RETRANSMIT, "The first segment resent after a timeout (spurious if the receiver already had it)."),
    ("fragmented", flags::FRAGMENTED, "Sent in fragments over a link whose MTU it exceeded."),
    ("window", flags::WINDOW, "An ACK advertising a receive window."),
];

pub fn trace_vocabulary() -> TraceVocabulary {
    TraceVocabulary {
        kinds: KINDS.into_iter().map(kind).collect(),
        fates: FATES.into_iter().map(fate).collect(),
        flags: FLAGS.iter().map(|&(name, value, doc)| Term { name, value, doc }).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_distinct_and_flags_are_single_bits() {
        let v = trace_vocabulary();
        for terms in [&v.kinds, &v.fates] {
            let values: Vec<u16> = terms.iter().map(|t| t.value).collect();
            assert_eq!(values, (0..values.len() as u16).collect::<Vec<_>>(), "dense 0..n, in order");
        }
        let mut all = 0u16;
        for f in &v.flags {
            assert_eq!(f.value.count_ones(), 1, "{}", f.name);
            assert_eq!(all & f.value, 0, "{} reuses a bit", f.name);
            all |= f.value;
        }
        assert_eq!(all & flags::CORRUPTED, 0, "CORRUPTED never reaches the trace");
    }

    #[test]
    fn the_filtered_fate_is_named() {
        let v = trace_vocabulary();
        assert!(v.fates.iter().any(|t| t.name == "filtered" && t.value == Fate::Filtered as u16));
    }
}
