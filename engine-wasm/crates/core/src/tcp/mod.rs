//! TCP as ns-2's one-way agents model it: windows and sequence numbers in
//! segments, a sender that is a growth policy plus a loss-recovery policy
//! plus an RFC 6298 timer, and receivers that ACK every segment or delay.

pub mod owd;
pub mod reassembly;
pub mod rto;
pub mod rto_ns2;
pub mod sack_blocks;
pub mod scoreboard;
pub mod sender;
pub mod sink;
pub mod window;

pub use rto::{RtoConfig, RtoEstimator, RtoTimer};
pub use sender::{GrowthMetrics, RtoKind, SenderConfig, SenderSeries, SenderStats, SenderTimers, TcpSender, VegasParams};
pub use sink::{SinkConfig, SinkSeries, SinkStats, TcpSink};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// TCP sender variants, named as in ns-2.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    /// Slow start, congestion avoidance and fast retransmit, after which it
    /// slow-starts from one segment (4.3BSD-Tahoe; ns-2 Agent/TCP).
    Tahoe,
    /// Tahoe plus fast recovery: halve the window and inflate it by the
    /// duplicate ACKs (RFC 5681; ns-2 Agent/TCP/Reno).
    Reno,
    /// Reno that stays in recovery through partial ACKs, resending one hole
    /// per ACK (RFC 6582; ns-2 Agent/TCP/Newreno).
    NewReno,
    /// Recovery driven by SACK blocks: a scoreboard and a pipe estimate
    /// (RFC 2018, RFC 6675; ns-2 Agent/TCP/Sack1). Needs a SACK receiver.
    Sack1,
    /// Forward acknowledgement: the forward-most SACKed segment bounds the
    /// data in flight (Mathis and Mahdavi 1996; ns-2 Agent/TCP/Fack).
    Fack,
    /// Delay-based congestion avoidance: keep between alpha and beta segments
    /// queued (Brakmo and Peterson 1995; ns-2 Agent/TCP/Vegas).
    Vegas,
    /// A cubic function of the time since the last loss, Reno-friendly on
    /// short paths (RFC 9438; Linux's default). Recovers as NewReno, or with
    /// SACK and PRR when `sack_recovery` / `prr` are on.
    Cubic,
    /// A model of the path, bottleneck bandwidth and min RTT, paced at its
    /// estimate (BBR v1, Cardwell et al. 2016). Recovers as CUBIC does.
    Bbr,
}

impl Variant {
    pub const ALL: [Variant; 8] = [
        Variant::Tahoe,
        Variant::Reno,
        Variant::NewReno,
        Variant::Sack1,
        Variant::Fack,
        Variant::Vegas,
        Variant::Cubic,
        Variant::Bbr,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Variant::Tahoe => "tahoe",
            Variant::Reno => "reno",
            Variant::NewReno => "newreno",
            Variant::Sack1 => "sack1",
            Variant::Fack => "fack",
            Variant::Vegas => "vegas",
            Variant::Cubic => "cubic",
            Variant::Bbr => "bbr",
        }
    }
}
