//! The TCP sender, built from parts: a core that owns sequence state,
//! output, the retransmission timer and ECN's response (`core.rs`) with the
//! persist timer (`persist.rs`) and pacing (`pacing.rs`); a growth policy
//! that sizes the window (`growth/`: Reno, Vegas, CUBIC, BBR); and a
//! loss-recovery policy that decides what to resend (`recovery/`: Tahoe,
//! Reno and NewReno, SACK with optional PRR, FACK, Vegas). A variant name is
//! a preset that picks one of each (`presets.rs`); the ns-2 variants keep
//! ns-2's one-way agents' behaviour, which the seed papers used. BBR feeds
//! on delivery-rate samples (`rate_sample.rs`), Vegas on per-segment send
//! times (`segment_clock.rs`); seed 004's delay estimator and Fast Increase
//! are in `owd.rs`. Sequence numbers count segments; `snd_una` and `snd_nxt` are
//! RFC 9293's names; `snd_max` is the highest sent (ns-2's maxseq_).

mod config;
mod core;
mod growth;
mod owd;
mod pacing;
mod persist;
mod presets;
mod rate_sample;
mod recovery;
mod segment_clock;

pub use config::{RtoKind, SenderConfig, SenderSeries, SenderStats, SenderTimers};
pub use growth::{GrowthMetrics, VegasParams};

use super::rto::RtoTimer;
use super::Variant;
use crate::agent::{AgentCtx, FlowAddr};
use crate::packet::{flags, Packet, PacketKind};
use core::Core;
use growth::Growth;
use recovery::Recovery;

pub struct TcpSender {
    core: Core,
    growth: Growth,
    recovery: Recovery,
}

impl TcpSender {
    pub fn new(cfg: SenderConfig, addr: FlowAddr, timers: SenderTimers, series: SenderSeries) -> Self {
        let (growth, recovery) = presets::parts(&cfg, addr.flow.0 as u32);
        TcpSender { core: Core::new(cfg, addr, timers, series, &growth), growth, recovery }
    }

    pub fn config(&self) -> &SenderConfig {
        &self.core.cfg
    }

    pub fn variant(&self) -> Variant {
        self.core.cfg.variant
    }

    pub fn stats(&self) -> &SenderStats {
        &self.core.stats
    }

    /// The congestion window in segments, Reno's inflation included.
    pub fn cwnd(&self) -> f64 {
        self.core.cwnd()
    }

    pub fn ssthresh(&self) -> f64 {
        self.core.w.ssthresh
    }

    /// What the growth policy reports besides the window.
    pub fn growth_metrics(&self) -> GrowthMetrics {
        self.growth.metrics()
    }

    pub fn snd_una(&self) -> u32 {
        self.core.snd_una
    }

    pub fn snd_max(&self) -> u32 {
        self.core.snd_max
    }

    pub fn rto(&self) -> &RtoTimer {
        &self.core.rto
    }

    /// Application bytes the receiver has acknowledged.
    pub fn acked_bytes(&self) -> u64 {
        self.core.acked_bytes()
    }

    /// How much data the application has handed over: `total_bytes` so far
    /// (ns-2's curseq_); with `complete` that is all, and the last segment
    /// may be short. A sender is an endless transfer until this is called.
    pub fn set_supply(&mut self, total_bytes: u64, complete: bool) {
        self.core.app_bytes = total_bytes;
        self.core.app_complete = complete;
    }

    /// More application data arrived (a split proxy's second leg): send what
    /// the window allows now, unless loss recovery or a zero window decides.
    pub fn supply(&mut self, total_bytes: u64, complete: bool, ctx: &mut impl AgentCtx) {
        self.set_supply(total_bytes, complete);
        if !self.core.started {
            self.start(ctx);
        } else if self.core.dupacks == 0 && self.core.persist.is_none() {
            self.core.send_much(ctx, None);
        }
    }

    /// Everything the application handed over is acknowledged.
    pub fn is_done(&self) -> bool {
        self.core.app_complete && self.core.snd_una >= self.core.app_end()
    }

    /// Probing a zero window (RFC 9293 3.8.6.1).
    pub fn is_persisting(&self) -> bool {
        self.core.persist.is_some()
    }

    /// The application has data: start sending.
    pub fn start(&mut self, ctx: &mut impl AgentCtx) {
        let s = &mut self.core;
        s.started = true;
        s.record_window(ctx);
        ctx.record(s.series.rto, s.rto.rto().as_secs_f64());
        s.send_much(ctx, None);
    }

    pub fn on_packet(&mut self, pkt: &Packet, ctx: &mut impl AgentCtx) {
        debug_assert_eq!(pkt.kind, PacketKind::Ack);
        let s = &self.core;
        if !s.started || pkt.seq > s.snd_max {
            return;
        }
        // ECN, the delay estimator and advertised windows, in one test when all are off.
        if (s.cfg.ecn || s.owd.is_some() || pkt.has(flags::WINDOW)) && self.ack_options(pkt, ctx) {
            return;
        }
        self.recovery.on_ack(&mut self.core, &mut self.growth, pkt, ctx);
        if self.core.adv_wnd.is_some() {
            self.core.follow_window(ctx);
        }
        if self.core.pacer.is_some() {
            self.record_model(ctx);
        }
    }

