//! The TCP sender: window, transmissions, ACK processing, retransmission timer.
//!
//! It follows ns-2's one-way `Agent/TCP` (Tahoe) and `Agent/TCP/Reno`, which
//! the seed papers used, with the RFC each step comes from quoted beside it.
//! Sequence numbers count segments; `snd_una`, `snd_nxt` and `snd_max` are
//! the RFC 793 names.

use super::rto::{RtoConfig, RtoEstimator};
use super::window::{halved, opened};
use super::Variant;
use crate::agent::{AgentCtx, FlowAddr};
use crate::ids::TimerId;
use crate::packet::{flags, Packet, PacketKind};
use crate::record::summary::DurationStats;
use crate::record::SeriesId;
use crate::time::SimTime;

#[derive(Clone, Debug, PartialEq)]
pub struct SenderConfig {
    pub variant: Variant,
    /// Payload bytes per segment.
    pub mss_bytes: u32,
    /// TCP/IP header bytes added on the wire.
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
    pub rto: RtoConfig,
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
}

#[derive(Clone, Copy, Debug, Default)]
pub struct SenderStats {
    /// Data segments sent, retransmissions included.
    pub sent_packets: u64,
    pub retransmits: u64,
    pub timeouts: u64,
    pub fast_retransmits: u64,
    /// RTT samples.
    pub rtt: DurationStats,
}

/// The last congestion response (ns-2's `last_cwnd_action_`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum LastAction {
    None,
    Dupack,
    Timeout,
    /// A new ACK ended the duplicate-ACK episode.
    Exited,
}

pub struct TcpSender {
    cfg: SenderConfig,
    addr: FlowAddr,
    rtx_timer: TimerId,
    series: SenderSeries,
    /// Oldest unacknowledged segment.
    snd_una: u32,
    /// Next segment to send (moves back on go-back-N).
    snd_nxt: u32,
    /// One past the highest segment ever sent.
    snd_max: u32,
    cwnd: f64,
    ssthresh: f64,
    dupacks: u32,
    /// Reno's inflation of the window by duplicate ACKs during fast recovery.
    dupwnd: u32,
    /// snd_max at the last loss response: one fast retransmit per window of data.
    recover: Option<u32>,
    last_action: LastAction,
    /// The one segment being timed and when it left (never a retransmission: Karn).
    timed: Option<(u32, SimTime)>,
    rto: RtoEstimator,
    rtx_armed: bool,
    started: bool,
    pub stats: SenderStats,
}

