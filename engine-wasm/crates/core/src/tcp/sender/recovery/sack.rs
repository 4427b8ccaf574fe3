//! SACK loss recovery as ns-2's Sack1TcpAgent: a scoreboard of what the
//! receiver holds (RFC 2018 blocks) and a pipe estimate of the segments in
//! flight (RFC 6675 section 5). In recovery a segment may go out whenever
//! pipe < cwnd: first the holes below the highest SACKed segment, each once,
//! then new data.
//!
//! Two ns-2 traits matter for its numbers: duplicate ACKs count only when
//! their SACK blocks say something new (so against a receiver without SACK
//! Sack1 never fast-retransmits), and the recovery ends with cwnd at half the
//! window, without an increase.
//!
//! ns-2 also forgets the scoreboard on every new ACK outside recovery and
//! when recovery ends. That is harmless while recovery ends with nothing
//! SACKed above the ACK, but a window still above the path's capacity after
//! the reduction (CUBIC's 0.7 after a slow-start overshoot) loses new data
//! during recovery: the receiver then holds blocks above the recovery point
//! that it will not report again (it repeats only its three latest blocks),
//! and the next recovery resends them all. RFC 6675 (section 3) keeps what
//! was SACKed until it is cumulatively acknowledged; `keep_board` does so for
//! every sender except ns-2's Sack1 preset, which keeps ns-2's numbers.
//!
//! The same holds across a retransmission timeout. ns-2 clears the board and
//! goes back N, resending everything from the cumulative ACK, held data
//! included. With `keep_board` the board survives the timeout (RFC 6675
//! section 5.1 with RFC 2018's erratum 1610, as ns-3's `SetSentListLost` and
//! Linux), and until the data sent before it is acknowledged the sender
//! resends only what the receiver does not hold, counting SACKed segments
//! out of the flight as ns-3's `BytesInFlight` does.

use super::super::core::{Core, LastAction};
use super::super::growth::Growth;
use super::prr::Prr;
use crate::agent::AgentCtx;
use crate::packet::Packet;
use crate::tcp::scoreboard::Scoreboard;

#[derive(Clone, Debug, Default)]
pub(crate) struct SackRecovery {
    board: Scoreboard,
    /// Estimated segments in the network during recovery.
    pipe: i64,
    in_recovery: bool,
    /// After a timeout, duplicate ACKs are ignored until a new ACK (ns-2's timeout_).
    after_timeout: bool,
    /// Size the sends in recovery by PRR (RFC 6937) instead of pipe < cwnd.
    use_prr: bool,
    prr: Option<Prr>,
    /// Keep SACK information until cumulatively acknowledged (RFC 6675)
    /// rather than forget it on new ACKs (ns-2's Sack1).
    keep_board: bool,
    /// With `keep_board`, after a timeout: snd_max when it fired. Until the
    /// cumulative ACK reaches it, sending skips SACKed segments.
    resend_below: Option<u32>,
}

impl SackRecovery {
    pub(crate) fn new(use_prr: bool) -> Self {
        SackRecovery { use_prr, ..SackRecovery::default() }
    }

    /// RFC 6675's scoreboard, kept across new ACKs and recovery episodes.
    pub(crate) fn keeping_board(mut self) -> Self {
        self.keep_board = true;
        self
    }

    /// A new cumulative ACK: trim the scoreboard to it (RFC 6675) or forget it (ns-2).
    fn on_new_cumulative_ack(&mut self, snd_una: u32, pkt: &Packet) {
        if self.keep_board {
            self.board.update(snd_una, pkt.sack().iter());
        } else {
            self.board.clear();
        }
    }

    pub(crate) fn on_ack(&mut self, s: &mut Core, g: &mut Growth, pkt: &Packet, ctx: &mut impl AgentCtx) {
        if self.in_recovery {
            self.on_ack_in_recovery(s, g, pkt, ctx);
        } else {
            self.on_ack_outside_recovery(s, g, pkt, ctx);
        }
    }

