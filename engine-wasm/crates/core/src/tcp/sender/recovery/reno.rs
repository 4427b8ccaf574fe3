//! Loss recovery of Tahoe, Reno and NewReno, as ns-2's TcpAgent,
//! RenoTcpAgent and NewRenoTcpAgent (with their default settings).
//!
//! - Tahoe: fast retransmit (RFC 5681 3.2), then slow start from one segment.
//! - Reno: fast retransmit and fast recovery (RFC 5681 3.2): cwnd = ssthresh
//!   + 3, one more per further duplicate ACK; any new ACK ends recovery.
//! - NewReno (RFC 6582): a partial ACK resends the next hole and stays in
//!   recovery until everything sent before the loss is acknowledged.

use super::super::core::{Core, LastAction};
use super::super::growth::Growth;
use crate::agent::AgentCtx;
use crate::packet::Packet;

/// Which of the three.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum RenoFlavor {
    Tahoe,
    Reno,
    NewReno,
}

#[derive(Clone, Debug)]
pub(crate) struct RenoRecovery {
    flavor: RenoFlavor,
    /// NewReno has seen a partial ACK in this recovery (ns-2's firstpartial_).
    partial_ack_seen: bool,
}


impl RenoRecovery {
    pub(crate) fn new(flavor: RenoFlavor) -> Self {
        RenoRecovery { flavor, partial_ack_seen: false }
    }

    /// Takes an ACK: new data, a partial ACK in NewReno's recovery, or a duplicate.
    pub(crate) fn on_ack(&mut self, s: &mut Core, g: &mut Growth, pkt: &Packet, ctx: &mut impl AgentCtx) {
        let ack = pkt.seq;
        if ack > s.snd_una {
            let in_recovery = s.last_action == LastAction::Dupack && s.recover.is_some_and(|r| ack < r);
            if self.flavor == RenoFlavor::NewReno && in_recovery {
                let una_before = s.snd_una;
                self.on_partial_ack(s, pkt, ctx);
                if g.owns_window_in_recovery() {
                    s.model_ack(g, pkt, una_before, ctx.now());
                }
            } else {
                if s.last_action == LastAction::Dupack {
                    s.last_action = LastAction::Exited;
                }
                // Reno leaves fast recovery: the window deflates to the halved cwnd.
                s.dupwnd = 0;
                self.partial_ack_seen = false;
                // With the window's growth, its record and the sending `send` would do.
                s.new_ack_then_send(pkt, g, ctx);
                return;
            }
            s.record_window(ctx);
        } else if ack == s.snd_una && s.snd_una < s.snd_max {
            self.on_dupack(s, g, ctx);
        }
        self.send(s, ctx);
    }

    /// A duplicate ACK: fast retransmit on the third (RFC 5681 3.2), inflation
    /// after it, RFC 3042's limited transmit before it.
    fn on_dupack(&mut self, s: &mut Core, g: &mut Growth, ctx: &mut impl AgentCtx) {
        let threshold = s.cfg.dupack_threshold;
        s.dupacks += 1;
        if s.dupacks == threshold {
            self.fast_retransmit(s, g, ctx);
        } else if s.dupacks > threshold {
            // RFC 5681 3.2 step 4: each further duplicate ACK inflates cwnd by one segment.
            if self.flavor != RenoFlavor::Tahoe && s.last_action == LastAction::Dupack {
                s.dupwnd += 1;
                s.record_window(ctx);
            }
        } else if s.cfg.limited_transmit {
            s.send_one_beyond_cwnd(ctx);
        }
    }

    /// What to send after an ACK: ns-2 sends only with no duplicates or in
    /// recovery; NewReno there at most two segments per ACK.
    pub(crate) fn send(&mut self, s: &mut Core, ctx: &mut impl AgentCtx) {
        if s.dupacks == 0 {
            s.send_much(ctx, None);
        } else if s.dupacks >= s.cfg.dupack_threshold {
            let burst = (self.flavor == RenoFlavor::NewReno).then_some(2);
            s.send_much(ctx, burst);
        }
    }

