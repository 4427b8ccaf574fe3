//! Forward acknowledgement (Mathis and Mahdavi, SIGCOMM 1996) as ns-2's
//! FackTcpAgent with its defaults (no rampdown, no ss-div4).
//!
//! `fack` is the forward-most segment the receiver is known to hold; the
//! data in the network is estimated as snd_nxt - fack + retransmitted data
//! still unaccounted for, and the sender keeps that within cwnd. Recovery
//! starts once fack is three segments past the cumulative ACK; lost
//! retransmissions are noticed when data sent after them is SACKed.

use super::super::core::{Core, LastAction};
use super::super::growth::Growth;
use crate::agent::AgentCtx;
use crate::packet::Packet;
use std::collections::VecDeque;

/// ns-2's original ScoreBoard: one entry per unacknowledged segment up to
/// the highest SACKed one.
#[derive(Clone, Debug, Default)]
struct SegmentBoard {
    first: u32,
    entries: VecDeque<Entry>,
}

#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    sacked: bool,
    retransmitted: bool,
    /// snd_nxt when it was retransmitted.
    snd_nxt: u32,
}

impl SegmentBoard {
    fn entry(&mut self, seq: u32) -> Option<&mut Entry> {
        seq.checked_sub(self.first).and_then(|i| self.entries.get_mut(i as usize))
    }

    /// Drops segments below `una` and takes in SACK blocks; returns how many
    /// retransmitted segments are now acknowledged or SACKed.
    fn update(&mut self, una: u32, blocks: impl Iterator<Item = (u32, u32)> + Clone) -> i64 {
        let mut retransmissions_done = 0;
        while !self.entries.is_empty() && self.first < una {
            let e = self.entries.pop_front().expect("not empty");
            retransmissions_done += e.retransmitted as i64;
            self.first += 1;
        }
        if self.entries.is_empty() && blocks.clone().next().is_some() {
            self.first = una;
            self.entries.push_back(Entry::default());
        }
        for (left, right) in blocks {
            while self.first + (self.entries.len() as u32) < right {
                self.entries.push_back(Entry::default());
            }
            for seq in left.max(self.first)..right {
                let e = self.entry(seq).expect("extended above");
                e.sacked = true;
                if std::mem::take(&mut e.retransmitted) {
                    retransmissions_done += 1;
                }
            }
        }
        retransmissions_done
    }

    /// A retransmission is lost when data sent after it is SACKed (ns-2 `CheckSndNxt`).
    fn lost_retransmission(&mut self, blocks: impl Iterator<Item = (u32, u32)>) -> bool {
        let mut lost = false;
        for (_, right) in blocks {
            let first = self.first;
            for (i, e) in self.entries.iter_mut().enumerate() {
                if first + i as u32 >= right {
                    break;
                }
                if e.retransmitted && e.snd_nxt < right {
                    e.retransmitted = false;
                    lost = true;
                }
            }
        }
        lost
    }

    /// The first segment neither SACKed nor retransmitted.
    fn next_retransmission(&self) -> Option<u32> {
        self.entries.iter().position(|e| !e.sacked && !e.retransmitted).map(|i| self.first + i as u32)
    }

    fn mark_retransmitted(&mut self, seq: u32, snd_nxt: u32) {
        if let Some(e) = self.entry(seq) {
            e.retransmitted = true;
            e.snd_nxt = snd_nxt;
        }
    }

    fn clear(&mut self) {
        self.entries.clear();
    }
}

#[derive(Clone, Debug, Default)]
pub(crate) struct FackRecovery {
    board: SegmentBoard,
    /// One past the forward-most segment known received.
    fack_end: u32,
    /// Retransmitted segments not yet known to have arrived.
    retran_data: i64,
    /// ns-2's recover_: the next segment to send when recovery began.
    recover_seq: u32,
    in_recovery: bool,
    /// Stop sending until the timer fires (a retransmission was lost).
    hold: bool,
    /// ns-2's dupacks_ for FACK: fack - ack - 1, negative without SACK.
    dupacks: i64,
}

fn max_sack_end(pkt: &Packet) -> Option<u32> {
    pkt.sack().iter().map(|(_, r)| r).max()
}