    fn on_ack_outside_recovery(&mut self, s: &mut Core, g: &mut Growth, pkt: &Packet, ctx: &mut impl AgentCtx) {
        let ack = pkt.seq;
        if ack > s.snd_una {
            s.take_new_ack(pkt, ctx);
            s.open_cwnd(pkt, g, ctx);
            s.delay_growth(ack);
            self.after_timeout = false;
            self.on_new_cumulative_ack(s.snd_una, pkt);
            s.record_window(ctx);
        } else if ack == s.snd_una && !self.after_timeout {
            self.on_dupack(s, g, pkt, ctx);
        } else if ack == s.snd_una && self.resend_below.is_some() {
            // RFC 6675 5.1: use the SACK information that arrives after the timeout.
            self.board.update(s.snd_una, pkt.sack().iter());
        }
        if self.resend_below.is_some_and(|r| s.snd_una >= r) {
            self.resend_below = None;
        }
        if self.resend_below.is_some() {
            self.send_missing(s, ctx);
        } else if s.dupacks == 0 {
            s.send_much(ctx, None);
        }
    }

    /// After a timeout with a kept board: from snd_nxt up, what the receiver
    /// does not hold, while the segments in flight (sent, not acknowledged,
    /// not SACKed) are fewer than the window.
    fn send_missing(&mut self, s: &mut Core, ctx: &mut impl AgentCtx) {
        let rwnd_edge = (s.snd_una.saturating_add(s.rwnd())).min(s.app_end());
        loop {
            while let Some(end) = self.board.sacked_end_at(s.snd_nxt) {
                s.snd_nxt = end;
            }
            let in_flight = s.snd_nxt - s.snd_una - self.board.sacked_between(s.snd_una, s.snd_nxt);
            if s.snd_nxt >= rwnd_edge || in_flight >= s.window() {
                break;
            }
            if s.pacer.is_some() && s.paced_out(ctx) {
                break;
            }
            s.output(s.snd_nxt, ctx);
            s.snd_nxt += 1;
        }
    }

    /// A duplicate ACK counts only when its SACK blocks tell something new.
    fn on_dupack(&mut self, s: &mut Core, g: &mut Growth, pkt: &Packet, ctx: &mut impl AgentCtx) {
        self.board.update(s.snd_una, pkt.sack().iter());
        if self.board.changed() {
            s.dupacks += 1;
            if s.dupacks == s.cfg.dupack_threshold {
                self.fast_retransmit(s, g, ctx);
            } else if s.dupacks < s.cfg.dupack_threshold && s.cfg.limited_transmit {
                s.send_one_beyond_cwnd(ctx);
            }
        }
    }

    fn on_ack_in_recovery(&mut self, s: &mut Core, g: &mut Growth, pkt: &Packet, ctx: &mut impl AgentCtx) {
        let ack = pkt.seq;
        let (una_before, sacked_before) = (s.snd_una, self.board.sacked() as i64);
        self.pipe -= 1;
        if s.recover.is_some_and(|r| ack >= r) {
            // Everything sent before the loss is acknowledged: recovery is over.
            s.recover = None;
            s.take_new_ack(pkt, ctx);
            self.in_recovery = false;
            self.after_timeout = false;
            self.on_new_cumulative_ack(s.snd_una, pkt);
            if self.prr.take().is_some() {
                // RFC 6937: recovery ends with cwnd = ssthresh.
                s.w.cwnd = s.w.ssthresh;
            }
            s.record_window(ctx);
        } else if ack > s.snd_una {
            self.on_partial_ack(s, pkt, ctx);
        } else if !self.after_timeout {
            self.board.update(s.snd_una, pkt.sack().iter());
            if self.board.changed() && s.dupacks > 0 {
                s.dupacks += 1;
            }
        }
        if g.owns_window_in_recovery() {
            s.model_ack(g, pkt, una_before, ctx.now());
            s.record_window(ctx);
        } else if let Some(prr) = self.prr.as_mut() {
            // RFC 6937 section 3: DeliveredData = change in snd.una + change in SACKed.
            let delivered = (s.snd_una - una_before) as i64 + self.board.sacked() as i64 - sacked_before;
            let sndcnt = prr.sndcnt(delivered.max(0) as u32, self.pipe);
            s.w.cwnd = (self.pipe + sndcnt as i64).max(1) as f64;
            s.record_window(ctx);
        }
        // Even the ACK that ends recovery sends by the pipe.
        self.send_by_pipe(s, ctx);
    }

