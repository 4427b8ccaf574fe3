//! The per-flow and per-link summary of a run (the CLI's JSON contract).

use schemars::JsonSchema;
use crate::topo::Direction;
use crate::time::SimDuration;
use serde::{Deserialize, Serialize};

/// Everything `ackscope run --format json` prints.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Summary {
    /// Scenario id.
    pub scenario: String,
    pub seed: u64,
    /// Simulated seconds.
    pub duration_s: f64,
    /// Events processed.
    pub events: u64,
    /// Fingerprint of the run: equal for equal scenario and seed, on every platform.
    pub digest: String,
    /// The measurement window `[from, to)` in seconds, when the scenario sets one;
    /// otherwise rates are over each flow's start to the end of the run.
    pub measure_s: Option<(f64, f64)>,
    pub flows: Vec<FlowSummary>,
    pub links: Vec<LinkSummary>,
    /// One entry per middlebox, in scenario order (absent when there are none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub middleboxes: Vec<MiddleboxSummary>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct FlowSummary {
    pub id: String,
    /// TCP variant of the sender.
    pub variant: String,
    /// In-order application bytes delivered x 8 / measured seconds (over the
    /// measurement window, or from the flow's start to the end of the run).
    pub goodput_bps: f64,
    /// Payload bytes of every data segment that reached the receiver,
    /// duplicates included, x 8 / measured seconds.
    pub throughput_bps: f64,
    /// In-order application bytes delivered.
    pub delivered_bytes: u64,
    /// Data segments sent, retransmissions included.
    pub sent_packets: u64,
    /// Data segments sent again.
    pub retransmits: u64,
    /// Retransmission timeouts.
    pub timeouts: u64,
    /// Retransmitted segments the receiver already had.
    pub spurious_retransmits: u64,
    /// Timeouts whose first retransmission the receiver already had (seed 002).
    pub spurious_timeouts: u64,
    /// Mean of the sender's RTT samples, in seconds (null without samples).
    pub rtt_mean_s: Option<f64>,
    /// True one-way delay of data segments, sender to receiver: mean, seconds.
    pub owd_fwd_mean_s: Option<f64>,
    /// ... and its standard deviation.
    pub owd_fwd_std_s: Option<f64>,
    /// Estimated forward delay (seed 004's estimator): mean; null when off.
    pub owd_fwd_est_mean_s: Option<f64>,
    /// ... and its standard deviation.
    pub owd_fwd_est_std_s: Option<f64>,
    /// True forward delay of every marked segment (the estimator's samples,
    /// and the probes before its first estimate): mean; null when it is off.
    pub owd_fwd_marked_mean_s: Option<f64>,
    /// ... and its standard deviation.
    pub owd_fwd_marked_std_s: Option<f64>,
    /// A finite file: seconds from the flow's start until the receiver held
    /// the whole file in order; null for endless or unfinished transfers.
    pub completion_s: Option<f64>,
    /// A finished file: its size over its completion time, bit/s (seed 001's
    /// throughput against file size).
    pub file_goodput_bps: Option<f64>,
    /// UDP: datagrams missing below the highest one received; null for TCP.
    pub lost_packets: Option<u64>,
    /// UDP: shortest time between two arrivals at the receiver, seconds.
    pub inter_arrival_min_s: Option<f64>,
    /// UDP: mean time between arrivals, seconds.
    pub inter_arrival_mean_s: Option<f64>,
    /// UDP: longest time between arrivals, seconds.
    pub inter_arrival_max_s: Option<f64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct LinkSummary {
    /// Link id; one entry per direction.
    pub id: String,
    /// `forward` (from the link's `a` to its `b`) or `reverse`.
    pub direction: Direction,
    pub from: String,
    pub to: String,
    /// Packets refused by the queue: full, RED's or an AQM's drops, or a full shared buffer.
    pub drops: u64,
    /// RED's random (early) drops and CoDel's and PIE's control-law drops, counted in `drops` too.
    pub early_drops: u64,
    /// Packets RED or an AQM marked Congestion Experienced (ECN) instead of dropping.
    pub marks: u64,
    /// Packets lost to the error model (bit errors, bursts), after link-layer retries.
    pub corrupted: u64,
    /// Packets lost to `drop` outages.
    pub outage_losses: u64,
    /// Link-layer (ARQ) retransmissions.
    pub arq_retries: u64,
    /// Fragments sent for packets larger than the MTU.
    pub fragments: u64,
    /// Most packets held at once (waiting plus the one being sent).
    pub queue_max_pkts: u32,
    /// Most bytes held at once.
    pub queue_max_bytes: u64,
    /// Packets that entered the channel's queue.
    pub packets: u64,
    /// Fraction of the run the channel spent transmitting (with a capacity
    /// trace: of the bytes the trace offered, the share carried).
    pub utilization: f64,
}

