//! The sender's mechanics, shared by every growth and recovery policy:
//! sequence state, sending segments, taking ACKs for new data, the
//! retransmission timer, ECN's response and the persist timer. Each step
//! follows ns-2's TcpAgent (tcp.cc), which the seed papers ran. The window's
//! size is the growth policy's business and what to send in loss recovery
//! the recovery policy's; both act on this core, never the other way round.

use super::config::{RtoKind, SenderConfig, SenderSeries, SenderStats, SenderTimers};
use super::growth::{AckEvent, Congestion, Growth, Window};
use super::pacing::{self, Pacer};
use super::rate_sample::{RateSample, RateSampler};
use super::segment_clock::SegmentClock;
use super::{owd, persist};
use crate::agent::{AgentCtx, FlowAddr};
use crate::packet::{flags, Packet, PacketKind};
use crate::tcp::rto::{RtoEstimator, RtoTimer};
use crate::tcp::rto_ns2::Ns2Rto;
use crate::time::SimTime;

/// Bytes of a TCP/IP header without options.
const BARE_HEADER_BYTES: u32 = 40;

/// The last congestion response (ns-2's `last_cwnd_action_`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum LastAction {
    None,
    Dupack,
    Timeout,
    Ecn,
    /// A new ACK ended the duplicate-ACK episode.
    Exited,
}

pub(super) struct Core {
    pub(super) cfg: SenderConfig,
    pub(super) timers: SenderTimers,
    pub(super) series: SenderSeries,
    /// Oldest unacknowledged segment (ns-2's highest_ack_ + 1).
    pub(super) snd_una: u32,
    /// Next segment to send (moves back on go-back-N; ns-2's t_seqno_).
    pub(super) snd_nxt: u32,
    /// One past the highest segment ever sent (ns-2's maxseq_ + 1).
    pub(super) snd_max: u32,
    /// cwnd and ssthresh, in segments; the growth policy sizes them.
    pub(super) w: Window,
    pub(super) dupacks: u32,
    /// Reno's inflation of the window by duplicate ACKs during fast recovery.
    pub(super) dupwnd: u32,
    /// snd_max at the last loss response: one response per window of data.
    pub(super) recover: Option<u32>,
    pub(super) last_action: LastAction,
    /// The one segment being timed and when it left (never a retransmission: Karn).
    pub(super) timed: Option<(u32, SimTime)>,
    pub(super) rto: RtoTimer,
    pub(super) rtx_armed: bool,
    pub(super) started: bool,
    /// The next packet carries CWR (ns-2's cong_action_).
    pub(super) cwr_pending: bool,
    /// ECN-echo at cwnd 1 seen once (ns-2's ecn_backoff_).
    pub(super) ecn_backoff: bool,
    /// The next retransmission is the first after a timeout.
    pub(super) resend_after_timeout: bool,
    /// Segments the last ACK of new data acknowledged.
    pub(super) newly_acked: u32,
    /// The RTT sample the last ACK gave, if any.
    pub(super) last_rtt: Option<crate::time::SimDuration>,
    /// Per-segment send times, for growth and recovery that time every segment (Vegas).
    pub(super) clock: Option<SegmentClock>,
    /// Delivery-rate sampling, for growth that models the path (BBR).
    pub(super) rate: Option<RateSampler>,
    /// The last ACK's delivery-rate sample.
    pub(super) last_rate: Option<RateSample>,
    /// The cumulative ACK the rate sampler last took.
    pub(super) rate_seen: u32,
    /// The smallest RTT sample so far (rate samples shorter than it are not trusted).
    pub(super) min_rtt: Option<crate::time::SimDuration>,
    /// Spacing segments at the pacing rate, when the sender paces; its timer
    /// is the cwnd timer's slot (Fast Increase never runs with pacing).
    pub(super) pacer: Option<Pacer>,
    /// Any of `clock`, `rate` and `pacer` is on: they hear of every segment
    /// sent (one test per segment when none is, as with Reno).
    send_hooks: bool,
    /// None of the options the ACK path tests is on (Reno on ns-2's defaults,
    /// as PERF-1): `new_ack_then_send` then runs a body compiled without
    /// those tests (the bodies' `PLAIN` parameter).
    plain: bool,
    /// A full data segment of this flow, copied for each one sent: only its
    /// flags, sequence number and time change (and the size of a SYN or a file's last).
    segment: Packet,
    /// Seed 004's marking, estimator and Fast Increase.
    pub(super) owd: Option<owd::OwdSender>,
    /// Bytes the application has handed over so far (ns-2's curseq_, in
    /// bytes); `u64::MAX` for an endless transfer.
    pub(super) app_bytes: u64,
    /// No more data will come: the last segment may be short.
    pub(super) app_complete: bool,
    /// The window the receiver last advertised, in segments; `None` while
    /// its ACKs advertise none (ns-2's sinks).
    pub(super) adv_wnd: Option<u32>,
    /// Probing a zero window (RFC 9293 3.8.6.1); the retransmission timer's
    /// slot then times the probes.
    pub(super) persist: Option<persist::Persist>,
    pub(super) stats: SenderStats,
}

