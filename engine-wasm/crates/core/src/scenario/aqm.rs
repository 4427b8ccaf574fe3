//! The settings of the CoDel, FQ-CoDel and PIE queues (`queue.codel`,
//! `queue.fq_codel`, `queue.pie`), their defaults (RFC 8289, 8290 and 8033,
//! as ns-3 sets them) and their checks.

use super::model::{QueueKind, QueueSpec};
use super::check::{dur, Checker};
use super::units::{Bytes, Dur};
use crate::net::aqm::AqmConfig;
use crate::net::channel::QueueLimit;
use crate::net::codel::CoDelParams;
use crate::net::fq_codel::FqCoDelParams;
use crate::net::pie::PieParams;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

const MS: u64 = 1_000_000;

/// The MTU CoDel's "one packet waiting" test and FQ-CoDel's quantum assume
/// without a link `mtu`: Linux's for Ethernet (1500 B plus its 14 B header,
/// RFC 8290 section 5.2.1).
pub const DEFAULT_MTU_BYTES: u64 = 1514;

fn ms(v: u64) -> Dur {
    Dur(v * MS)
}
fn default_target() -> Dur {
    ms(5)
}
fn default_interval() -> Dur {
    ms(100)
}

/// CoDel (RFC 8289): drops as packets leave once their sojourn time has
/// stayed above `target` for an `interval`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CoDelSpec {
    /// Acceptable standing queue delay: 5ms.
    #[serde(default = "default_target")]
    pub target: Dur,
    /// How long the delay must stay above target before dropping: 100ms.
    #[serde(default = "default_interval")]
    pub interval: Dur,
    /// Mark ECN-capable packets Congestion Experienced instead of dropping
    /// them (off, as ns-3's CoDel).
    #[serde(default)]
    pub ecn: bool,
}

impl Default for CoDelSpec {
    fn default() -> Self {
        CoDelSpec { target: default_target(), interval: default_interval(), ecn: false }
    }
}

fn default_flows() -> u32 {
    1024
}
fn default_quantum() -> Bytes {
    Bytes(DEFAULT_MTU_BYTES)
}
fn default_drop_batch() -> u32 {
    64
}
fn default_true() -> bool {
    true
}

/// FQ-CoDel (RFC 8290): flows hashed into queues served by deficit round
/// robin, each queue with its own CoDel.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FqCoDelSpec {
    /// Each queue's CoDel target: 5ms.
    #[serde(default = "default_target")]
    pub target: Dur,
    /// Each queue's CoDel interval: 100ms.
    #[serde(default = "default_interval")]
    pub interval: Dur,
    /// Mark ECN-capable packets instead of dropping (on, as ns-3 and Linux).
    #[serde(default = "default_true")]
    pub ecn: bool,
    /// Number of flow queues: 1024.
    #[serde(default = "default_flows")]
    pub flows: u32,
    /// Bytes each queue may send per round: one MTU, 1514B (Linux's default
    /// for Ethernet, 1500 B plus the 14 B header).
    #[serde(default = "default_quantum")]
    pub quantum: Bytes,
    /// Most packets dropped from the fattest queue when the limit is hit: 64.
    #[serde(default = "default_drop_batch")]
    pub drop_batch: u32,
}

impl Default for FqCoDelSpec {
    fn default() -> Self {
        FqCoDelSpec {
            target: default_target(),
            interval: default_interval(),
            ecn: true,
            flows: default_flows(),
            quantum: default_quantum(),
            drop_batch: default_drop_batch(),
        }
    }
}

fn default_pie_delay() -> Dur {
    ms(15)
}
fn default_max_burst() -> Dur {
    ms(150)
}
fn default_alpha() -> f64 {
    0.125
}
fn default_beta() -> f64 {
    1.25
}
fn default_mean_pktsize() -> Bytes {
    Bytes(1000)
}