/// What a middlebox did; fields that do not apply to its kind are null.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct MiddleboxSummary {
    pub id: String,
    /// `snoop`, `split` or `mtcp`.
    pub kind: String,
    /// The node it sits on.
    pub node: String,
    /// Snoop: segments resent from its cache.
    pub local_retransmits: Option<u64>,
    /// Snoop: duplicate ACKs kept from the senders.
    pub suppressed_dupacks: Option<u64>,
    /// Snoop: most segments cached at once (all flows).
    pub cache_max_packets: Option<u64>,
    /// Split proxy: ACKs sent to the senders in the receivers' name.
    pub spoofed_acks: Option<u64>,
    /// Split proxy: most bytes held at once (all flows).
    pub buffer_max_bytes: Option<u64>,
    /// Split proxy: segments its second legs sent again.
    pub leg2_retransmits: Option<u64>,
    /// Split proxy: retransmission timeouts of its second legs.
    pub leg2_timeouts: Option<u64>,
    /// Split proxy: segments the real receivers got again (needlessly resent
    /// by the second legs; the flows' own counters are the first legs').
    pub leg2_spurious_retransmits: Option<u64>,
    /// Split proxy: the second legs' timeouts that proved spurious.
    pub leg2_spurious_timeouts: Option<u64>,
    /// Split proxy: bytes each connection may hold; null when unlimited.
    pub buffer_limit_bytes: Option<u64>,
    /// M-TCP: zero-window ACKs sent to freeze the senders.
    pub freezes: Option<u64>,
    /// M-TCP: packets lost while the mobile was disconnected.
    pub disconnected_drops: Option<u64>,
}

impl MiddleboxSummary {
    pub fn new(id: &str, node: &str) -> Self {
        MiddleboxSummary { id: id.to_string(), node: node.to_string(), ..Default::default() }
    }
}

/// Mean and spread of a set of durations, summed exactly in integer
/// nanoseconds: cheap per sample, and the same on every platform.
#[derive(Clone, Copy, Debug, Default)]
pub struct DurationStats {
    n: u64,
    sum_ns: i128,
    sum_sq_ns: u128,
}

impl DurationStats {
    #[inline]
    pub fn add(&mut self, d: SimDuration) {
        self.add_ns(d.as_nanos() as i64);
    }
    /// A signed value in ns (an estimate may fall below zero).
    #[inline]
    pub fn add_ns(&mut self, x: i64) {
        self.n += 1;
        self.sum_ns += x as i128;
        self.sum_sq_ns += (x as i128 * x as i128) as u128;
    }
    pub fn count(&self) -> u64 {
        self.n
    }
    /// Mean in seconds.
    pub fn mean_s(&self) -> Option<f64> {
        (self.n > 0).then(|| self.sum_ns as f64 / self.n as f64 / 1e9)
    }
    /// Population standard deviation in seconds.
    pub fn std_s(&self) -> Option<f64> {
        (self.n > 0).then(|| {
            let n = self.n as u128;
            // n^2 var = n sum(x^2) - (sum x)^2, exact in integers.
            let n2_var = n * self.sum_sq_ns - (self.sum_ns * self.sum_ns) as u128;
            (n2_var as f64).sqrt() / self.n as f64 / 1e9
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stats_of_a_known_sample() {
        let mut m = DurationStats::default();
        for x in [2, 4, 4, 4, 5, 5, 7, 9] {
            m.add(SimDuration::from_secs(x));
        }
        assert_eq!(m.mean_s(), Some(5.0));
        assert_eq!(m.std_s(), Some(2.0));
        assert_eq!(DurationStats::default().mean_s(), None);
    }
}
