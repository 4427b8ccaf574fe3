//! The TCP sender: window, transmissions, ACK processing, retransmission timer.
//!
//! It follows ns-2's one-way agents, which the seed papers used, with the RFC
//! each step comes from quoted beside it: `core.rs` holds what all variants
//! share (ns-2's TcpAgent); `reno.rs` the Tahoe, Reno and NewReno loss
//! recovery; `sack.rs` Sack1's scoreboard-driven recovery. Sequence numbers
//! count segments; `snd_una`, `snd_nxt` and `snd_max` are the RFC 793 names.

mod core;
mod fack;
mod owd;
mod persist;
mod reno;
mod sack;
mod vegas;

use super::rto::{RtoConfig, RtoEstimator, RtoTimer};
use super::rto_ns2::Ns2Rto;
use super::Variant;
use crate::agent::{AgentCtx, FlowAddr};
use crate::ids::TimerId;
use crate::packet::{flags, Packet, PacketKind};
use crate::record::summary::DurationStats;
use crate::record::{SeriesId, SeriesStore, SeriesStyle};
use crate::time::SimTime;
use fack::FackRecovery;
use sack::SackRecovery;
use vegas::VegasState;
pub use vegas::VegasParams;

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
        }
    }

    /// Registers a sender's series under `owner` (e.g. `flows.<id>`).
    pub fn register(store: &mut SeriesStore, owner: &str) -> Self {
        let mut reg = |q: &str, unit: &str, style| store.register(owner, q, unit, style);
        SenderSeries {
            cwnd: reg("cwnd", "segments", SeriesStyle::Step),
            ssthresh: reg("ssthresh", "segments", SeriesStyle::Step),
            rtt: reg("rtt", "s", SeriesStyle::Points),
            srtt: reg("srtt", "s", SeriesStyle::Step),
            rto: reg("rto", "s", SeriesStyle::Step),
            fast_retransmit: reg("fast_retransmit", "seq", SeriesStyle::Marker),
            timeout: reg("timeout", "seq", SeriesStyle::Marker),
            ecn_echo: reg("ecn_echo", "seq", SeriesStyle::Marker),
            owd_fwd_est: reg("owd_fwd_est", "s", SeriesStyle::Points),
            rtt_half: reg("rtt_half", "s", SeriesStyle::Points),
        }
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

/// The last congestion response (ns-2's `last_cwnd_action_`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum LastAction {
    None,
    Dupack,
    Timeout,
    Ecn,
    /// A new ACK ended the duplicate-ACK episode.
    Exited,
}

pub struct TcpSender {
    cfg: SenderConfig,
    addr: FlowAddr,
    timers: SenderTimers,
    series: SenderSeries,
    /// Oldest unacknowledged segment (ns-2's highest_ack_ + 1).
    snd_una: u32,
    /// Next segment to send (moves back on go-back-N; ns-2's t_seqno_).
    snd_nxt: u32,
    /// One past the highest segment ever sent (ns-2's maxseq_ + 1).
    snd_max: u32,
    cwnd: f64,
    ssthresh: f64,
    dupacks: u32,
    /// Reno's inflation of the window by duplicate ACKs during fast recovery.
    dupwnd: u32,
    /// snd_max at the last loss response: one response per window of data.
    recover: Option<u32>,
    last_action: LastAction,
    /// The one segment being timed and when it left (never a retransmission: Karn).
    timed: Option<(u32, SimTime)>,
    rto: RtoTimer,
    rtx_armed: bool,
    started: bool,
    /// The next packet carries CWR (ns-2's cong_action_).
    cwr_pending: bool,
    /// ECN-echo at cwnd 1 seen once (ns-2's ecn_backoff_).
    ecn_backoff: bool,
    /// The next retransmission is the first after a timeout.
    resend_after_timeout: bool,
    /// NewReno has seen a partial ACK in this recovery (ns-2's firstpartial_).
    partial_ack_seen: bool,
    /// Sack1's scoreboard and pipe.
    sack: Option<SackRecovery>,
    /// FACK's scoreboard and forward-most ACK.
    fack: Option<FackRecovery>,
    /// Vegas's rate comparison and fine-grained timer.
    vegas: Option<VegasState>,
    /// Seed 004's marking, estimator and Fast Increase.
    owd: Option<owd::OwdSender>,
    /// Bytes the application has handed over so far (ns-2's curseq_, in
    /// bytes); `u64::MAX` for an endless transfer.
    app_bytes: u64,
    /// No more data will come: the last segment may be short.
    app_complete: bool,
    /// The window the receiver last advertised, in segments; `None` while
    /// its ACKs advertise none (ns-2's sinks).
    adv_wnd: Option<u32>,
    /// Probing a zero window (RFC 9293 3.8.6.1); the retransmission timer's
    /// slot then times the probes.
    persist: Option<persist::Persist>,
    pub stats: SenderStats,
}

