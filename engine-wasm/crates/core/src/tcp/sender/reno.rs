//! Loss recovery of Tahoe, Reno and NewReno, as ns-2's TcpAgent,
//! RenoTcpAgent and NewRenoTcpAgent (with their default settings).
//!
//! - Tahoe: fast retransmit (RFC 5681 3.2), then slow start from one segment.
//! - Reno: fast retransmit and fast recovery (RFC 5681 3.2): cwnd = ssthresh
//!   + 3, one more per further duplicate ACK; any new ACK ends recovery.
//! - NewReno (RFC 6582): a partial ACK resends the next hole and stays in
//!   recovery until everything sent before the loss is acknowledged.

use super::{LastAction, TcpSender};
use crate::agent::AgentCtx;
use crate::packet::Packet;
use crate::tcp::Variant;

impl TcpSender {
    pub(super) fn reno_family_ack(&mut self, pkt: &Packet, ctx: &mut impl AgentCtx) {
        let ack = pkt.seq;
        let threshold = self.cfg.dupack_threshold;
        if ack > self.snd_una {
            let in_recovery = self.last_action == LastAction::Dupack && self.recover.is_some_and(|r| ack < r);
            if self.cfg.variant == Variant::NewReno && in_recovery {
                self.newreno_partial_ack(pkt, ctx);
            } else {
                if self.last_action == LastAction::Dupack {
                    self.last_action = LastAction::Exited;
                }
                // Reno leaves fast recovery: the window deflates to the halved cwnd.
                self.dupwnd = 0;
                self.partial_ack_seen = false;
                self.take_new_ack(pkt, ctx);
                self.open_cwnd(pkt, ctx);
                self.delay_growth(ack);
            }
            self.record_window(ctx);
        } else if ack == self.snd_una && self.snd_una < self.snd_max {
            self.dupacks += 1;
            if self.dupacks == threshold {
                self.reno_fast_retransmit(ctx);
            } else if self.dupacks > threshold {
                // RFC 5681 3.2 step 4: each further duplicate ACK inflates cwnd by one segment.
                if self.cfg.variant != Variant::Tahoe && self.last_action == LastAction::Dupack {
                    self.dupwnd += 1;
                    self.record_window(ctx);
                }
            } else if self.cfg.limited_transmit {
                self.send_one_beyond_cwnd(ctx);
            }
        }
        // ns-2 sends only with no duplicates or in recovery; NewReno there at
        // most two segments per ACK.
        if self.dupacks == 0 {
            self.send_much(ctx, None);
        } else if self.dupacks >= threshold {
            let burst = (self.cfg.variant == Variant::NewReno).then_some(2);
            self.send_much(ctx, burst);
        }
    }

    /// The third duplicate ACK (ns-2 `dupack_action`).
    fn reno_fast_retransmit(&mut self, ctx: &mut impl AgentCtx) {
        // One response per window of data (ns-2's bug_fix_): not again until
        // everything sent before the last one is acknowledged.
        let recovered = self.recover.is_none_or(|r| self.snd_una > r) || (!self.cfg.bug_fix && !self.cfg.ecn);
        let allowed = match self.cfg.variant {
            Variant::Reno => recovered || self.last_action == LastAction::Dupack,
            _ => recovered,
        };
        if !allowed {
            if self.cfg.ecn && self.last_action == LastAction::Ecn {
                // ECN already halved this window: retransmit without halving again.
                self.last_action = LastAction::Dupack;
                match self.cfg.variant {
                    Variant::Tahoe => {
                        self.cwnd = 1.0;
                        self.reset_rtx_timer(false, false, ctx);
                    }
                    _ => {
                        self.reset_rtx_timer(true, false, ctx);
                        self.output(self.snd_una, ctx);
                        self.dupwnd = self.cfg.dupack_threshold;
                    }
                }
                self.record_window(ctx);
            }
            return;
        }
        self.recover = Some(self.snd_max);
        self.last_action = LastAction::Dupack;
        self.stats.fast_retransmits += 1;
        ctx.record(self.series.fast_retransmit, self.snd_una as f64);
        match self.cfg.variant {
            Variant::Tahoe => {
                // Slow start from one segment, resending from the first unacknowledged one.
                self.restart_window();
                self.reset_rtx_timer(false, false, ctx);
            }
            _ => {
                // Fast recovery: cwnd = ssthresh + 3 segments, as half + dupwnd.
                self.halve_window();
                self.reset_rtx_timer(true, false, ctx);
                self.output(self.snd_una, ctx);
                self.dupwnd = self.cfg.dupack_threshold;
            }
        }
        self.record_window(ctx);
    }

    /// RFC 6582 3.2 step 5, as ns-2 (`partialnewack_helper` with ns-2.35's
    /// defaults): deflate the window by the amount acknowledged, add back one
    /// segment, resend the first unacknowledged segment; restart the timer on
    /// the first partial ACK only (the "impatient" variant); stay in recovery.
    fn newreno_partial_ack(&mut self, pkt: &Packet, ctx: &mut impl AgentCtx) {
        let ack = pkt.seq;
        let deflate = ack - self.snd_una;
        if self.dupwnd > deflate {
            self.dupwnd -= deflate - 1;
        } else {
            self.cwnd = (self.cwnd - (deflate - self.dupwnd) as f64).max(1.0);
            self.dupwnd = 1;
        }
        if !self.partial_ack_seen {
            self.partial_ack_seen = true;
            self.arm_rtx(ctx);
        }
        self.snd_una = ack;
        self.snd_nxt = self.snd_nxt.max(ack);
        if self.timed.is_some_and(|(seq, _)| ack > seq) {
            // ns-2 ends the backoff here but takes no RTT sample.
            self.timed = None;
            self.rto.reset_backoff();
        }
        self.output(self.snd_una, ctx);
    }
}