    /// The third duplicate ACK (ns-2 `dupack_action`).
    fn fast_retransmit(&mut self, s: &mut Core, g: &mut Growth, ctx: &mut impl AgentCtx) {
        // One response per window of data (ns-2's bug_fix_): not again until
        // everything sent before the last one is acknowledged.
        let recovered = s.recover.is_none_or(|r| s.snd_una > r) || (!s.cfg.bug_fix && !s.cfg.ecn);
        let allowed = match self.flavor {
            RenoFlavor::Reno => recovered || s.last_action == LastAction::Dupack,
            _ => recovered,
        };
        if !allowed {
            if s.cfg.ecn && s.last_action == LastAction::Ecn {
                // ECN already halved this window: retransmit without halving again.
                s.last_action = LastAction::Dupack;
                match self.flavor {
                    RenoFlavor::Tahoe => {
                        s.w.cwnd = 1.0;
                        s.reset_rtx_timer(false, false, ctx);
                    }
                    _ => {
                        s.reset_rtx_timer(true, false, ctx);
                        s.output(s.snd_una, ctx);
                        s.dupwnd = s.cfg.dupack_threshold;
                    }
                }
                s.record_window(ctx);
            }
            return;
        }
        s.recover = Some(s.snd_max);
        s.last_action = LastAction::Dupack;
        s.stats.fast_retransmits += 1;
        ctx.record(s.series.fast_retransmit, s.snd_una as f64);
        match self.flavor {
            RenoFlavor::Tahoe => {
                // Slow start from one segment, resending from the first unacknowledged one.
                s.restart_window(g);
                s.reset_rtx_timer(false, false, ctx);
            }
            _ => {
                // Fast recovery: cwnd = ssthresh + 3 segments, as half + dupwnd.
                s.halve_window(g);
                s.reset_rtx_timer(true, false, ctx);
                s.output(s.snd_una, ctx);
                s.dupwnd = s.cfg.dupack_threshold;
            }
        }
        s.record_window(ctx);
    }

    /// RFC 6582 3.2 step 5, as ns-2 (`partialnewack_helper` with ns-2.35's
    /// defaults): deflate the window by the amount acknowledged, add back one
    /// segment, resend the first unacknowledged segment; restart the timer on
    /// the first partial ACK only (the "impatient" variant); stay in recovery.
    fn on_partial_ack(&mut self, s: &mut Core, pkt: &Packet, ctx: &mut impl AgentCtx) {
        let ack = pkt.seq;
        let deflate = ack - s.snd_una;
        if s.dupwnd > deflate {
            s.dupwnd -= deflate - 1;
        } else {
            s.w.cwnd = (s.w.cwnd - (deflate - s.dupwnd) as f64).max(1.0);
            s.dupwnd = 1;
        }
        if !self.partial_ack_seen {
            self.partial_ack_seen = true;
            s.arm_rtx(ctx);
        }
        s.snd_una = ack;
        s.snd_nxt = s.snd_nxt.max(ack);
        if s.timed.is_some_and(|(seq, _)| ack > seq) {
            // ns-2 ends the backoff here but takes no RTT sample.
            s.timed = None;
            s.rto.reset_backoff();
        }
        s.output(s.snd_una, ctx);
    }

    /// The retransmission timer fired: Reno and NewReno leave fast recovery
    /// (ns-2's RenoTcpAgent::timeout), then the common timeout.
    pub(crate) fn on_timeout(&mut self, s: &mut Core, g: &mut Growth, ctx: &mut impl AgentCtx) {
        if self.flavor != RenoFlavor::Tahoe {
            s.dupwnd = 0;
            s.dupacks = 0;
        }
        s.owd_on_timeout(ctx);
        s.timeout_common(g, ctx);
    }
}

#[cfg(test)]
mod tests {
    use crate::agent::script::ScriptCtx;
    use crate::tcp::sender::test_support::*;
    use crate::tcp::sender::SenderTimers;
    use crate::tcp::Variant;

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
        assert_eq!(s.stats().fast_retransmits, 1);
        assert_eq!(s.stats().timeouts, 0);
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
        assert_eq!(s.stats().fast_retransmits, 1);
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
        (s.stats().fast_retransmits, seqs(&ctx.take_sent()).first().copied())
    }

    #[test]
    fn bug_fix_keeps_duplicates_of_old_data_from_a_fast_retransmit() {
        assert_eq!(fast_retransmits_after_timeout(true), (0, None));
        assert_eq!(fast_retransmits_after_timeout(false), (1, Some(2)), "segment 2 resent first");
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
        assert_eq!(s.stats().fast_retransmits, 1);
        assert_eq!(s.stats().timeouts, 0);
        // Everything up to the recovery point: recovery ends, no second halving.
        let ssthresh = s.ssthresh();
        s.on_packet(&ack(recover), &mut ctx);
        assert_eq!(s.ssthresh(), ssthresh);
        assert_eq!(s.core.dupwnd, 0);
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
        assert_eq!(s.core.dupwnd, 0, "deflated");
        assert!(ctx.take_sent().iter().all(|p| !p.is_retransmit()), "no hole resent");
    }
}
