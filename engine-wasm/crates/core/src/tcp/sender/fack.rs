//! Forward acknowledgement (Mathis and Mahdavi, SIGCOMM 1996) as ns-2's
//! FackTcpAgent with its defaults (no rampdown, no ss-div4).
//!
//! `fack` is the forward-most segment the receiver is known to hold; the
//! data in the network is estimated as snd_nxt - fack + retransmitted data
//! still unaccounted for, and the sender keeps that within cwnd. Recovery
//! starts once fack is three segments past the cumulative ACK; lost
//! retransmissions are noticed when data sent after them is SACKed.

use super::{LastAction, TcpSender};
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
pub(super) struct FackRecovery {
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

impl TcpSender {
    fn fack_state(&mut self) -> &mut FackRecovery {
        self.fack.as_mut().expect("FACK senders have their state")
    }

    pub(super) fn fack_ack(&mut self, pkt: &Packet, ctx: &mut impl AgentCtx) {
        let ack = pkt.seq;
        if !self.fack_state().in_recovery {
            if ack > self.snd_una && pkt.sack_len == 0 {
                self.take_new_ack(pkt, ctx);
                self.open_cwnd(pkt, ctx);
                let st = self.fack_state();
                st.fack_end = ack;
                st.hold = false;
                st.board.clear();
                st.retran_data = 0;
                st.dupacks = 0;
                self.record_window(ctx);
            } else if ack >= self.snd_una {
                // ns-2 trims the board at the old cumulative ACK, then takes this one.
                let una = self.snd_una;
                let st = self.fack_state();
                st.retran_data -= st.board.update(una, pkt.sack().iter());
                self.fack_old_ack(pkt, ctx);
                let (snd_nxt, threshold) = (self.snd_nxt, self.cfg.dupack_threshold as i64);
                let st = self.fack_state();
                st.dupacks = st.fack_end as i64 - ack as i64 - 1;
                if st.dupacks >= threshold {
                    st.recover_seq = snd_nxt;
                    st.in_recovery = true;
                    st.board.mark_retransmitted(ack, snd_nxt);
                    st.retran_data += 1;
                    self.last_action = LastAction::Dupack;
                    self.stats.fast_retransmits += 1;
                    ctx.record(self.series.fast_retransmit, ack as f64);
                    self.restart_window();
                    self.reset_rtx_timer(true, false, ctx);
                    self.output(ack, ctx);
                    self.record_window(ctx);
                }
            }
            if self.fack_state().dupacks == 0 {
                self.fack_send_much(ctx);
            }
            return;
        }

        self.fack_old_ack(pkt, ctx);
        let una = self.snd_una;
        let st = self.fack_state();
        st.retran_data -= st.board.update(una, pkt.sack().iter());
        st.hold |= st.board.lost_retransmission(pkt.sack().iter());
        self.open_cwnd(pkt, ctx);
        let st = self.fack_state();
        if pkt.sack_len == 0 && ack > st.recover_seq {
            st.in_recovery = false;
            st.hold = false;
            st.board.clear();
            st.retran_data = 0;
            st.dupacks = 0;
        }
        self.record_window(ctx);
        self.fack_send_much(ctx);
    }

    /// ns-2 `FackTcpAgent::oldack`: take a duplicate or SACK-bearing ACK,
    /// with an RTT sample from its echoed timestamp.
    fn fack_old_ack(&mut self, pkt: &Packet, ctx: &mut impl AgentCtx) {
        let ack = pkt.seq;
        self.snd_una = self.snd_una.max(ack);
        self.snd_max = self.snd_max.max(ack);
        self.snd_nxt = self.snd_nxt.max(ack);
        self.arm_rtx(ctx);
        if self.timed.is_some_and(|(seq, _)| ack > seq) {
            self.timed = None;
            self.rto.reset_backoff();
        }
        let now = ctx.now();
        self.take_rtt_sample(now.since(pkt.ts_ecr), false, ctx);
        let snd_nxt = self.snd_nxt;
        let st = self.fack_state();
        st.fack_end = st.fack_end.max(ack);
        if let Some(end) = max_sack_end(pkt) {
            st.fack_end = st.fack_end.max(end);
        }
        let fack_end = st.fack_end;
        if fack_end > snd_nxt {
            self.snd_nxt = fack_end;
        }
    }

    /// ns-2 `FackTcpAgent::send_much`: keep snd_nxt - fack + retransmitted
    /// data within the window; holes first.
    fn fack_send_much(&mut self, ctx: &mut impl AgentCtx) {
        loop {
            let win = self.cwnd.min(self.rwnd() as f64) as i64;
            let snd_nxt = self.snd_nxt as i64;
            let st = self.fack_state();
            if st.hold || snd_nxt > st.fack_end as i64 - 1 + win - st.retran_data {
                break;
            }
            let seq = match st.board.next_retransmission() {
                Some(hole) => {
                    let snd_nxt = self.snd_nxt;
                    let st = self.fack_state();
                    st.board.mark_retransmitted(hole, snd_nxt);
                    st.retran_data += 1;
                    hole
                }
                None => {
                    if (st.in_recovery && self.snd_nxt >= self.snd_una + self.rwnd()) || self.snd_nxt >= self.app_end() {
                        break;
                    }
                    self.snd_nxt += 1;
                    self.snd_nxt - 1
                }
            };
            self.output(seq, ctx);
            self.snd_nxt = self.snd_nxt.max(seq + 1);
        }
    }

    /// ns-2 `FackTcpAgent::timeout`.
    pub(super) fn fack_timeout(&mut self, ctx: &mut impl AgentCtx) {
        let una = self.snd_una;
        let st = self.fack_state();
        st.hold = false;
        st.retran_data = 0;
        st.board.clear();
        st.fack_end = una;
        self.last_action = LastAction::Timeout;
        self.stats.timeouts += 1;
        ctx.record(self.series.timeout, una as f64);
        self.restart_window();
        self.reset_rtx_timer(true, true, ctx);
        self.snd_nxt = una;
        self.resend_after_timeout = true;
        self.record_window(ctx);
        self.fack_send_much(ctx);
    }
}
