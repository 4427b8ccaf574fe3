//! The per-flow and per-link summary of a run (the CLI's JSON contract).

use schemars::JsonSchema;
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
    pub flows: Vec<FlowSummary>,
    pub links: Vec<LinkSummary>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct FlowSummary {
    pub id: String,
    /// TCP variant of the sender.
    pub variant: String,
    /// In-order application bytes delivered x 8 / measured seconds (from the
    /// flow's start to the end of the run).
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
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct LinkSummary {
    /// Link id; one entry per direction.
    pub id: String,
    /// `forward` (from `a` to `b`) or `reverse`.
    pub direction: String,
    pub from: String,
    pub to: String,
    /// Packets refused by a full queue.
    pub drops: u64,
    /// Packets lost to the error model.
    pub corrupted: u64,
    /// Most packets held at once (waiting plus the one being sent).
    pub queue_max_pkts: u32,
    /// Packets that entered the channel's queue.
    pub packets: u64,
    /// Fraction of the run the channel spent transmitting.
    pub utilization: f64,
}

/// Running mean and variance (Welford), for delays.
#[derive(Clone, Copy, Debug, Default)]
pub struct Moments {
    n: u64,
    mean: f64,
    m2: f64,
}

impl Moments {
    pub fn add(&mut self, x: f64) {
        self.n += 1;
        let d = x - self.mean;
        self.mean += d / self.n as f64;
        self.m2 += d * (x - self.mean);
    }
    pub fn count(&self) -> u64 {
        self.n
    }
    pub fn mean(&self) -> Option<f64> {
        (self.n > 0).then_some(self.mean)
    }
    /// Population standard deviation.
    pub fn std(&self) -> Option<f64> {
        (self.n > 0).then(|| (self.m2 / self.n as f64).sqrt())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moments_of_a_known_sample() {
        let mut m = Moments::default();
        for x in [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0] {
            m.add(x);
        }
        assert_eq!(m.mean(), Some(5.0));
        assert_eq!(m.std(), Some(2.0));
        assert_eq!(Moments::default().mean(), None);
    }
}