impl Core {
    pub(super) fn new(cfg: SenderConfig, addr: FlowAddr, timers: SenderTimers, series: SenderSeries, g: &Growth) -> Self {
        let rto = match cfg.rto_kind {
            RtoKind::Rfc6298 => RtoTimer::Rfc6298(RtoEstimator::new(cfg.rto)),
            RtoKind::Ns2 { clock_offset, rfc2988 } => RtoTimer::Ns2(
                Ns2Rto::new(cfg.rto.granularity, cfg.rto.min, cfg.rto.max, cfg.rto.initial, clock_offset).rfc2988(rfc2988),
            ),
        };
        let clock = g.wants_segment_clock().then(|| SegmentClock::new(cfg.rwnd_segments));
        let rate = g.wants_rate_samples().then(RateSampler::default);
        let pacer = (cfg.pacing || g.paces()).then(Pacer::default);
        let segment = Packet {
            flow: addr.flow,
            kind: PacketKind::Data,
            src: addr.local,
            dst: addr.remote,
            size_bytes: cfg.mss_bytes + cfg.header_bytes,
            payload_bytes: cfg.mss_bytes as u16,
            flags: if cfg.ecn { flags::ECT } else { 0 },
            ..Packet::default()
        };
        let send_hooks = clock.is_some() || rate.is_some() || pacer.is_some();
        let owd = cfg.owd_probes.map(|probes| owd::OwdSender::new(probes, cfg.fast_increase));
        let plain = !(send_hooks || owd.is_some() || cfg.syn || cfg.ecn || !cfg.timerfix || cfg.timestamps || cfg.delay_growth);
        Core {
            segment,
            send_hooks,
            plain,
            snd_una: 0,
            snd_nxt: 0,
            snd_max: 0,
            w: Window {
                cwnd: if cfg.start_with_one { 1.0 } else { cfg.initial_window as f64 },
                // RFC 5681 3.1: ssthresh starts arbitrarily high; ns-2 uses the receiver window.
                ssthresh: cfg.rwnd_segments as f64,
                pacing_rate: None,
            },
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
            newly_acked: 0,
            last_rtt: None,
            clock,
            rate,
            last_rate: None,
            rate_seen: 0,
            min_rtt: None,
            pacer,
            owd,
            app_bytes: u64::MAX,
            app_complete: true,
            adv_wnd: None,
            persist: None,
            stats: SenderStats::default(),
            cfg,
            timers,
            series,
        }
    }

    /// The congestion window in segments, Reno's inflation included.
    pub(super) fn cwnd(&self) -> f64 {
        self.w.cwnd + self.dupwnd as f64
    }

