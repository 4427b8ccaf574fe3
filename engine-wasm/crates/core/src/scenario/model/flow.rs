//! Flows: the TCP sender's settings, the receiver's ACK policy and the
//! application feeding them.

use super::{default_true, is_true};
use crate::scenario::units::{Bytes, Dur, Rate};
use crate::tcp::Variant;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

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
    /// Packet pacing: segments leave spaced at the pacing rate (Linux's
    /// default: 2 cwnd/srtt in slow start, 1.2 cwnd/srtt after) instead of in
    /// bursts. BBR always paces, at its own rate.
    #[serde(default)]
    pub pacing: bool,
    /// SACK-based loss recovery (RFC 6675 scoreboard and pipe) whatever the
    /// variant's own; needs `receiver.sack`. Not for FACK and Vegas.
    #[serde(default)]
    pub sack_recovery: bool,
    /// Proportional Rate Reduction (RFC 6937) paces the sends during SACK
    /// recovery (implies `sack_recovery`); needs `receiver.sack`.
    #[serde(default)]
    pub prr: bool,
    /// HyStart++ (RFC 9406): CUBIC leaves slow start when the RTT rises,
    /// before the first loss. Off by default, as in ns-3.
    #[serde(default)]
    pub hystart: bool,
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
            pacing: false,
            sack_recovery: false,
            prr: false,
            hystart: false,
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