    /// A partial ACK: the pipe loses the acknowledged retransmission too.
    fn on_partial_ack(&mut self, s: &mut Core, pkt: &Packet, ctx: &mut impl AgentCtx) {
        let ack = pkt.seq;
        s.snd_una = ack;
        s.snd_nxt = s.snd_nxt.max(ack);
        self.board.update(ack, pkt.sack().iter());
        self.pipe -= 1;
        s.arm_rtx(ctx);
        s.rto.reset_backoff();
    }

    /// ns-2 `Sack1TcpAgent::dupack_action`.
    fn fast_retransmit(&mut self, s: &mut Core, g: &mut Growth, ctx: &mut impl AgentCtx) {
        let recovered = s.recover.is_none_or(|r| s.snd_una > r);
        let ecn_case = !recovered && s.cfg.ecn && s.last_action == LastAction::Ecn;
        if !recovered && !ecn_case {
            return;
        }
        if ecn_case {
            // ECN already halved this window: retransmit without halving again.
            s.last_action = LastAction::Dupack;
        } else {
            s.recover = Some(s.snd_max);
            s.last_action = LastAction::Dupack;
            s.stats.fast_retransmits += 1;
            ctx.record(s.series.fast_retransmit, s.snd_una as f64);
            s.halve_window(g);
        }
        s.reset_rtx_timer(true, false, ctx);
        // ns-2 counts the duplicates as the segments that left the network; a
        // kept scoreboard may know of more (RFC 6675's pipe leaves out SACKed segments).
        let left = (s.cfg.dupack_threshold as i64).max(if self.keep_board { self.board.sacked() as i64 } else { 0 });
        self.pipe = (s.snd_max - s.snd_una) as i64 - left;
        self.in_recovery = true;
        self.board.mark_retransmitted(s.snd_una);
        if self.use_prr && !g.owns_window_in_recovery() {
            // RecoverFS: the data in flight when recovery began; the fast
            // retransmission is the first segment PRR counts as sent.
            let mut prr = Prr::new(s.snd_max - s.snd_una, s.w.ssthresh);
            prr.on_sent(1);
            self.prr = Some(prr);
        }
        s.output(s.snd_una, ctx);
        s.record_window(ctx);
    }

    /// What may go out now: by the pipe in recovery, else by the window.
    pub(crate) fn send(&mut self, s: &mut Core, ctx: &mut impl AgentCtx) {
        if self.in_recovery {
            self.send_by_pipe(s, ctx);
        } else if self.resend_below.is_some() {
            self.send_missing(s, ctx);
        } else if s.dupacks == 0 {
            s.send_much(ctx, None);
        }
    }

    /// Sending during recovery (ns-2 `Sack1TcpAgent::send_much`): while the
    /// pipe has room, the next hole, or else new data within the receiver window.
    fn send_by_pipe(&mut self, s: &mut Core, ctx: &mut impl AgentCtx) {
        let rwnd_edge = (s.snd_una + s.rwnd()).min(s.app_end());
        while self.pipe < s.w.cwnd as i64 {
            if s.pacer.is_some() && s.paced_out(ctx) {
                break;
            }
            let seq = match self.board.next_retransmission() {
                Some(hole) if hole < rwnd_edge => {
                    self.board.mark_retransmitted(hole);
                    hole
                }
                Some(_) => break,
                None if s.snd_nxt < rwnd_edge => {
                    s.snd_nxt += 1;
                    s.snd_nxt - 1
                }
                None => break,
            };
            s.output(seq, ctx);
            s.snd_nxt = s.snd_nxt.max(seq + 1);
            self.pipe += 1;
            if let Some(prr) = self.prr.as_mut() {
                prr.on_sent(1);
            }
        }
    }