    /// What the growth policy hears of an ACK of new data.
    pub(super) fn ack_event(&self, now: SimTime) -> AckEvent {
        let seg = self.clock.as_ref().map(|c| c.elapsed_s(now));
        AckEvent {
            now,
            ack: self.snd_una,
            newly_acked: self.newly_acked,
            snd_nxt: self.snd_nxt,
            rtt: self.last_rtt,
            srtt: self.rto.srtt(),
            elapsed_s: seg.unwrap_or(0.0),
            fine_rtt_s: self.clock.as_ref().and_then(|c| c.last_sample_s()),
            // After a timeout's go-back-N, what lies beyond snd_nxt is no longer in flight.
            in_flight: self.snd_nxt.min(self.snd_max) - self.snd_una,
            delivered: self.rate.as_ref().map_or(0, |r| r.delivered()),
            sacked: self.rate.as_ref().map_or(0, |r| r.sacked()),
            rate: self.last_rate,
        }
    }

    /// A delivery-rate sample for the data the cumulative ACK now covers.
    fn sample_rate(&mut self, pkt: &Packet, now: SimTime) {
        let Some(rate) = self.rate.as_mut() else { return };
        self.last_rate = rate.on_ack(self.snd_una, pkt.sack().iter(), now, self.min_rtt);
        self.rate_seen = self.snd_una;
    }

    /// An ACK inside loss recovery, for a growth policy that keeps its model
    /// and its window through recovery (BBR; Linux's cong_control, which
    /// replaces PRR's window): rate sample and model update. `una_before` is
    /// the cumulative ACK before this one.
    pub(super) fn model_ack(&mut self, g: &mut Growth, pkt: &Packet, una_before: u32, now: SimTime) {
        if self.snd_una != self.rate_seen || pkt.sack_len > 0 {
            self.sample_rate(pkt, now);
        }
        self.newly_acked = self.snd_una.saturating_sub(una_before);
        let ev = self.ack_event(now);
        g.on_ack(&mut self.w, || ev);
    }

    /// The pacing rate, segments per second: the growth policy's, or else
    /// Linux's default from cwnd and srtt; `None` before there is one.
    pub(super) fn pacing_rate(&self) -> Option<f64> {
        self.w.pacing_rate.or_else(|| pacing::default_rate(self.w.cwnd, self.w.in_slow_start(), self.rto.srtt()))
    }

    /// True if pacing holds the next segment back; the pacing timer is then
    /// armed for when it may go.
    pub(super) fn paced_out(&mut self, ctx: &mut impl AgentCtx) -> bool {
        let Some(p) = self.pacer.as_ref() else { return false };
        if p.ready(ctx.now()) {
            return false;
        }
        ctx.set_timer(self.timers.cwnd, p.next_send());
        true
    }

    /// Usable window in segments: min(cwnd + inflation, rwnd) (ns-2 `window()`).
    pub(super) fn window(&self) -> u32 {
        (self.w.cwnd as u32 + self.dupwnd).min(self.rwnd())
    }

    /// The receiver's window in segments: the configured one, or less if the
    /// receiver (or a middlebox) advertised less (RFC 9293 3.8.6: send no
    /// more than the offered window).
    pub(super) fn rwnd(&self) -> u32 {
        self.adv_wnd.map_or(self.cfg.rwnd_segments, |w| w.min(self.cfg.rwnd_segments))
    }

    /// One past the last segment the application has data for (ns-2's
    /// curseq_ + 1): a partial last segment counts once no more data will come.
    pub(super) fn app_end(&self) -> u32 {
        if self.app_bytes == u64::MAX {
            // An endless transfer (the usual case): no 64-bit division per ACK.
            return u32::MAX;
        }
        let mss = self.cfg.mss_bytes.max(1) as u64;
        let segments = if self.app_complete { self.app_bytes.div_ceil(mss) } else { self.app_bytes / mss };
        segments.saturating_add(self.first_data_seq() as u64).min(u32::MAX as u64) as u32
    }

    /// The first segment carrying data: 1 after a SYN, else 0.
    fn first_data_seq(&self) -> u32 {
        self.cfg.syn as u32
    }