impl FackRecovery {
    pub(crate) fn on_ack(&mut self, s: &mut Core, g: &mut Growth, pkt: &Packet, ctx: &mut impl AgentCtx) {
        if self.in_recovery {
            self.on_ack_in_recovery(s, g, pkt, ctx);
            return;
        }
        let ack = pkt.seq;
        if ack > s.snd_una && pkt.sack_len == 0 {
            s.take_new_ack(pkt, ctx);
            s.open_cwnd(pkt, g, ctx);
            self.fack_end = ack;
            self.hold = false;
            self.board.clear();
            self.retran_data = 0;
            self.dupacks = 0;
            s.record_window(ctx);
        } else if ack >= s.snd_una {
            self.on_dupack(s, g, pkt, ctx);
        }
        if self.dupacks == 0 {
            self.send(s, ctx);
        }
    }

    /// A duplicate or SACK-bearing ACK: recovery starts once the forward-most
    /// SACKed segment is `dupack_threshold` past the cumulative ACK.
    fn on_dupack(&mut self, s: &mut Core, g: &mut Growth, pkt: &Packet, ctx: &mut impl AgentCtx) {
        let ack = pkt.seq;
        // ns-2 trims the board at the old cumulative ACK, then takes this one.
        self.retran_data -= self.board.update(s.snd_una, pkt.sack().iter());
        self.old_ack(s, pkt, ctx);
        self.dupacks = self.fack_end as i64 - ack as i64 - 1;
        if self.dupacks >= s.cfg.dupack_threshold as i64 {
            self.recover_seq = s.snd_nxt;
            self.in_recovery = true;
            self.board.mark_retransmitted(ack, s.snd_nxt);
            self.retran_data += 1;
            s.last_action = LastAction::Dupack;
            s.stats.fast_retransmits += 1;
            ctx.record(s.series.fast_retransmit, ack as f64);
            s.restart_window(g);
            s.reset_rtx_timer(true, false, ctx);
            s.output(ack, ctx);
            s.record_window(ctx);
        }
    }

    fn on_ack_in_recovery(&mut self, s: &mut Core, g: &mut Growth, pkt: &Packet, ctx: &mut impl AgentCtx) {
        let ack = pkt.seq;
        self.old_ack(s, pkt, ctx);
        self.retran_data -= self.board.update(s.snd_una, pkt.sack().iter());
        self.hold |= self.board.lost_retransmission(pkt.sack().iter());
        s.open_cwnd(pkt, g, ctx);
        if pkt.sack_len == 0 && ack > self.recover_seq {
            self.in_recovery = false;
            self.hold = false;
            self.board.clear();
            self.retran_data = 0;
            self.dupacks = 0;
        }
        s.record_window(ctx);
        self.send(s, ctx);
    }

    /// ns-2 `FackTcpAgent::oldack`: take a duplicate or SACK-bearing ACK,
    /// with an RTT sample from its echoed timestamp.
    fn old_ack(&mut self, s: &mut Core, pkt: &Packet, ctx: &mut impl AgentCtx) {
        let ack = pkt.seq;
        s.snd_una = s.snd_una.max(ack);
        s.snd_max = s.snd_max.max(ack);
        s.snd_nxt = s.snd_nxt.max(ack);
        s.arm_rtx(ctx);
        if s.timed.is_some_and(|(seq, _)| ack > seq) {
            s.timed = None;
            s.rto.reset_backoff();
        }
        let now = ctx.now();
        s.take_rtt_sample(now.since(pkt.ts_ecr), false, ctx);
        self.fack_end = self.fack_end.max(ack);
        if let Some(end) = max_sack_end(pkt) {
            self.fack_end = self.fack_end.max(end);
        }
        if self.fack_end > s.snd_nxt {
            s.snd_nxt = self.fack_end;
        }
    }

    /// ns-2 `FackTcpAgent::send_much`: keep snd_nxt - fack + retransmitted
    /// data within the window; holes first.
    pub(crate) fn send(&mut self, s: &mut Core, ctx: &mut impl AgentCtx) {
        loop {
            let win = s.w.cwnd.min(s.rwnd() as f64) as i64;
            if self.hold || s.snd_nxt as i64 > self.fack_end as i64 - 1 + win - self.retran_data {
                break;
            }
            if s.pacer.is_some() && s.paced_out(ctx) {
                break;
            }
            let seq = match self.board.next_retransmission() {
                Some(hole) => {
                    self.board.mark_retransmitted(hole, s.snd_nxt);
                    self.retran_data += 1;
                    hole
                }
                None => {
                    if (self.in_recovery && s.snd_nxt >= s.snd_una + s.rwnd()) || s.snd_nxt >= s.app_end() {
                        break;
                    }
                    s.snd_nxt += 1;
                    s.snd_nxt - 1
                }
            };
            s.output(seq, ctx);
            s.snd_nxt = s.snd_nxt.max(seq + 1);
        }
    }