    /// ns-2 `Sack1TcpAgent::timeout`, then the common timeout; with a kept
    /// board, the go-back-N that follows skips what the receiver holds.
    pub(crate) fn on_timeout(&mut self, s: &mut Core, g: &mut Growth, ctx: &mut impl AgentCtx) {
        s.dupacks = 0;
        self.in_recovery = false;
        self.after_timeout = true;
        self.prr = None;
        s.owd_on_timeout(ctx);
        if self.keep_board {
            self.resend_below = Some(s.snd_max);
            self.board.restart_holes();
            s.timeout_response(g, ctx);
            self.send_missing(s, ctx);
        } else {
            self.board.clear();
            s.timeout_common(g, ctx);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::agent::script::ScriptCtx;
    use crate::tcp::sender::test_support::*;
    use crate::tcp::sender::TcpSender;
    use crate::tcp::Variant;

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
        assert_eq!(s.stats().fast_retransmits, 0, "plain duplicates say nothing new");
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
        assert_eq!(s.stats().timeouts, 0);
    }

    #[test]
    fn recovery_ends_when_everything_sent_before_the_loss_is_acknowledged_with_cwnd_halved() {
        let (mut s, mut ctx) = sack_sender();
        let first = ctx.take_sent()[0].seq;
        let cwnd = s.cwnd();
        for k in 2..5 {
            s.on_packet(&sack_ack(first, &[(first + 1, first + k)]), &mut ctx);
        }
        assert_eq!(s.stats().fast_retransmits, 1);
        let recover = s.snd_max();
        ctx.take_sent();
        s.on_packet(&ack(recover), &mut ctx);
        // ns-2's Sack1 leaves recovery at ssthresh without a further increase.
        assert_eq!(s.cwnd(), cwnd / 2.0);
        assert_eq!(s.ssthresh(), (cwnd / 2.0).floor());
    }

    #[test]
    fn after_a_timeout_duplicates_are_ignored_until_a_new_ack() {
        let (mut s, mut ctx) = sack_sender();
        let first = ctx.take_sent()[0].seq;
        ctx.now = ctx.timer(crate::tcp::sender::test_support::RTX).unwrap();
        s.on_timer(crate::tcp::SenderTimers::RTX_KIND, &mut ctx);
        assert_eq!(s.stats().timeouts, 1);
        ctx.take_sent();
        for k in 2..8 {
            s.on_packet(&sack_ack(first, &[(first + 1, first + k)]), &mut ctx);
        }
        assert_eq!(s.stats().fast_retransmits, 0);
    }

    /// A window of 16 loses its first segment; recovery sends new data beyond the
    /// recovery point R = first + 16 and ends with R + 1 SACKed, R and R + 2 still
    /// missing; the receiver's later ACKs report only newer blocks. Returns the
    /// segments (less R) resent in the next recovery.
    fn resent_after_a_recovery_ending_above_holes(mut s: TcpSender, mut ctx: ScriptCtx) -> Vec<u32> {
        let first = ctx.take_sent()[0].seq;
        for k in 2..5 {
            s.on_packet(&sack_ack(first, &[(first + 1, first + k)]), &mut ctx);
        }
        assert_eq!(s.stats().fast_retransmits, 1);
        let r = s.snd_max();
        assert_eq!(r, first + 16);
        // More duplicates shrink the pipe; new data goes out beyond the recovery point.
        for k in 5..17 {
            s.on_packet(&sack_ack(first, &[(first + 1, first + k)]), &mut ctx);
        }
        let top = s.snd_max();
        assert!(top >= r + 7, "snd_max R + {}", top - r);
        // The retransmission arrives: everything below R is held, and R + 1.
        s.on_packet(&sack_ack(r, &[(r + 1, r + 2)]), &mut ctx);
        assert_eq!(s.snd_una(), r);
        ctx.take_sent();
        // R + 3.. arrive; the receiver reports its latest block first, and
        // R + 1's block no longer fits in those it repeats.
        let mut resent = vec![];
        // (Repeats of the last one still shrink the pipe, as in ns-2.)
        for k in (r + 4..top).chain([top; 4]) {
            s.on_packet(&sack_ack(r, &[(r + 3, k)]), &mut ctx);
            resent.extend(ctx.take_sent().iter().filter(|p| p.is_retransmit()).map(|p| p.seq - r));
        }
        assert_eq!(s.stats().fast_retransmits, 2);
        resent
    }

    fn rfc_6675_sender() -> (TcpSender, ScriptCtx) {
        let mut cfg = crate::tcp::sender::test_support::config(Variant::NewReno);
        cfg.sack_recovery = true;
        let mut s = crate::tcp::sender::test_support::sender(cfg);
        let mut ctx = ScriptCtx::default();
        s.start(&mut ctx);
        while (s.cwnd() as u32) < 16 {
            for p in ctx.take_sent() {
                if s.cwnd() as u32 >= 16 {
                    break;
                }
                s.on_packet(&ack(p.seq + 1), &mut ctx);
            }
        }
        (s, ctx)
    }

    #[test]
    fn an_rfc_6675_scoreboard_does_not_resend_what_was_sacked_before_the_last_recovery_ended() {
        let (s, ctx) = rfc_6675_sender();
        assert_eq!(resent_after_a_recovery_ending_above_holes(s, ctx), vec![0, 2]);
    }

    /// Segments una and una + 5 of the window are lost, the rest SACKed; the
    /// timer fires. Returns what is resent (less una) when the resend of una
    /// arrives, and whether new data went out by then.
    fn resent_after_a_timeout(mut s: TcpSender, mut ctx: ScriptCtx) -> (Vec<u32>, bool) {
        ctx.take_sent();
        let (una, top) = (s.snd_una(), s.snd_max());
        assert!(top - una >= 10);
        s.on_packet(&sack_ack(una, &[(una + 6, top), (una + 1, una + 5)]), &mut ctx);
        ctx.now = ctx.timer(crate::tcp::sender::test_support::RTX).unwrap();
        s.on_timer(crate::tcp::SenderTimers::RTX_KIND, &mut ctx);
        assert_eq!(s.stats().timeouts, 1);
        let mut resent = seqs(&ctx.take_sent());
        s.on_packet(&sack_ack(una + 5, &[(una + 6, top)]), &mut ctx);
        resent.extend(ctx.take_sent().iter().filter(|p| p.is_retransmit()).map(|p| p.seq));
        (resent.iter().map(|x| x - una).collect(), s.snd_max() > top)
    }

    #[test]
    fn an_rfc_6675_sender_keeps_sack_information_across_a_timeout() {
        let (s, ctx) = rfc_6675_sender();
        assert_eq!(resent_after_a_timeout(s, ctx), (vec![0, 5], true), "only the holes, then new data");
    }

    #[test]
    fn ns2_sack1_goes_back_n_after_a_timeout_and_resends_held_data() {
        let (s, ctx) = warmed_up(Variant::Sack1, 16);
        assert_eq!(resent_after_a_timeout(s, ctx), (vec![0, 5, 6], false));
    }

    #[test]
    fn ns2_sack1_forgets_the_scoreboard_when_recovery_ends_and_resends_held_data() {
        // ns-2's Sack1 clears the board: R + 1 looks like a hole again.
        let (s, ctx) = warmed_up(Variant::Sack1, 16);
        assert_eq!(resent_after_a_recovery_ending_above_holes(s, ctx), vec![0, 1, 2]);
    }
}