    /// Application bytes the receiver has acknowledged.
    pub fn acked_bytes(&self) -> u64 {
        let segments = self.snd_una.saturating_sub(self.first_data_seq()) as u64;
        (segments * self.cfg.mss_bytes as u64).min(self.app_bytes)
    }

    /// Sends new segments while the window allows, at most `burst` of them
    /// (ns-2 `send_much` with `maxburst`).
    #[inline(never)]
    pub(super) fn send_much(&mut self, ctx: &mut impl AgentCtx, burst: Option<u32>) {
        self.send_much_body::<false>(ctx, burst);
    }

    /// `send_much`'s body, inlined into `new_ack_then_send`.
    #[inline(always)]
    fn send_much_body<const PLAIN: bool>(&mut self, ctx: &mut impl AgentCtx, burst: Option<u32>) {
        let limit = self.snd_una.saturating_add(self.window()).min(self.app_end());
        let mut sent = 0;
        while self.snd_nxt < limit && burst.is_none_or(|b| sent < b) {
            if !PLAIN && self.pacer.is_some() && self.paced_out(ctx) {
                break;
            }
            self.put_on_wire::<PLAIN>(self.snd_nxt, ctx);
            self.snd_nxt += 1;
            sent += 1;
        }
    }

    /// RFC 3042: on the first and second duplicate ACK, one more segment may
    /// go out if the receiver window allows and at most cwnd + 2 are outstanding.
    /// As ns-2's `send_one`, it is segment `snd_nxt` whatever that is: after a
    /// timeout's go-back-N, the next segment to resend (RFC 3042 says "new
    /// data"; ns-2, which the presets follow, does not check).
    pub(super) fn send_one_beyond_cwnd(&mut self, ctx: &mut impl AgentCtx) {
        let within_rwnd = self.snd_nxt < self.snd_una + self.rwnd();
        let within_cwnd = (self.snd_nxt + 1) as f64 <= self.snd_una as f64 + self.w.cwnd + self.dupacks as f64;
        if within_rwnd && within_cwnd && self.snd_nxt < self.app_end() {
            self.output(self.snd_nxt, ctx);
            self.snd_nxt += 1;
        }
    }

    /// Puts segment `seq` on the wire (ns-2 `output`).
    #[inline(never)]
    pub(super) fn output(&mut self, seq: u32, ctx: &mut impl AgentCtx) {
        self.put_on_wire::<false>(seq, ctx);
    }

    /// `output`'s body: inlined into `send_much`'s loop, which sends nearly
    /// every segment, and called elsewhere.
    #[inline(always)]
    fn put_on_wire<const PLAIN: bool>(&mut self, seq: u32, ctx: &mut impl AgentCtx) {
        let now = ctx.now();
        let retransmit = seq < self.snd_max;
        let had_outstanding = self.snd_una < self.snd_max;
        let syn = !PLAIN && self.cfg.syn && seq == 0;
        // A full segment, ECN-capable (ECT) when ECN is on.
        let mut pkt = self.segment;
        if syn {
            // A SYN is a bare TCP/IP header, 40 bytes even when data segments carry no
            // header bytes (ns-2 sizes it tcpip_base_hdr_size_ regardless of useHeaders_),
            // and never ECN-capable.
            pkt.flags = flags::SYN;
            (pkt.size_bytes, pkt.payload_bytes) = (self.cfg.header_bytes.max(BARE_HEADER_BYTES), 0);
        } else if self.app_bytes != u64::MAX {
            // A file's last segment carries only what is left of it.
            let offset = (seq - self.first_data_seq()) as u64 * self.cfg.mss_bytes as u64;
            let left = self.app_bytes.saturating_sub(offset);
            let payload = left.min(self.cfg.mss_bytes as u64) as u32;
            (pkt.size_bytes, pkt.payload_bytes) = (payload + self.cfg.header_bytes, payload as u16);
        }
        if !PLAIN && self.send_hooks {
            if let Some(clock) = self.clock.as_mut() {
                clock.on_output(seq, now);
            }
            if let Some(rate) = self.rate.as_mut() {
                rate.on_sent(seq, now, self.snd_max - self.snd_una, false);
            }
            if self.pacer.is_some() {
                let r = self.pacing_rate();
                if let Some(p) = self.pacer.as_mut() {
                    p.on_sent(now, r);
                }
            }
        }
        if retransmit {
            pkt.flags |= flags::RETRANSMIT;
        }
        if std::mem::take(&mut self.cwr_pending) {
            pkt.flags |= flags::CWR;
        }
        if std::mem::take(&mut self.resend_after_timeout) && retransmit {
            pkt.flags |= flags::TIMEOUT_RETRANSMIT;
        }
        if !PLAIN && !retransmit {
            pkt.flags |= self.owd_mark(seq, now);
        }
        pkt.seq = seq;
        pkt.created_at = now;
        ctx.send(pkt);
        self.stats.sent_packets += 1;
        if retransmit {
            self.stats.retransmits += 1;
        } else {
            self.snd_max = seq + 1;
            if self.timed.is_none() {
                self.timed = Some((seq, now));
            }
        }
        // RFC 6298 (5.1): start the timer if it is not running (or nothing was outstanding).
        if !self.rtx_armed || !had_outstanding {
            self.arm_rtx(ctx);
        }
    }