/// PIE (RFC 8033): drops arrivals with a probability a PI controller steers
/// to keep the queueing delay at `target`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PieSpec {
    /// Reference queueing delay (QDELAY_REF): 15ms.
    #[serde(default = "default_pie_delay")]
    pub target: Dur,
    /// How often the drop probability is updated (T_UPDATE): 15ms.
    #[serde(default = "default_pie_delay")]
    pub t_update: Dur,
    /// Burst allowance (MAX_BURST): 150ms.
    #[serde(default = "default_max_burst")]
    pub max_burst: Dur,
    /// Weight of the delay's distance from target, per second: 0.125.
    #[serde(default = "default_alpha")]
    pub alpha: f64,
    /// Weight of the delay's change, per second: 1.25.
    #[serde(default = "default_beta")]
    pub beta: f64,
    /// Mark ECN-capable packets instead of dropping while the probability is
    /// under 10% (off, as ns-3).
    #[serde(default)]
    pub ecn: bool,
    /// Packet size a byte-limited queue scales drop probabilities by: 1000B (ns-3).
    #[serde(default = "default_mean_pktsize")]
    pub mean_pktsize: Bytes,
}

impl Default for PieSpec {
    fn default() -> Self {
        PieSpec {
            target: default_pie_delay(),
            t_update: default_pie_delay(),
            max_burst: default_max_burst(),
            alpha: default_alpha(),
            beta: default_beta(),
            ecn: false,
            mean_pktsize: default_mean_pktsize(),
        }
    }
}

/// A delay setting above 0 and at most 10 s.
fn check_delay(ck: &mut Checker, path: String, d: Dur) {
    ck.range(&path, d, Dur(1), Dur(10_000 * MS), &dur);
}

/// The discipline of queue `q` at path `base`, or `None` for DropTail and
/// RED; `mtu` is the channel's, if it has one.
#[inline(never)]
pub(super) fn resolve(ck: &mut Checker, base: &str, q: &QueueSpec, limit: QueueLimit, mtu: Option<u64>) -> Option<AqmConfig> {
    if !matches!(q.kind, QueueKind::Codel | QueueKind::FqCodel | QueueKind::Pie) {
        return None;
    }
    for (set, field) in [(q.acks_first, "acks_first"), (q.filter_acks, "filter_acks")] {
        if set {
            ck.fail(format!("{base}.{field}"), "reorders a queue that CoDel, FQ-CoDel and PIE serve in their own order", "false, or kind droptail or red");
        }
    }
    let max_packet = mtu.unwrap_or(DEFAULT_MTU_BYTES).min(DEFAULT_MTU_BYTES);
    let codel = |ck: &mut Checker, path: &str, target: Dur, interval: Dur, ecn: bool| {
        check_delay(ck, format!("{path}.target"), target);
        check_delay(ck, format!("{path}.interval"), interval);
        CoDelParams { target: target.duration(), interval: interval.duration(), max_packet, ecn }
    };
    Some(match q.kind {
        QueueKind::Codel => {
            let s = q.codel.clone().unwrap_or_default();
            AqmConfig::CoDel(codel(ck, &format!("{base}.codel"), s.target, s.interval, s.ecn))
        }
        QueueKind::FqCodel => {
            let s = q.fq_codel.clone().unwrap_or_default();
            let path = format!("{base}.fq_codel");
            ck.range(&format!("{path}.flows"), s.flows, 1, 65_536, &|v| v.to_string());
            ck.range(&format!("{path}.quantum"), s.quantum, Bytes(64), Bytes(65_535), &|b| b.to_string());
            ck.range(&format!("{path}.drop_batch"), s.drop_batch, 1, 10_000, &|v| v.to_string());
            AqmConfig::FqCoDel(FqCoDelParams {
                codel: codel(ck, &path, s.target, s.interval, s.ecn),
                flows: s.flows.clamp(1, 65_536),
                quantum: s.quantum.0.clamp(64, 65_535) as u32,
                drop_batch: s.drop_batch.clamp(1, 10_000),
            })
        }
        _ => {
            let s = q.pie.clone().unwrap_or_default();
            let path = format!("{base}.pie");
            check_delay(ck, format!("{path}.target"), s.target);
            ck.range(&format!("{path}.t_update"), s.t_update, ms(1), ms(1000), &dur);
            ck.range(&format!("{path}.max_burst"), s.max_burst, Dur(0), ms(10_000), &dur);
            for (v, field) in [(s.alpha, "alpha"), (s.beta, "beta")] {
                if !(0.0..=2.0).contains(&v) {
                    ck.fail(format!("{path}.{field}"), format!("{v} is out of range"), "0 to 2 (RFC 8033 section 4.2)");
                }
            }
            ck.range(&format!("{path}.mean_pktsize"), s.mean_pktsize, Bytes(1), Bytes(65_535), &|b| b.to_string());
            AqmConfig::Pie(PieParams {
                target: s.target.duration(),
                t_update: s.t_update.duration().max(crate::time::SimDuration::from_millis(1)),
                max_burst: s.max_burst.duration(),
                alpha: s.alpha,
                beta: s.beta,
                mean_pkt_bytes: s.mean_pktsize.0.clamp(1, 65_535) as u32,
                bytes: matches!(limit, QueueLimit::Bytes(_)),
                ecn: s.ecn,
            })
        }
    })
}