impl TcpSender {
    pub fn new(cfg: SenderConfig, addr: FlowAddr, timers: SenderTimers, series: SenderSeries) -> Self {
        let rto = match cfg.rto_kind {
            RtoKind::Rfc6298 => RtoTimer::Rfc6298(RtoEstimator::new(cfg.rto)),
            RtoKind::Ns2 { clock_offset, rfc2988 } => RtoTimer::Ns2(
                Ns2Rto::new(cfg.rto.granularity, cfg.rto.min, cfg.rto.max, cfg.rto.initial, clock_offset).rfc2988(rfc2988),
            ),
        };
        TcpSender {
            snd_una: 0,
            snd_nxt: 0,
            snd_max: 0,
            cwnd: if cfg.start_with_one { 1.0 } else { cfg.initial_window as f64 },
            // RFC 5681 3.1: ssthresh starts arbitrarily high; ns-2 uses the receiver window.
            ssthresh: cfg.rwnd_segments as f64,
            dupacks: 0,
            dupwnd: 0,
            recover: None,
            last_action: LastAction::None,
            timed: None,
            rto,
            rtx_armed: false,
            started: false,
            cwr_pending: false,
            ecn_backoff: false,
            resend_after_timeout: false,
            partial_ack_seen: false,
            sack: (cfg.variant == Variant::Sack1).then(SackRecovery::default),
            fack: (cfg.variant == Variant::Fack).then(FackRecovery::default),
            vegas: (cfg.variant == Variant::Vegas).then(|| VegasState::new(cfg.vegas, cfg.rwnd_segments)),
            owd: cfg.owd_probes.map(|probes| owd::OwdSender::new(probes, cfg.fast_increase)),
            app_bytes: u64::MAX,
            app_complete: true,
            adv_wnd: None,
            persist: None,
            stats: SenderStats::default(),
            cfg,
            addr,
            timers,
            series,
        }
    }

    pub fn config(&self) -> &SenderConfig {
        &self.cfg
    }

    pub fn variant(&self) -> Variant {
        self.cfg.variant
    }

    /// The congestion window in segments, Reno's inflation included.
    pub fn cwnd(&self) -> f64 {
        self.cwnd + self.dupwnd as f64
    }

    pub fn ssthresh(&self) -> f64 {
        self.ssthresh
    }

    pub fn snd_una(&self) -> u32 {
        self.snd_una
    }

    pub fn snd_max(&self) -> u32 {
        self.snd_max
    }

    pub fn rto(&self) -> &RtoTimer {
        &self.rto
    }

    /// How much data the application has handed over: `total_bytes` so far
    /// (ns-2's curseq_); with `complete` that is all, and the last segment
    /// may be short. A sender is an endless transfer until this is called.
    pub fn set_supply(&mut self, total_bytes: u64, complete: bool) {
        self.app_bytes = total_bytes;
        self.app_complete = complete;
    }

    /// More application data arrived (a split proxy's second leg): send what
    /// the window allows now, unless loss recovery or a zero window decides.
    pub fn supply(&mut self, total_bytes: u64, complete: bool, ctx: &mut impl AgentCtx) {
        self.set_supply(total_bytes, complete);
        if !self.started {
            self.start(ctx);
        } else if self.dupacks == 0 && self.persist.is_none() {
            self.send_much(ctx, None);
        }
    }

    /// Everything the application handed over is acknowledged.
    pub fn is_done(&self) -> bool {
        self.app_complete && self.snd_una >= self.app_end()
    }

    /// Probing a zero window (RFC 9293 3.8.6.1).
    pub fn is_persisting(&self) -> bool {
        self.persist.is_some()
    }

    /// The application has data: start sending.
    pub fn start(&mut self, ctx: &mut impl AgentCtx) {
        self.started = true;
        self.record_window(ctx);
        ctx.record(self.series.rto, self.rto.rto().as_secs_f64());
        self.send_much(ctx, None);
    }