    /// ns-2 `FackTcpAgent::timeout`.
    pub(crate) fn on_timeout(&mut self, s: &mut Core, g: &mut Growth, ctx: &mut impl AgentCtx) {
        let una = s.snd_una;
        self.hold = false;
        self.retran_data = 0;
        self.board.clear();
        self.fack_end = una;
        s.last_action = LastAction::Timeout;
        s.stats.timeouts += 1;
        ctx.record(s.series.timeout, una as f64);
        s.restart_window(g);
        s.reset_rtx_timer(true, true, ctx);
        s.snd_nxt = una;
        s.resend_after_timeout = true;
        s.record_window(ctx);
        self.send(s, ctx);
    }
}

#[cfg(test)]
mod tests {
    use crate::tcp::sender::test_support::*;
    use crate::tcp::Variant;

    #[test]
    fn recovery_starts_once_the_forward_most_sack_is_three_past_the_cumulative_ack() {
        let (mut s, mut ctx) = warmed_up(Variant::Fack, 8);
        let first = ctx.take_sent()[0].seq;
        // Two segments above the hole: not yet (fack - ack - 1 = 2).
        s.on_packet(&sack_ack(first, &[(first + 1, first + 3)]), &mut ctx);
        assert_eq!(s.stats().fast_retransmits, 0);
        assert!(ctx.take_sent().iter().all(|p| !p.is_retransmit()));
        // A single ACK SACKing three segments past it is enough: no need for
        // three duplicate ACKs (Mathis and Mahdavi, section 3).
        let cwnd = s.cwnd();
        s.on_packet(&sack_ack(first, &[(first + 1, first + 4)]), &mut ctx);
        assert_eq!(s.stats().fast_retransmits, 1);
        assert_eq!(ctx.take_sent()[0].seq, first);
        assert_eq!(s.ssthresh(), (cwnd / 2.0).floor());
    }

    #[test]
    fn in_recovery_the_data_in_flight_is_kept_within_cwnd_counting_from_the_forward_most_sack() {
        let (mut s, mut ctx) = warmed_up(Variant::Fack, 16);
        let first = ctx.take_sent()[0].seq;
        s.on_packet(&sack_ack(first, &[(first + 1, first + 4)]), &mut ctx);
        ctx.take_sent();
        // Each further SACK moves fack forward by one: a segment may go only
        // while snd_nxt <= fack - 1 + cwnd - retransmitted data (one here).
        let snd_max = s.snd_max();
        let mut sent = 0;
        for k in 5..=(snd_max - first + 2) {
            s.on_packet(&sack_ack(first, &[(first + 1, first + k)]), &mut ctx);
            let win = s.cwnd() as u32;
            for p in ctx.take_sent() {
                assert!(p.seq < first + k - 1 + win, "segment {} at k = {k}, cwnd {win}", p.seq);
                sent += 1;
            }
        }
        assert!(sent > 0, "the window lets data out as fack advances");
        assert_eq!(s.stats().timeouts, 0);
    }

    #[test]
    fn a_lost_retransmission_stops_sending_until_the_timeout() {
        let (mut s, mut ctx) = warmed_up(Variant::Fack, 8);
        let first = ctx.take_sent()[0].seq;
        s.on_packet(&sack_ack(first, &[(first + 1, first + 4)]), &mut ctx);
        let snd_nxt_at_resend = s.core.snd_nxt;
        ctx.take_sent();
        // Data sent after the retransmission is SACKed while the hole stays: it was lost again.
        s.on_packet(&sack_ack(first, &[(first + 1, snd_nxt_at_resend + 1)]), &mut ctx);
        assert!(ctx.take_sent().is_empty(), "held");
        s.on_packet(&sack_ack(first, &[(first + 1, snd_nxt_at_resend + 2)]), &mut ctx);
        assert!(ctx.take_sent().is_empty(), "still held");
        ctx.now = ctx.timer(RTX).unwrap();
        s.on_timer(crate::tcp::SenderTimers::RTX_KIND, &mut ctx);
        assert_eq!(ctx.take_sent()[0].seq, first, "the timeout resends the hole");
        assert_eq!(s.cwnd(), 1.0);
    }
}