    /// The pacing rate and BBR's path model, in bit/s on the wire and seconds.
    #[inline(never)]
    fn record_model(&self, ctx: &mut impl AgentCtx) {
        let s = &self.core;
        let wire_bits = ((s.cfg.mss_bytes + s.cfg.header_bytes) * 8) as f64;
        if let (Some(id), Some(rate)) = (s.series.pacing_rate, s.pacing_rate()) {
            ctx.record(id, rate * wire_bits);
        }
        let m = self.growth.metrics();
        if let (Some(id), Some(bw)) = (s.series.btl_bw, m.btl_bw) {
            ctx.record(id, bw * wire_bits);
        }
        if let (Some(id), Some(rtt)) = (s.series.min_rtt, m.min_rtt_s) {
            ctx.record(id, rtt);
        }
    }

    /// What an ACK carries for the optional mechanisms; true if a window
    /// update consumed it.
    #[inline(never)]
    fn ack_options(&mut self, pkt: &Packet, ctx: &mut impl AgentCtx) -> bool {
        let s = &mut self.core;
        s.owd_on_ack(pkt, ctx);
        if s.take_window_update(pkt, ctx) {
            return true;
        }
        // ns-2 reacts to ECN-echo before anything else in the ACK.
        if s.cfg.ecn && pkt.has(flags::ECE) {
            s.on_ecn_echo(pkt.seq, &mut self.growth, ctx);
        }
        false
    }

    /// Timer `kind` (one of [`SenderTimers`]'s kinds) fired.
    pub fn on_timer(&mut self, kind: u16, ctx: &mut impl AgentCtx) {
        if kind == SenderTimers::CWND_KIND {
            if self.core.pacer.is_some() {
                // The pacing timer: the next segment may go.
                if self.core.persist.is_none() {
                    self.recovery.send(&mut self.core, ctx);
                }
                return;
            }
            return self.core.on_cwnd_timer(ctx);
        }
        // With a zero window the retransmission timer's slot times the probes.
        if self.core.persist.is_some() {
            return self.core.probe(ctx);
        }
        self.core.rtx_armed = false;
        if self.core.snd_una == self.core.snd_max {
            return;
        }
        self.recovery.on_timeout(&mut self.core, &mut self.growth, ctx);
    }
}

#[cfg(test)]
pub(crate) mod test_support;

#[cfg(test)]
mod tests {
    use super::test_support::*;
    use super::*;
    use crate::agent::script::ScriptCtx;
    use crate::time::{SimDuration, SimTime};

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
        s.core.w.ssthresh = 10.0;
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
        assert_eq!(s.stats().timeouts, 5);
        assert_eq!(s.cwnd(), 1.0);
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


    #[test]
    fn limited_transmit_after_a_timeout_resends_the_next_segment_at_once() {
        // ns-2's send_one sends t_seqno_ whatever it is: after the timeout's
        // go-back-N (snd_nxt = 1, snd_max = 4) each of the first two
        // duplicates sends the next old segment instead of waiting for a new ACK.
        let mut cfg = config(Variant::Reno);
        cfg.limited_transmit = true;
        cfg.initial_window = 4;
        let mut s = sender(cfg);
        let mut ctx = ScriptCtx::default();
        s.start(&mut ctx);
        assert_eq!(seqs(&ctx.take_sent()), vec![0, 1, 2, 3]);
        ctx.now = ctx.timer(RTX).unwrap();
        s.on_timer(SenderTimers::RTX_KIND, &mut ctx);
        assert_eq!(seqs(&ctx.take_sent()), vec![0]);
        s.on_packet(&ack(0), &mut ctx);
        let first = ctx.take_sent();
        assert_eq!(seqs(&first), vec![1]);
        assert!(first[0].is_retransmit());
        s.on_packet(&ack(0), &mut ctx);
        assert_eq!(seqs(&ctx.take_sent()), vec![2]);
        // The third is no fast retransmit (one response per window: ns-2's bug_fix_).
        s.on_packet(&ack(0), &mut ctx);
        assert!(ctx.take_sent().is_empty());
        assert_eq!(s.stats().fast_retransmits, 0);
    }

    #[test]
    fn a_paced_sender_spaces_its_segments_at_twice_cwnd_per_srtt_in_slow_start() {
        let mut cfg = config(Variant::Reno);
        cfg.pacing = true;
        cfg.initial_window = 2;
        let mut s = sender(cfg);
        let mut ctx = ScriptCtx::default();
        s.start(&mut ctx);
        // No RTT sample yet: no rate, the initial window goes at once.
        assert_eq!(seqs(&ctx.take_sent()), vec![0, 1]);
        // The first ACK: srtt 100 ms, cwnd 3, so 2 x 3 / 0.1 s = 60 segments/s.
        ctx.now = SimTime::ZERO + SimDuration::from_millis(100);
        s.on_packet(&ack(1), &mut ctx);
        assert_eq!(seqs(&ctx.take_sent()), vec![2], "one now, the next one interval later");
        let next = ctx.timer(CWND_TIMER).expect("the pacing timer");
        assert_eq!(next.0 - ctx.now.0, 16_666_667);
        ctx.now = next;
        s.on_timer(SenderTimers::CWND_KIND, &mut ctx);
        assert_eq!(seqs(&ctx.take_sent()), vec![3]);
    }
}
