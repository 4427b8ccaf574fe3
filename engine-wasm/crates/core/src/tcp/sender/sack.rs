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

use super::{LastAction, TcpSender};
use crate::agent::AgentCtx;
use crate::packet::Packet;
use crate::tcp::scoreboard::Scoreboard;

#[derive(Clone, Debug, Default)]
pub(super) struct SackRecovery {
    board: Scoreboard,
    /// Estimated segments in the network during recovery.
    pipe: i64,
    in_recovery: bool,
    /// After a timeout, duplicate ACKs are ignored until a new ACK (ns-2's timeout_).
    after_timeout: bool,
}

impl TcpSender {
    fn sack_state(&mut self) -> &mut SackRecovery {
        self.sack.as_mut().expect("Sack1 senders have a scoreboard")
    }

    pub(super) fn sack_ack(&mut self, pkt: &Packet, ctx: &mut impl AgentCtx) {
        let ack = pkt.seq;
        if !self.sack_state().in_recovery {
            if ack > self.snd_una {
                self.take_new_ack(pkt, ctx);
                self.open_cwnd(pkt, ctx);
                self.delay_growth(ack);
                let st = self.sack_state();
                st.after_timeout = false;
                st.board.clear();
                self.record_window(ctx);
            } else if ack == self.snd_una && !self.sack_state().after_timeout {
                let snd_una = self.snd_una;
                let st = self.sack_state();
                st.board.update(snd_una, pkt.sack().iter());
                if st.board.changed() {
                    self.dupacks += 1;
                    if self.dupacks == self.cfg.dupack_threshold {
                        self.sack_fast_retransmit(ctx);
                    } else if self.dupacks < self.cfg.dupack_threshold && self.cfg.limited_transmit {
                        self.send_one_beyond_cwnd(ctx);
                    }
                }
            }
            if self.dupacks == 0 {
                self.send_much(ctx, None);
            }
            return;
        }

        self.sack_state().pipe -= 1;
        if self.recover.is_some_and(|r| ack >= r) {
            // Everything sent before the loss is acknowledged: recovery is over.
            self.recover = None;
            self.take_new_ack(pkt, ctx);
            let st = self.sack_state();
            st.in_recovery = false;
            st.after_timeout = false;
            st.board.clear();
            self.record_window(ctx);
        } else if ack > self.snd_una {
            // A partial ACK: the pipe loses the acknowledged retransmission too.
            self.snd_una = ack;
            self.snd_nxt = self.snd_nxt.max(ack);
            let st = self.sack_state();
            st.board.update(ack, pkt.sack().iter());
            st.pipe -= 1;
            self.arm_rtx(ctx);
            self.rto.reset_backoff();
        } else if !self.sack_state().after_timeout {
            let snd_una = self.snd_una;
            let st = self.sack_state();
            st.board.update(snd_una, pkt.sack().iter());
            if st.board.changed() && self.dupacks > 0 {
                self.dupacks += 1;
            }
        }
        self.sack_send_much(ctx);
    }

    /// ns-2 `Sack1TcpAgent::dupack_action`.
    fn sack_fast_retransmit(&mut self, ctx: &mut impl AgentCtx) {
        let recovered = self.recover.is_none_or(|r| self.snd_una > r);
        let ecn_case = !recovered && self.cfg.ecn && self.last_action == LastAction::Ecn;
        if !recovered && !ecn_case {
            return;
        }
        if ecn_case {
            // ECN already halved this window: retransmit without halving again.
            self.last_action = LastAction::Dupack;
        } else {
            self.recover = Some(self.snd_max);
            self.last_action = LastAction::Dupack;
            self.stats.fast_retransmits += 1;
            ctx.record(self.series.fast_retransmit, self.snd_una as f64);
            self.halve_window();
        }
        self.reset_rtx_timer(true, false, ctx);
        let (outstanding, threshold, snd_una) =
            ((self.snd_max - self.snd_una) as i64, self.cfg.dupack_threshold as i64, self.snd_una);
        let st = self.sack_state();
        st.pipe = outstanding - threshold;
        st.in_recovery = true;
        st.board.mark_retransmitted(snd_una);
        self.output(snd_una, ctx);
        self.record_window(ctx);
    }

    /// Sending during recovery (ns-2 `Sack1TcpAgent::send_much`): while the
    /// pipe has room, the next hole, or else new data within the receiver window.
    fn sack_send_much(&mut self, ctx: &mut impl AgentCtx) {
        let rwnd_edge = (self.snd_una + self.rwnd()).min(self.app_end());
        loop {
            let cwnd = self.cwnd as i64;
            let st = self.sack_state();
            if st.pipe >= cwnd {
                break;
            }
            let seq = match st.board.next_retransmission() {
                Some(hole) if hole < rwnd_edge => {
                    st.board.mark_retransmitted(hole);
                    hole
                }
                Some(_) => break,
                None if self.snd_nxt < rwnd_edge => {
                    self.snd_nxt += 1;
                    self.snd_nxt - 1
                }
                None => break,
            };
            self.output(seq, ctx);
            self.snd_nxt = self.snd_nxt.max(seq + 1);
            self.sack_state().pipe += 1;
        }
    }

    /// ns-2 `Sack1TcpAgent::timeout`, before the common timeout.
    pub(super) fn sack_timeout(&mut self) {
        self.dupacks = 0;
        let st = self.sack_state();
        st.in_recovery = false;
        st.after_timeout = true;
        st.board.clear();
    }
}