    pub(super) fn arm_rtx(&mut self, ctx: &mut impl AgentCtx) {
        self.arm_rtx_for(self.rto.rto(), ctx);
    }

    #[inline(never)]
    fn arm_rtx_for(&mut self, rto: crate::time::SimDuration, ctx: &mut impl AgentCtx) {
        self.start_rtx_timer(rto, ctx);
    }

    /// Arms the retransmission timer `rto` from now; inlined where every ACK
    /// of new data restarts it (`take_new_ack`), called elsewhere.
    #[inline(always)]
    fn start_rtx_timer(&mut self, rto: crate::time::SimDuration, ctx: &mut impl AgentCtx) {
        ctx.set_timer(self.timers.rtx, ctx.now() + rto);
        self.rtx_armed = true;
        ctx.record(self.series.rto, rto.as_secs_f64());
    }

    /// An ACK for new data (ns-2 `newack`): advance, take an RTT sample,
    /// restart or stop the timer. Growing cwnd is the caller's choice.
    #[inline(never)]
    pub(super) fn take_new_ack(&mut self, pkt: &Packet, ctx: &mut impl AgentCtx) {
        self.take_new_ack_body::<false>(pkt, ctx);
    }

    /// An ACK of new data that ends no recovery, whole (Reno's and NewReno's
    /// usual ACK): take it, grow the window, record it and send what the
    /// window now allows. One call per ACK instead of four, each saving and
    /// restoring registers.
    #[inline(never)]
    pub(super) fn new_ack_then_send(&mut self, pkt: &Packet, g: &mut Growth, ctx: &mut impl AgentCtx) {
        if self.plain {
            self.new_ack_then_send_as::<true>(pkt, g, ctx);
        } else {
            self.new_ack_then_send_as::<false>(pkt, g, ctx);
        }
    }

    #[inline(always)]
    fn new_ack_then_send_as<const PLAIN: bool>(&mut self, pkt: &Packet, g: &mut Growth, ctx: &mut impl AgentCtx) {
        self.take_new_ack_body::<PLAIN>(pkt, ctx);
        self.open_cwnd_body::<PLAIN>(pkt, g, ctx);
        if !PLAIN {
            self.delay_growth(pkt.seq);
        }
        self.record_window_body(ctx);
        // take_new_ack cleared the duplicate count: no recovery holds sending back.
        self.send_much_body::<PLAIN>(ctx, None);
    }