    pub fn on_packet(&mut self, pkt: &Packet, ctx: &mut impl AgentCtx) {
        debug_assert_eq!(pkt.kind, PacketKind::Ack);
        if !self.started || pkt.seq > self.snd_max {
            return;
        }
        // ECN, the delay estimator and advertised windows, in one test when all are off.
        if (self.cfg.ecn || self.owd.is_some() || pkt.has(flags::WINDOW)) && self.ack_options(pkt, ctx) {
            return;
        }
        match self.cfg.variant {
            Variant::Tahoe | Variant::Reno | Variant::NewReno => self.reno_family_ack(pkt, ctx),
            Variant::Sack1 => self.sack_ack(pkt, ctx),
            Variant::Fack => self.fack_ack(pkt, ctx),
            Variant::Vegas => self.vegas_ack(pkt, ctx),
        }
        if self.adv_wnd.is_some() {
            self.follow_window(ctx);
        }
    }

    /// What an ACK carries for the optional mechanisms; true if a window
    /// update consumed it.
    #[inline(never)]
    fn ack_options(&mut self, pkt: &Packet, ctx: &mut impl AgentCtx) -> bool {
        self.owd_on_ack(pkt, ctx);
        if self.take_window_update(pkt, ctx) {
            return true;
        }
        // ns-2 reacts to ECN-echo before anything else in the ACK.
        if self.cfg.ecn && pkt.has(flags::ECE) {
            self.on_ecn_echo(pkt.seq, ctx);
        }
        false
    }

    /// Timer `kind` (one of [`SenderTimers`]'s kinds) fired.
    pub fn on_timer(&mut self, kind: u16, ctx: &mut impl AgentCtx) {
        if kind == SenderTimers::CWND_KIND {
            return self.on_cwnd_timer(ctx);
        }
        // With a zero window the retransmission timer's slot times the probes.
        if self.persist.is_some() {
            return self.probe(ctx);
        }
        self.on_rtx_timer(ctx);
    }

