//! A sender's settings, timers, series and counters.

use super::super::rto::RtoConfig;
use super::super::Variant;
use super::growth::VegasParams;
use crate::ids::TimerId;
use crate::record::summary::DurationStats;
use crate::record::{SeriesId, SeriesOwner, SeriesQuantity, SeriesStore};

/// Which retransmission timer to run.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RtoKind {
    /// RFC 6298.
    Rfc6298,
    /// ns-2's tick-based timer; `clock_offset` places this connection's clock
    /// within a tick (ns-2's boot_time_, which it draws at random).
    /// `rfc2988`: ns-2's rfc2988_ (its default since March 2002): the minimum
    /// applies before backoff, and backoff stops at the maximum; without it the
    /// minimum applies after backoff and backoff stops at 64.
    Ns2 { clock_offset: crate::time::SimDuration, rfc2988: bool },
}

#[derive(Clone, Debug, PartialEq)]
pub struct SenderConfig {
    pub variant: Variant,
    /// Payload bytes per segment.
    pub mss_bytes: u32,
    /// TCP/IP header bytes added on the wire, options included.
    pub header_bytes: u32,
    /// Initial cwnd in segments (RFC 3390 allows up to 4).
    pub initial_window: u32,
    /// The receiver's advertised window, in whole segments.
    pub rwnd_segments: u32,
    /// Duplicate ACKs that trigger fast retransmit (RFC 5681: 3).
    pub dupack_threshold: u32,
    /// Send one new segment on each of the first duplicate ACKs (RFC 3042;
    /// ns-2's `singledup_`, on by default there).
    pub limited_transmit: bool,
    /// ns-2's `bug_fix_` (RFC 6582's "careful" variant): no fast retransmit
    /// for duplicates of data sent before the last loss response. Off, the
    /// duplicates that a go-back-N resend draws after a spurious timeout
    /// trigger a spurious fast retransmit (seed 002). Tahoe, Reno, NewReno.
    pub bug_fix: bool,
    pub rto: RtoConfig,
    pub rto_kind: RtoKind,
    /// ECN-capable (RFC 3168): data carries ECT, ECN-echo halves the window.
    pub ecn: bool,
    /// Timestamps option (RFC 7323): an RTT sample from every new ACK.
    pub timestamps: bool,
    /// Segment 0 is a 40-byte SYN (ns-2's syn_).
    pub syn: bool,
    /// The ACK of segment 0 sets cwnd to the initial window (ns-2's delay_growth_).
    pub delay_growth: bool,
    /// cwnd starts at one segment, whatever the initial window (ns-2's
    /// set_initial_window with syn_ and delay_growth_).
    pub start_with_one: bool,
    pub vegas: VegasParams,
    /// Seed 004's one-way delay estimator: marked samples taken before t_0
    /// is chosen; `None` when off.
    pub owd_probes: Option<u32>,
    /// Seed 004's TCP Fast Increase (needs the estimator).
    pub fast_increase: bool,
    /// Space segments at the pacing rate (BBR always does).
    pub pacing: bool,
    /// Recover from losses with the SACK scoreboard and pipe (RFC 6675)
    /// whatever the variant (Sack1 always does).
    pub sack_recovery: bool,
    /// Proportional Rate Reduction (RFC 6937) sizes the sends in SACK recovery.
    pub prr: bool,
    /// HyStart++ (RFC 9406) in CUBIC's slow start.
    pub hystart: bool,
    /// ns-2's precisionReduce_: halve the window with its fraction (see `window::halved`).
    pub precision_reduce: bool,
    /// ns-2's timerfix_: restart the timer on a new ACK after its RTT sample.
    pub timerfix: bool,
}

impl SenderConfig {
    /// A plain sender (1000 B segments, 40 B headers, RFC 6298 timer) for unit tests.
    #[cfg(test)]
    pub(crate) fn for_test(variant: Variant) -> Self {
        SenderConfig {
            variant,
            mss_bytes: 1000,
            header_bytes: 40,
            initial_window: 1,
            rwnd_segments: 64,
            dupack_threshold: 3,
            limited_transmit: false,
            bug_fix: true,
            rto: RtoConfig::default(),
            rto_kind: RtoKind::Rfc6298,
            ecn: false,
            timestamps: false,
            syn: false,
            delay_growth: false,
            start_with_one: false,
            vegas: VegasParams::default(),
            owd_probes: None,
            fast_increase: false,
            pacing: false,
            sack_recovery: false,
            prr: false,
            hystart: false,
            precision_reduce: true,
            timerfix: true,
        }
    }
}