    /// With `PLAIN` (see `Core::plain`) the options' tests fold away.
    #[inline(always)]
    fn take_new_ack_body<const PLAIN: bool>(&mut self, pkt: &Packet, ctx: &mut impl AgentCtx) {
        let ack = pkt.seq;
        // ns-2 without timerfix_ (its behaviour before May 2001) restarts the
        // timer before this ACK's RTT sample and backoff reset: with the old RTO.
        let rto_before_sample = (!PLAIN && !self.cfg.timerfix).then(|| self.rto.rto());
        let now = ctx.now();
        if let Some(clock) = self.clock.as_mut().filter(|_| !PLAIN) {
            // ns-2's Vegas indexes segments from 0 with last_ack_ the last acknowledged one.
            clock.on_new_ack(self.snd_una as i64 - 1, ack as i64 - 1, now);
        }
        self.newly_acked = ack - self.snd_una;
        self.last_rtt = None;
        self.dupacks = 0;
        self.snd_una = ack;
        self.snd_nxt = self.snd_nxt.max(ack);
        // A marked ACK's echo field holds the receiver's clock (seed 004), not TSecr.
        let sample = if !PLAIN && self.cfg.timestamps && pkt.ts_ecr > crate::time::SimTime::ZERO && !pkt.has(flags::MARKED) {
            // RFC 7323 4: every ACK of new data gives a sample, retransmitted or not.
            Some(now.since(pkt.ts_ecr))
        } else {
            None
        };
        if let Some((seq, sent_at)) = self.timed {
            if ack > seq {
                self.timed = None;
                if sample.is_none() {
                    self.take_rtt_sample(now.since(sent_at), false, ctx);
                } else {
                    self.rto.reset_backoff();
                }
            }
        }
        if let Some(r) = sample {
            self.take_rtt_sample(r, true, ctx);
        }
        if !PLAIN && self.rate.is_some() {
            self.sample_rate(pkt, now);
        }
        if self.snd_una == self.snd_max {
            // RFC 6298 (5.2): all outstanding data acknowledged, turn the timer off.
            ctx.cancel_timer(self.timers.rtx);
            self.rtx_armed = false;
        } else {
            // (5.3) New data acknowledged: restart the timer.
            let rto = rto_before_sample.unwrap_or_else(|| self.rto.rto());
            self.start_rtx_timer(rto, ctx);
        }
    }

    /// ns-2's delay_growth_: the ACK of segment 0 (the SYN) sets cwnd to the
    /// initial window instead of growing it (call after `open_cwnd`).
    pub(super) fn delay_growth(&mut self, ack: u32) {
        if self.cfg.delay_growth && ack == 1 {
            self.w.cwnd = self.cfg.initial_window as f64;
        }
    }

    pub(super) fn take_rtt_sample(&mut self, r: crate::time::SimDuration, timestamps: bool, ctx: &mut impl AgentCtx) {
        self.last_rtt = Some(r);
        self.min_rtt = Some(self.min_rtt.map_or(r, |m| m.min(r)));
        self.rto.on_sample(r, ctx.now().0, timestamps);
        self.stats.rtt.add(r);
        ctx.record(self.series.rtt, r.as_secs_f64());
        if self.owd.is_some() {
            ctx.record(self.series.rtt_half, r.as_secs_f64() / 2.0);
        }
        if let Some(srtt) = self.rto.srtt() {
            ctx.record(self.series.srtt, srtt.as_secs_f64());
        }
    }

    /// cwnd growth on an ACK of new data (ns-2 `opencwnd`), except on an
    /// ACK echoing a congestion mark.
    #[inline(never)]
    pub(super) fn open_cwnd(&mut self, pkt: &Packet, g: &mut Growth, ctx: &mut impl AgentCtx) {
        self.open_cwnd_body::<false>(pkt, g, ctx);
    }

    #[inline(always)]
    fn open_cwnd_body<const PLAIN: bool>(&mut self, pkt: &Packet, g: &mut Growth, ctx: &mut impl AgentCtx) {
        if !PLAIN && self.cfg.ecn && pkt.has(flags::ECE) {
            return;
        }
        // Fast Increase needs the delay estimator: no call per ACK without it.
        if !PLAIN && self.owd.is_some() {
            self.fast_increase_on_ack(ctx);
        }
        // Reno hears nothing of the ACK: its window grows in place.
        if g.on_ack_unheard(&mut self.w) {
            return;
        }
        // The event reads nothing of the window, lent to the policy meanwhile.
        let now = ctx.now();
        let mut w = self.w;
        g.on_ack(&mut w, || self.ack_event(now));
        self.w = w;
    }