impl TcpSender {
    pub fn new(cfg: SenderConfig, addr: FlowAddr, rtx_timer: TimerId, series: SenderSeries) -> Self {
        TcpSender {
            snd_una: 0,
            snd_nxt: 0,
            snd_max: 0,
            cwnd: cfg.initial_window as f64,
            // RFC 5681 3.1: ssthresh starts arbitrarily high; ns-2 uses the receiver window.
            ssthresh: cfg.rwnd_segments as f64,
            dupacks: 0,
            dupwnd: 0,
            recover: None,
            last_action: LastAction::None,
            timed: None,
            rto: RtoEstimator::new(cfg.rto),
            rtx_armed: false,
            started: false,
            stats: SenderStats::default(),
            cfg,
            addr,
            rtx_timer,
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

    pub fn rto(&self) -> &RtoEstimator {
        &self.rto
    }

    /// The application has data: start sending.
    pub fn start(&mut self, ctx: &mut impl AgentCtx) {
        self.started = true;
        self.record_window(ctx);
        ctx.record(self.series.rto, self.rto.rto().as_secs_f64());
        self.send_much(ctx);
    }

    pub fn on_packet(&mut self, pkt: &Packet, ctx: &mut impl AgentCtx) {
        debug_assert_eq!(pkt.kind, PacketKind::Ack);
        if !self.started || pkt.seq > self.snd_max {
            return;
        }
        if pkt.seq > self.snd_una {
            self.on_new_ack(pkt.seq, ctx);
        } else if pkt.seq == self.snd_una && self.snd_una < self.snd_max {
            self.on_duplicate_ack(ctx);
        }
        self.send_much(ctx);
    }

    /// The retransmission timer fired (RFC 6298 5.4-5.6).
    pub fn on_timer(&mut self, ctx: &mut impl AgentCtx) {
        self.rtx_armed = false;
        if self.snd_una == self.snd_max {
            return;
        }
        if self.cfg.variant == Variant::Reno {
            self.dupwnd = 0;
            self.dupacks = 0;
        }
        self.recover = Some(self.snd_max);
        self.stats.timeouts += 1;
        ctx.record(self.series.timeout, self.snd_una as f64);
        // RFC 5681 (4): ssthresh = max(FlightSize / 2, 2 SMSS); (5): cwnd = 1 segment.
        self.ssthresh = halved(self.cwnd, self.cfg.rwnd_segments).0;
        self.cwnd = 1.0;
        self.last_action = LastAction::Timeout;
        // (5.5) back off, (5.6) restart the timer; then go back N.
        self.rto.back_off();
        self.arm_rtx(ctx);
        self.snd_nxt = self.snd_una;
        self.timed = None;
        self.record_window(ctx);
        self.send_much(ctx);
    }

    fn on_new_ack(&mut self, ack: u32, ctx: &mut impl AgentCtx) {
        if self.last_action == LastAction::Dupack {
            self.last_action = LastAction::Exited;
        }
        // Reno leaves fast recovery: the window deflates to the halved cwnd.
        self.dupwnd = 0;
        self.dupacks = 0;
        self.snd_una = ack;
        self.snd_nxt = self.snd_nxt.max(ack);
        if let Some((seq, sent_at)) = self.timed {
            if ack > seq {
                self.timed = None;
                let sample = ctx.now().since(sent_at);
                self.rto.on_sample(sample);
                self.stats.rtt.add(sample);
                ctx.record(self.series.rtt, sample.as_secs_f64());
                if let Some(srtt) = self.rto.srtt() {
                    ctx.record(self.series.srtt, srtt.as_secs_f64());
                }
            }
        }
        if self.snd_una == self.snd_max {
            // (5.2) All outstanding data acknowledged: turn the timer off.
            ctx.cancel_timer(self.rtx_timer);
            self.rtx_armed = false;
        } else {
            // (5.3) New data acknowledged: restart the timer.
            self.arm_rtx(ctx);
        }
        self.cwnd = opened(self.cwnd, self.ssthresh);
        self.record_window(ctx);
    }

    fn on_duplicate_ack(&mut self, ctx: &mut impl AgentCtx) {
        self.dupacks += 1;
        let threshold = self.cfg.dupack_threshold;
        if self.dupacks == threshold {
            self.on_third_duplicate(ctx);
        } else if self.dupacks > threshold {
            // RFC 5681 (4.3): each further duplicate ACK inflates cwnd by one segment.
            if self.cfg.variant == Variant::Reno && self.last_action == LastAction::Dupack {
                self.dupwnd += 1;
                self.record_window(ctx);
            }
        } else if self.cfg.limited_transmit {
            self.send_one_beyond_cwnd(ctx);
        }
    }

    /// Fast retransmit (RFC 5681 3.2), at most once per window of data:
    /// further duplicate ACKs for data sent before the last loss response are
    /// ignored (ns-2's `bug_fix_`).
    fn on_third_duplicate(&mut self, ctx: &mut impl AgentCtx) {
        let recovered = self.recover.is_none_or(|r| self.snd_una > r);
        let allowed = match self.cfg.variant {
            Variant::Tahoe => recovered,
            Variant::Reno => recovered || self.last_action == LastAction::Dupack,
        };
        if !allowed {
            return;
        }
        self.recover = Some(self.snd_max);
        self.last_action = LastAction::Dupack;
        self.stats.fast_retransmits += 1;
        ctx.record(self.series.fast_retransmit, self.snd_una as f64);
        let (ssthresh, half) = halved(self.cwnd, self.cfg.rwnd_segments);
        self.ssthresh = ssthresh;
        self.timed = None;
        self.arm_rtx(ctx);
        match self.cfg.variant {
            Variant::Tahoe => {
                // Slow start from one segment, resending from the first unacknowledged one.
                self.cwnd = 1.0;
                self.snd_nxt = self.snd_una;
            }
            Variant::Reno => {
                // Fast recovery: cwnd = ssthresh + 3 segments, as half + dupwnd.
                self.cwnd = half;
                self.output(self.snd_una, ctx);
                self.dupwnd = self.cfg.dupack_threshold;
            }
        }
        self.record_window(ctx);
    }

    /// Usable window in segments: min(cwnd + inflation, rwnd), as ns-2's `window()`.
    fn window(&self) -> u32 {
        (self.cwnd as u32 + self.dupwnd).min(self.cfg.rwnd_segments)
    }

    fn send_much(&mut self, ctx: &mut impl AgentCtx) {
        let limit = self.snd_una.saturating_add(self.window());
        while self.snd_nxt < limit {
            self.output(self.snd_nxt, ctx);
            self.snd_nxt += 1;
        }
    }

    /// RFC 3042: on the first and second duplicate ACK, one new segment may
    /// go out if the receiver window allows and at most cwnd + 2 are outstanding.
    fn send_one_beyond_cwnd(&mut self, ctx: &mut impl AgentCtx) {
        let within_rwnd = self.snd_nxt < self.snd_una + self.cfg.rwnd_segments;
        let within_cwnd =
            (self.snd_nxt + 1) as f64 <= self.snd_una as f64 + self.cwnd + self.dupacks as f64;
        if within_rwnd && within_cwnd && self.snd_nxt == self.snd_max {
            self.output(self.snd_nxt, ctx);
            self.snd_nxt += 1;
        }
    }

    fn output(&mut self, seq: u32, ctx: &mut impl AgentCtx) {
        let now = ctx.now();
        let retransmit = seq < self.snd_max;
        let had_outstanding = self.snd_una < self.snd_max;
        ctx.send(Packet {
            uid: 0,
            flow: self.addr.flow,
            kind: PacketKind::Data,
            flags: if retransmit { flags::RETRANSMIT } else { 0 },
            src: self.addr.local,
            dst: self.addr.remote,
            seq,
            size_bytes: self.cfg.mss_bytes + self.cfg.header_bytes,
            payload_bytes: self.cfg.mss_bytes as u16,
            created_at: now,
            ..Packet::default()
        });
        self.stats.sent_packets += 1;
        if retransmit {
            self.stats.retransmits += 1;
        } else {
            self.snd_max = seq + 1;
            if self.timed.is_none() {
                self.timed = Some((seq, now));
            }
        }
        // (5.1) Start the timer if it is not running (or nothing was outstanding).
        if !self.rtx_armed || !had_outstanding {
            self.arm_rtx(ctx);
        }
    }

    fn arm_rtx(&mut self, ctx: &mut impl AgentCtx) {
        let rto = self.rto.rto();
        ctx.set_timer(self.rtx_timer, ctx.now() + rto);
        self.rtx_armed = true;
        ctx.record(self.series.rto, rto.as_secs_f64());
    }

    fn record_window(&self, ctx: &mut impl AgentCtx) {
        ctx.record(self.series.cwnd, self.cwnd());
        ctx.record(self.series.ssthresh, self.ssthresh);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::script::ScriptCtx;
    use crate::ids::{FlowId, NodeId};
    use crate::time::SimDuration;

    const RTX: TimerId = TimerId(0);

    fn series() -> SenderSeries {
        let id = SeriesId;
        SenderSeries {
            cwnd: id(0),
            ssthresh: id(1),
            rtt: id(2),
            srtt: id(3),
            rto: id(4),
            fast_retransmit: id(5),
            timeout: id(6),
        }
    }

    fn config(variant: Variant) -> SenderConfig {
        SenderConfig {
            variant,
            mss_bytes: 1000,
            header_bytes: 40,
            initial_window: 1,
            rwnd_segments: 64,
            dupack_threshold: 3,
            limited_transmit: false,
            rto: RtoConfig::default(),
        }
    }

    fn sender(cfg: SenderConfig) -> TcpSender {
        let addr = FlowAddr { flow: FlowId(0), local: NodeId(0), remote: NodeId(1) };
        TcpSender::new(cfg, addr, RTX, series())
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
            s.on_timer(&mut ctx);
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

    #[test]
    fn karn_no_rtt_sample_from_a_retransmitted_segment() {
        let mut s = sender(config(Variant::Reno));
        let mut ctx = ScriptCtx::default();
        s.start(&mut ctx);
        ctx.now = SimTime(1_000_000_000);
        s.on_timer(&mut ctx);
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
}