/// The sender's timers.
#[derive(Copy, Clone, Debug)]
pub struct SenderTimers {
    /// Retransmission timer.
    pub rtx: TimerId,
    /// Fast Increase's cwnd timer.
    pub cwnd: TimerId,
}

impl SenderTimers {
    /// Timer kinds, as the simulation tells them apart.
    pub const RTX_KIND: u16 = 0;
    pub const CWND_KIND: u16 = 1;
}

/// The series a sender writes.
#[derive(Clone, Copy, Debug)]
pub struct SenderSeries {
    pub cwnd: SeriesId,
    pub ssthresh: SeriesId,
    pub rtt: SeriesId,
    pub srtt: SeriesId,
    pub rto: SeriesId,
    pub fast_retransmit: SeriesId,
    pub timeout: SeriesId,
    pub ecn_echo: SeriesId,
    /// Estimated forward one-way delay of marked segments, seconds (seed 004).
    pub owd_fwd_est: SeriesId,
    /// Half of each RTT sample, the naive forward-delay guess the estimator
    /// is compared with (recorded when the estimator is on).
    pub rtt_half: SeriesId,
    /// A paced sender's pacing rate, bit/s on the wire (BBR: gain x bandwidth).
    pub pacing_rate: Option<SeriesId>,
    /// BBR's bottleneck bandwidth estimate, bit/s on the wire, and min-RTT estimate, s.
    pub btl_bw: Option<SeriesId>,
    pub min_rtt: Option<SeriesId>,
}

impl SenderSeries {
    /// Series 0 to 9, for unit tests.
    #[cfg(test)]
    pub(crate) fn numbered() -> Self {
        let id = SeriesId;
        SenderSeries {
            cwnd: id(0),
            ssthresh: id(1),
            rtt: id(2),
            srtt: id(3),
            rto: id(4),
            fast_retransmit: id(5),
            timeout: id(6),
            ecn_echo: id(7),
            owd_fwd_est: id(8),
            rtt_half: id(9),
            pacing_rate: Some(id(10)),
            btl_bw: Some(id(11)),
            min_rtt: Some(id(12)),
        }
    }

    /// Registers a sender's series under `owner` (a flow, or a split proxy's second leg).
    pub fn register(store: &mut SeriesStore, owner: SeriesOwner) -> Self {
        let mut reg = |q| store.register(owner, q);
        SenderSeries {
            cwnd: reg(SeriesQuantity::Cwnd),
            ssthresh: reg(SeriesQuantity::Ssthresh),
            rtt: reg(SeriesQuantity::Rtt),
            srtt: reg(SeriesQuantity::Srtt),
            rto: reg(SeriesQuantity::Rto),
            fast_retransmit: reg(SeriesQuantity::FastRetransmit),
            timeout: reg(SeriesQuantity::Timeout),
            ecn_echo: reg(SeriesQuantity::EcnEcho),
            owd_fwd_est: reg(SeriesQuantity::OwdFwdEst),
            rtt_half: reg(SeriesQuantity::RttHalf),
            pacing_rate: None,
            btl_bw: None,
            min_rtt: None,
        }
    }

    /// Registers a sender's series, with the pacing and path-model series
    /// when `cfg` paces or runs BBR.
    pub fn register_for(store: &mut SeriesStore, owner: SeriesOwner, cfg: &SenderConfig) -> Self {
        let mut s = Self::register(store, owner);
        let bbr = cfg.variant == Variant::Bbr;
        if cfg.pacing || bbr {
            s.pacing_rate = Some(store.register(owner, SeriesQuantity::PacingRate));
        }
        if bbr {
            s.btl_bw = Some(store.register(owner, SeriesQuantity::BtlBw));
            s.min_rtt = Some(store.register(owner, SeriesQuantity::MinRtt));
        }
        s
    }
}

#[derive(Clone, Copy, Debug, Default)]
pub struct SenderStats {
    /// Data segments sent, retransmissions included.
    pub sent_packets: u64,
    pub retransmits: u64,
    pub timeouts: u64,
    pub fast_retransmits: u64,
    /// Window halvings in answer to ECN-echo.
    pub ecn_reductions: u64,
    /// RTT samples.
    pub rtt: DurationStats,
    /// Estimated forward one-way delays (seed 004).
    pub owd_fwd_est: DurationStats,
    /// Zero-window probes sent (RFC 9293 3.8.6.1).
    pub zero_window_probes: u64,
}