    fn on_rtx_timer(&mut self, ctx: &mut impl AgentCtx) {
        self.rtx_armed = false;
        if self.snd_una == self.snd_max {
            return;
        }
        match self.cfg.variant {
            Variant::Tahoe => {}
            Variant::Reno | Variant::NewReno => {
                self.dupwnd = 0;
                self.dupacks = 0;
            }
            Variant::Sack1 => self.sack_timeout(),
            Variant::Fack => return self.fack_timeout(ctx),
            Variant::Vegas => return self.vegas_timeout(ctx),
        }
        self.owd_on_timeout(ctx);
        self.timeout_common(ctx);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::script::ScriptCtx;
    use crate::ids::{FlowId, NodeId};
    use crate::time::SimDuration;

    pub(super) const RTX: TimerId = TimerId(0);
    const CWND_TIMER: TimerId = TimerId(1);

    fn series() -> SenderSeries {
        SenderSeries::numbered()
    }

    pub(super) fn config(variant: Variant) -> SenderConfig {
        SenderConfig::for_test(variant)
    }

    pub(super) fn sender(cfg: SenderConfig) -> TcpSender {
        let addr = FlowAddr { flow: FlowId(0), local: NodeId(0), remote: NodeId(1) };
        TcpSender::new(cfg, addr, SenderTimers { rtx: RTX, cwnd: CWND_TIMER }, series())
    }

    fn ack(seq: u32) -> Packet {
        Packet::for_test(PacketKind::Ack, seq, 40)
    }

    fn seqs(pkts: &[Packet]) -> Vec<u32> {
        pkts.iter().map(|p| p.seq).collect()
    }

    /// Opens cwnd to `n` segments in slow start, with everything sent so far acknowledged.
    fn warmed_up(variant: Variant, n: u32) -> (TcpSender, ScriptCtx) {
        let mut s = sender(config(variant));
        let mut ctx = ScriptCtx::default();
        s.start(&mut ctx);
        let mut acked = 0;
        while (s.cwnd() as u32) < n {
            for p in ctx.take_sent() {
                if s.cwnd() as u32 >= n {
                    break;
                }
                acked = p.seq + 1;
                s.on_packet(&ack(acked), &mut ctx);
            }
        }
        let _ = acked;
        (s, ctx)
    }

    #[test]
    fn slow_start_doubles_cwnd_every_round_trip() {
        // RFC 5681 3.1: cwnd grows by one segment per ACK, so a window of
        // ACKs doubles it: rounds send 1, 2, 4, 8, 16 segments.
        let mut s = sender(config(Variant::Tahoe));
        let mut ctx = ScriptCtx::default();
        s.start(&mut ctx);
        let mut per_round = vec![];
        for round in 1..=5u64 {
            let sent = ctx.take_sent();
            per_round.push(sent.len());
            ctx.now = SimTime::ZERO + SimDuration::from_millis(100 * round);
            for p in &sent {
                s.on_packet(&ack(p.seq + 1), &mut ctx);
            }
        }
        assert_eq!(per_round, vec![1, 2, 4, 8, 16]);
        assert_eq!(s.cwnd(), 32.0);
    }

    #[test]
    fn congestion_avoidance_adds_about_one_segment_per_round_trip() {
        let mut cfg = config(Variant::Reno);
        cfg.initial_window = 10;
        let mut s = sender(cfg);
        s.ssthresh = 10.0;
        let mut ctx = ScriptCtx::default();
        s.start(&mut ctx);
        let sent = ctx.take_sent();
        assert_eq!(sent.len(), 10);
        for p in &sent {
            s.on_packet(&ack(p.seq + 1), &mut ctx);
        }
        // Ten ACKs at 1/cwnd each: from 10 to just under 11.
        assert!(s.cwnd() > 10.95 && s.cwnd() < 11.0, "cwnd {}", s.cwnd());
        assert_eq!(ctx.take_sent().len(), 10);
    }

    fn fast_retransmit_on_third_duplicate(variant: Variant) {
        let (mut s, mut ctx) = warmed_up(variant, 8);
        let outstanding = ctx.take_sent();
        assert!(outstanding.len() >= 8);
        let lost = outstanding[0].seq;
        // Segments after the lost one arrive; each brings a duplicate ACK.
        for dup in 1..=2 {
            s.on_packet(&ack(lost), &mut ctx);
            assert!(ctx.take_sent().is_empty(), "nothing resent after {dup} duplicate(s)");
        }
        s.on_packet(&ack(lost), &mut ctx);
        let resent = ctx.take_sent();
        assert_eq!(resent[0].seq, lost);
        assert!(resent[0].is_retransmit());
        assert_eq!(s.stats.fast_retransmits, 1);
        assert_eq!(s.stats.timeouts, 0);
    }

    #[test]
    fn tahoe_fast_retransmits_on_exactly_the_third_duplicate_ack() {
        fast_retransmit_on_third_duplicate(Variant::Tahoe);
    }

    #[test]
    fn reno_fast_retransmits_on_exactly_the_third_duplicate_ack() {
        fast_retransmit_on_third_duplicate(Variant::Reno);
    }

    #[test]
    fn tahoe_restarts_from_one_segment_after_fast_retransmit() {
        let (mut s, mut ctx) = warmed_up(Variant::Tahoe, 8);
        let lost = ctx.take_sent()[0].seq;
        let flight = s.snd_max() - s.snd_una();
        for _ in 0..3 {
            s.on_packet(&ack(lost), &mut ctx);
        }
        assert_eq!(s.cwnd(), 1.0);
        assert_eq!(s.ssthresh(), (flight / 2) as f64);
        assert_eq!(seqs(&ctx.take_sent()), vec![lost]);
    }

    #[test]
    fn reno_inflates_by_each_duplicate_and_deflates_on_new_ack() {
        let (mut s, mut ctx) = warmed_up(Variant::Reno, 8);
        let sent = ctx.take_sent();
        let lost = sent[0].seq;
        let cwnd_before = s.cwnd();
        for _ in 0..3 {
            s.on_packet(&ack(lost), &mut ctx);
        }
        let ssthresh = s.ssthresh();
        assert_eq!(ssthresh, (cwnd_before / 2.0).floor());
        // cwnd = ssthresh + 3 (RFC 5681 3.2 step 3)
        assert_eq!(s.cwnd(), cwnd_before / 2.0 + 3.0);
        ctx.take_sent();
        s.on_packet(&ack(lost), &mut ctx);
        assert_eq!(s.cwnd(), cwnd_before / 2.0 + 4.0);
        // The recovery ACK deflates the window to ssthresh, plus one CA increment.
        s.on_packet(&ack(s.snd_max()), &mut ctx);
        let half = cwnd_before / 2.0;
        assert!((s.cwnd() - (half + 1.0 / half)).abs() < 1e-12);
    }

    #[test]
    fn only_one_fast_retransmit_per_window() {
        let (mut s, mut ctx) = warmed_up(Variant::Tahoe, 16);
        let lost = ctx.take_sent()[0].seq;
        for _ in 0..3 {
            s.on_packet(&ack(lost), &mut ctx);
        }
        ctx.take_sent();
        // The retransmission fills the hole, but a second hole in the same
        // window brings duplicate ACKs again: no second fast retransmit.
        s.on_packet(&ack(lost + 2), &mut ctx);
        for _ in 0..5 {
            s.on_packet(&ack(lost + 2), &mut ctx);
        }
        assert_eq!(s.stats.fast_retransmits, 1);
    }

    #[test]
    fn rto_doubles_on_repeated_timeouts() {
        let mut s = sender(config(Variant::Reno));
        let mut ctx = ScriptCtx::default();
        s.start(&mut ctx);
        assert_eq!(seqs(&ctx.take_sent()), vec![0]);
        let mut deadline = ctx.timer(RTX).expect("timer armed by the first send");
        let mut gaps = vec![];
        for _ in 0..5 {
            let fired_at = deadline;
            ctx.now = fired_at;
            s.on_timer(SenderTimers::RTX_KIND, &mut ctx);
            deadline = ctx.timer(RTX).unwrap();
            gaps.push((deadline.0 - fired_at.0) / 1_000_000_000);
            let resent = ctx.take_sent();
            assert_eq!(seqs(&resent), vec![0]);
            assert!(resent[0].is_retransmit());
        }
        assert_eq!(gaps, vec![2, 4, 8, 16, 32]);
        assert_eq!(s.stats.timeouts, 5);
        assert_eq!(s.cwnd(), 1.0);
    }

    /// Duplicates of data sent before a timeout: a fast retransmit only
    /// without ns-2's `bug_fix_` (seed 002's spurious fast retransmit).
    fn fast_retransmits_after_timeout(bug_fix: bool) -> (u64, Option<u32>) {
        let mut cfg = config(Variant::Reno);
        cfg.initial_window = 8;
        cfg.bug_fix = bug_fix;
        let mut s = sender(cfg);
        let mut ctx = ScriptCtx::default();
        s.start(&mut ctx);
        ctx.now = ctx.timer(RTX).unwrap();
        s.on_timer(SenderTimers::RTX_KIND, &mut ctx);
        s.on_packet(&ack(2), &mut ctx);
        ctx.take_sent();
        for _ in 0..3 {
            s.on_packet(&ack(2), &mut ctx);
        }
        (s.stats.fast_retransmits, seqs(&ctx.take_sent()).first().copied())
    }

    #[test]
    fn bug_fix_keeps_duplicates_of_old_data_from_a_fast_retransmit() {
        assert_eq!(fast_retransmits_after_timeout(true), (0, None));
        assert_eq!(fast_retransmits_after_timeout(false), (1, Some(2)), "segment 2 resent first");
    }

    #[test]
    fn karn_no_rtt_sample_from_a_retransmitted_segment() {
        let mut s = sender(config(Variant::Reno));
        let mut ctx = ScriptCtx::default();
        s.start(&mut ctx);
        ctx.now = SimTime(1_000_000_000);
        s.on_timer(SenderTimers::RTX_KIND, &mut ctx);
        ctx.now = SimTime(1_300_000_000);
        s.on_packet(&ack(1), &mut ctx);
        assert!(ctx.values(series().rtt).is_empty());
        assert_eq!(s.rto().backoff_exponent(), 1, "backed-off RTO kept until a clean sample");
        // Segment 1 went out once: its ACK is a valid sample and ends the backoff.
        ctx.now = SimTime(1_500_000_000);
        s.on_packet(&ack(2), &mut ctx);
        assert_eq!(ctx.values(series().rtt), vec![0.2]);
        assert_eq!(s.rto().backoff_exponent(), 0);
    }

    #[test]
    fn receive_window_caps_the_flight() {
        let mut cfg = config(Variant::Reno);
        cfg.rwnd_segments = 3;
        cfg.initial_window = 10;
        let mut s = sender(cfg);
        let mut ctx = ScriptCtx::default();
        s.start(&mut ctx);
        assert_eq!(seqs(&ctx.take_sent()), vec![0, 1, 2]);
    }

    #[test]
    fn limited_transmit_sends_new_data_on_the_first_two_duplicates() {
        let mut cfg = config(Variant::Reno);
        cfg.limited_transmit = true;
        cfg.initial_window = 4;
        let mut s = sender(cfg);
        let mut ctx = ScriptCtx::default();
        s.start(&mut ctx);
        assert_eq!(seqs(&ctx.take_sent()), vec![0, 1, 2, 3]);
        s.on_packet(&ack(0), &mut ctx);
        assert_eq!(seqs(&ctx.take_sent()), vec![4]);
        s.on_packet(&ack(0), &mut ctx);
        assert_eq!(seqs(&ctx.take_sent()), vec![5]);
        s.on_packet(&ack(0), &mut ctx);
        assert_eq!(seqs(&ctx.take_sent()), vec![0]);
    }

    fn sack_ack(seq: u32, blocks: &[(u32, u32)]) -> Packet {
        let mut a = ack(seq);
        let mut sack = crate::packet::SackBlocks::default();
        for (i, &b) in blocks.iter().enumerate() {
            sack.blocks[i] = b;
        }
        sack.len = blocks.len() as u8;
        a.set_sack(sack);
        a
    }

    #[test]
    fn newreno_resends_the_next_hole_on_a_partial_ack_and_stays_in_recovery() {
        let (mut s, mut ctx) = warmed_up(Variant::NewReno, 8);
        let sent = ctx.take_sent();
        let first = sent[0].seq;
        // Segments first and first + 2 are lost.
        for _ in 0..3 {
            s.on_packet(&ack(first), &mut ctx);
        }
        assert_eq!(seqs(&ctx.take_sent())[0], first);
        let recover = s.snd_max();
        // The retransmission arrives: ACK up to the second hole, a partial ACK.
        s.on_packet(&ack(first + 2), &mut ctx);
        let resent = ctx.take_sent();
        assert_eq!(resent[0].seq, first + 2, "the next hole goes out at once");
        assert!(resent[0].is_retransmit());
        assert_eq!(s.stats.fast_retransmits, 1);
        assert_eq!(s.stats.timeouts, 0);
        // Everything up to the recovery point: recovery ends, no second halving.
        let ssthresh = s.ssthresh();
        s.on_packet(&ack(recover), &mut ctx);
        assert_eq!(s.ssthresh(), ssthresh);
        assert_eq!(s.dupwnd, 0);
    }

    #[test]
    fn reno_leaves_recovery_on_a_partial_ack() {
        let (mut s, mut ctx) = warmed_up(Variant::Reno, 8);
        let first = ctx.take_sent()[0].seq;
        for _ in 0..3 {
            s.on_packet(&ack(first), &mut ctx);
        }
        ctx.take_sent();
        s.on_packet(&ack(first + 2), &mut ctx);
        assert_eq!(s.dupwnd, 0, "deflated");
        assert!(ctx.take_sent().iter().all(|p| !p.is_retransmit()), "no hole resent");
    }

    fn sack_sender() -> (TcpSender, ScriptCtx) {
        let (s, ctx) = warmed_up(Variant::Sack1, 8);
        (s, ctx)
    }

    #[test]
    fn sack1_counts_only_duplicates_that_sack_new_data() {
        let (mut s, mut ctx) = sack_sender();
        let first = ctx.take_sent()[0].seq;
        for _ in 0..5 {
            s.on_packet(&ack(first), &mut ctx);
        }
        assert_eq!(s.stats.fast_retransmits, 0, "plain duplicates say nothing new");
        assert!(ctx.take_sent().is_empty());
    }

    #[test]
    fn sack1_resends_holes_in_order_as_the_pipe_allows() {
        let (mut s, mut ctx) = sack_sender();
        let first = ctx.take_sent()[0].seq;
        // first and first + 2 lost; the others arrive and are SACKed.
        s.on_packet(&sack_ack(first, &[(first + 1, first + 2)]), &mut ctx);
        s.on_packet(&sack_ack(first, &[(first + 3, first + 4), (first + 1, first + 2)]), &mut ctx);
        assert!(ctx.take_sent().is_empty());
        s.on_packet(&sack_ack(first, &[(first + 3, first + 5), (first + 1, first + 2)]), &mut ctx);
        assert_eq!(seqs(&ctx.take_sent()), vec![first], "fast retransmit of the first hole");
        // Further SACKs shrink the pipe until the second hole may go.
        let mut resent = vec![];
        for k in 6..12 {
            s.on_packet(&sack_ack(first, &[(first + 3, first + k), (first + 1, first + 2)]), &mut ctx);
            resent.extend(ctx.take_sent().into_iter().filter(|p| p.is_retransmit()).map(|p| p.seq));
        }
        assert_eq!(resent, vec![first + 2]);
        assert_eq!(s.stats.timeouts, 0);
    }
}