    /// Halves the window (RFC 5681 (4); ns-2 `slowdown(CLOSE_SSTHRESH_HALF
    /// | CLOSE_CWND_HALF)`).
    pub(super) fn halve_window(&mut self, g: &mut Growth) {
        g.on_congestion(&mut self.w, Congestion::Reduce);
        self.cwr_pending = self.cfg.ecn;
    }

    /// ssthresh to half the window and cwnd to one segment (Tahoe's and the timeout's response).
    pub(super) fn restart_window(&mut self, g: &mut Growth) {
        g.on_congestion(&mut self.w, Congestion::Restart);
        self.cwr_pending = self.cfg.ecn;
    }

    /// ns-2 `reset_rtx_timer(mild, backoff)`: restart the timer, stop
    /// timing (Karn), and unless `mild` go back to the first unacknowledged segment.
    pub(super) fn reset_rtx_timer(&mut self, mild: bool, backoff: bool, ctx: &mut impl AgentCtx) {
        if backoff {
            self.rto.back_off();
        }
        self.arm_rtx(ctx);
        if !mild {
            self.snd_nxt = self.snd_una;
        }
        self.timed = None;
    }

    /// An ACK carrying ECN-echo (RFC 3168 6.1.2; ns-2 `ecn`): halve once per window of data.
    pub(super) fn on_ecn_echo(&mut self, ack: u32, g: &mut Growth, ctx: &mut impl AgentCtx) {
        let new_window = self.recover.is_none_or(|r| ack > r) || self.last_action == LastAction::Timeout;
        if !new_window {
            return;
        }
        self.recover = Some(self.snd_max);
        self.last_action = LastAction::Ecn;
        if self.w.cwnd <= 1.0 {
            // At one segment there is nothing to halve: back the timer off instead.
            if self.ecn_backoff {
                self.rto.back_off();
            } else {
                self.ecn_backoff = true;
            }
        } else {
            self.ecn_backoff = false;
        }
        self.halve_window(g);
        self.stats.ecn_reductions += 1;
        ctx.record(self.series.ecn_echo, ack as f64);
        self.record_window(ctx);
    }

    /// The retransmission timer fired (ns-2 `TcpAgent::timeout`; RFC 6298 5.4-5.6).
    pub(super) fn timeout_common(&mut self, g: &mut Growth, ctx: &mut impl AgentCtx) {
        self.timeout_response(g, ctx);
        self.send_much(ctx, None);
    }

    /// The timeout's response without the sending that follows: the window
    /// restarts, the timer backs off, and sending goes back to snd_una.
    pub(super) fn timeout_response(&mut self, g: &mut Growth, ctx: &mut impl AgentCtx) {
        let in_ecn_recovery = self.recover.is_some_and(|r| self.snd_una < r) && self.last_action == LastAction::Ecn;
        self.recover = Some(self.snd_max);
        if in_ecn_recovery {
            // ECN already cut ssthresh for this window.
            self.w.cwnd = 1.0;
        } else {
            self.stats.timeouts += 1;
            ctx.record(self.series.timeout, self.snd_una as f64);
            self.restart_window(g);
        }
        self.reset_rtx_timer(false, true, ctx);
        self.last_action = LastAction::Timeout;
        self.resend_after_timeout = true;
        self.record_window(ctx);
    }

    pub(super) fn record_window(&self, ctx: &mut impl AgentCtx) {
        self.record_window_body(ctx);
    }

    #[inline(always)]
    fn record_window_body(&self, ctx: &mut impl AgentCtx) {
        ctx.record(self.series.cwnd, self.cwnd());
        ctx.record(self.series.ssthresh, self.w.ssthresh);
    }
}