#[cfg(test)]
mod tests {
    fn errors(sets: &[&str]) -> Vec<String> {
        crate::scenario::load_errors(crate::scenario::TWO_NODES, sets)
    }

    #[test]
    fn each_kind_is_valid_with_its_defaults() {
        for kind in ["codel", "fq_codel", "pie"] {
            assert!(errors(&[&format!("links.ab.queue.kind={kind}")]).is_empty(), "{kind}");
        }
    }

    #[test]
    fn out_of_range_settings_name_the_field_and_the_range() {
        assert_eq!(
            errors(&["links.ab.queue.kind=codel", "links.ab.queue.codel.target=0s"]),
            vec!["links.ab.queue.codel.target: 0s is out of range (allowed: 1ns to 10s)"]
        );
        assert_eq!(
            errors(&["links.ab.queue.kind=fq_codel", "links.ab.queue.fq_codel.flows=0"]),
            vec!["links.ab.queue.fq_codel.flows: 0 is out of range (allowed: 1 to 65536)"]
        );
        assert_eq!(
            errors(&["links.ab.queue.kind=fq_codel", "links.ab.queue.fq_codel.quantum=10B"]),
            vec!["links.ab.queue.fq_codel.quantum: 10B is out of range (allowed: 64B to 65535B)"]
        );
        assert_eq!(
            errors(&["links.ab.queue.kind=pie", "links.ab.queue.pie.alpha=3"]),
            vec!["links.ab.queue.pie.alpha: 3 is out of range (allowed: 0 to 2 (RFC 8033 section 4.2))"]
        );
        assert_eq!(
            errors(&["links.ab.queue.kind=pie", "links.ab.queue.pie.t_update=0s"]),
            vec!["links.ab.queue.pie.t_update: 0s is out of range (allowed: 1ms to 1s)"]
        );
    }

    #[test]
    fn ack_reordering_is_refused_on_an_aqm_queue() {
        assert_eq!(
            errors(&["links.ab.queue.kind=pie", "links.ab.queue.acks_first=true"]),
            vec!["links.ab.queue.acks_first: reorders a queue that CoDel, FQ-CoDel and PIE serve in their own order (allowed: false, or kind droptail or red)"]
        );
    }

    #[test]
    fn settings_of_another_kind_are_ignored_so_a_knob_can_switch_kinds() {
        assert!(errors(&["links.ab.queue.kind=droptail", "links.ab.queue.pie.alpha=0.5"]).is_empty());
    }
}
