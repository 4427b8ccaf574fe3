//! TCP Vegas's loss recovery (Brakmo and Peterson, 1995) as ns-2's
//! VegasTcpAgent: a fine-grained timer per segment, from the sender's
//! segment clock, resends on the first duplicate ACK when that segment is
//! overdue, and the next two ACKs of new data are checked for more overdue
//! segments. The window shrinks to 3/4 (1/2 for a segment lost twice) once
//! per change, only if it has not changed since the lost segment left.

use super::super::core::{Core, LastAction};
use super::super::growth::Growth;
use crate::agent::AgentCtx;
use crate::packet::Packet;

#[derive(Clone, Debug)]
pub(crate) struct VegasRecovery {
    first_ack_seen: bool,
    /// Smoothed RTT x 8 and deviation x 4, for the fine-grained timeout.
    sa: f64,
    sd: f64,
    /// The fine-grained timeout, seconds.
    timeout: f64,
    /// ACKs of new data still to check for overdue segments.
    worried: u32,
    /// When the window was last reduced (Vegas time, seconds).
    cwnd_changed_at: f64,
    /// The window the last fast retransmit chose (0: none since a timeout).
    new_cwnd: f64,
}

impl Default for VegasRecovery {
    fn default() -> Self {
        VegasRecovery {
            first_ack_seen: false,
            sa: 0.0,
            sd: 0.0,
            timeout: 1000.0,
            worried: 0,
            cwnd_changed_at: 0.0,
            new_cwnd: 0.0,
        }
    }
}

impl VegasRecovery {
    pub(crate) fn on_ack(&mut self, s: &mut Core, g: &mut Growth, pkt: &Packet, ctx: &mut impl AgentCtx) {
        let now = s.clock.as_ref().expect("Vegas recovery runs with a segment clock").elapsed_s(ctx.now());
        if let Growth::Vegas(v) = g {
            v.on_first_ack(now);
        }
        if !std::mem::replace(&mut self.first_ack_seen, true) {
            self.sa = now * 8.0;
            self.sd = now;
            self.timeout = (self.sa / 4.0 + self.sd) / 2.0;
        }
        // ns-2 counts segments from 0 with last_ack_ the last one acknowledged.
        let seqno = pkt.seq as i64 - 1;
        let last_ack = s.snd_una as i64 - 1;
        if seqno > last_ack {
            self.on_new_ack(s, g, pkt, now, ctx);
        } else if seqno == last_ack {
            self.on_dupack(s, seqno, now, ctx);
        }
        self.send(s, ctx);
    }

    fn on_new_ack(&mut self, s: &mut Core, g: &mut Growth, pkt: &Packet, now: f64, ctx: &mut impl AgentCtx) {
        let threshold = s.cfg.dupack_threshold;
        let last_ack = s.snd_una as i64 - 1;
        let seqno = pkt.seq as i64 - 1;
        // ns-2's Vegas applies delay_growth_ one ACK later than TcpAgent
        // (it tests last_ack_ before taking the ACK).
        if s.cfg.delay_growth && last_ack == 0 {
            s.w.cwnd = s.cfg.initial_window as f64;
        }
        // Deflate a window inflated by duplicate ACKs to the one the fast
        // retransmit chose. After a timeout none was chosen (0): ns-2
        // would set cwnd to 0 here and stall until the next timeout.
        if s.dupacks > threshold && self.new_cwnd >= 1.0 && s.w.cwnd > self.new_cwnd {
            s.w.cwnd = self.new_cwnd;
            s.w.ssthresh = 2.0;
        }
        s.take_new_ack(pkt, ctx);
        let ev = s.ack_event(ctx.now());
        g.on_ack(&mut s.w, || ev);
        if let Some(rtt) = ev.fine_rtt_s.filter(|&r| r > 0.0) {
            let mut n = rtt - self.sa / 8.0;
            self.sa += n;
            n = n.abs() - self.sd / 4.0;
            self.sd += n;
            self.timeout = (self.sa / 4.0 + self.sd) / 2.0;
            self.timeout += self.timeout / 16.0;
        }
        if self.worried > 0 {
            self.worried -= 1;
            match s.clock.as_ref().and_then(|c| c.expired_after(seqno, now, self.timeout)) {
                Some(seq) => {
                    s.dupacks = threshold;
                    s.output(seq, ctx);
                }
                None => self.worried = 0,
            }
        }
        s.record_window(ctx);
    }

    fn on_dupack(&mut self, s: &mut Core, seqno: i64, now: f64, ctx: &mut impl AgentCtx) {
        let threshold = s.cfg.dupack_threshold;
        s.dupacks += 1;
        let expired = s.clock.as_ref().and_then(|c| c.expired_after(seqno, now, self.timeout));
        if expired.is_some() || s.dupacks == threshold {
            self.retransmit(s, expired, now, ctx);
        } else if s.dupacks > threshold {
            s.w.cwnd += 1.0;
        }
        s.record_window(ctx);
    }

    /// A duplicate ACK with an overdue segment, or the third one.
    fn retransmit(&mut self, s: &mut Core, expired: Option<u32>, now: f64, ctx: &mut impl AgentCtx) {
        let recovered = s.recover.is_none_or(|r| s.snd_una > r);
        if !(recovered || s.last_action != LastAction::Timeout) {
            return;
        }
        let win = s.window() as i64;
        let una = s.snd_una;
        let in_flight = s.snd_nxt as i64 - (una as i64 - 1);
        s.last_action = LastAction::Dupack;
        s.recover = Some(s.snd_max);
        s.stats.fast_retransmits += 1;
        ctx.record(s.series.fast_retransmit, una as f64);
        self.worried = in_flight.clamp(0, 2) as u32;
        let (sent_at, transmits) = s.clock.as_ref().map_or((0.0, 0), |c| c.sent(una));
        if transmits > 1 {
            self.timeout *= 2.0;
        } else {
            self.timeout += self.timeout / 8.0;
        }
        // Reduce the window unless it already changed since the segment left.
        if self.cwnd_changed_at < sent_at {
            let w = if win <= 3 {
                2
            } else if transmits > 1 {
                win >> 1
            } else {
                win - (win >> 2)
            };
            self.new_cwnd = w as f64;
            self.cwnd_changed_at = now;
            s.w.cwnd = w as f64 + s.dupacks as f64;
        }
        s.reset_rtx_timer(true, true, ctx);
        s.output(expired.unwrap_or(una), ctx);
        if transmits == 1 {
            s.dupacks = s.cfg.dupack_threshold;
        }
    }

    /// What may go out now: the window, in or out of recovery.
    pub(crate) fn send(&mut self, s: &mut Core, ctx: &mut impl AgentCtx) {
        if s.dupacks == 0 || s.dupacks >= s.cfg.dupack_threshold {
            s.send_much(ctx, None);
        }
    }

    /// ns-2 `VegasTcpAgent::timeout`.
    pub(crate) fn on_timeout(&mut self, s: &mut Core, g: &mut Growth, ctx: &mut impl AgentCtx) {
        s.dupacks = 0;
        s.recover = Some(s.snd_max);
        s.last_action = LastAction::Timeout;
        s.reset_rtx_timer(false, true, ctx);
        s.stats.timeouts += 1;
        ctx.record(s.series.timeout, s.snd_una as f64);
        s.restart_window(g);
        // Vegas restarts from two segments.
        s.w.cwnd = 2.0;
        self.new_cwnd = 0.0;
        self.cwnd_changed_at = s.clock.as_ref().map_or(0.0, |c| c.elapsed_s(ctx.now()));
        s.resend_after_timeout = true;
        s.record_window(ctx);
        s.send_much(ctx, None);
    }
}

#[cfg(test)]
mod tests {
    use crate::agent::script::ScriptCtx;
    use crate::tcp::sender::test_support::*;
    use crate::tcp::Variant;
    use crate::time::{SimDuration, SimTime};

    fn at_ms(ms: u64) -> SimTime {
        SimTime::ZERO + SimDuration::from_millis(ms)
    }

    /// Eight segments at 0 s, all acknowledged at 100 ms (the first RTT
    /// sets the fine-grained timeout to (8 x 0.1 / 4 + 0.1) / 2 = 0.15 s).
    fn vegas_after_one_round() -> (crate::tcp::TcpSender, ScriptCtx) {
        let mut cfg = config(Variant::Vegas);
        cfg.initial_window = 8;
        let mut s = sender(cfg);
        let mut ctx = ScriptCtx::default();
        s.start(&mut ctx);
        assert_eq!(ctx.take_sent().len(), 8);
        ctx.now = at_ms(100);
        for k in 1..=8 {
            s.on_packet(&ack(k), &mut ctx);
        }
        (s, ctx)
    }

    #[test]
    fn a_duplicate_ack_resends_at_once_when_the_segment_is_overdue() {
        let (mut s, mut ctx) = vegas_after_one_round();
        let next = ctx.take_sent();
        assert!(!next.is_empty());
        // Too early: 20 ms after the segment left, under the 0.15 s timeout.
        ctx.now = at_ms(120);
        s.on_packet(&ack(8), &mut ctx);
        assert_eq!(s.stats().fast_retransmits, 0);
        assert!(ctx.take_sent().iter().all(|p| !p.is_retransmit()));
        // Overdue: the first duplicate ACK is enough (Brakmo and Peterson, 3.1).
        ctx.now = at_ms(400);
        let win = s.core.window();
        s.on_packet(&ack(8), &mut ctx);
        assert_eq!(s.stats().fast_retransmits, 1);
        assert_eq!(ctx.take_sent()[0].seq, 8);
        // The window shrinks to 3/4 of itself (plus the duplicates counted so far).
        assert_eq!(s.cwnd(), (win - (win >> 2)) as f64 + 2.0);
    }

    #[test]
    fn the_third_duplicate_resends_even_before_the_fine_grained_timeout() {
        let (mut s, mut ctx) = vegas_after_one_round();
        ctx.take_sent();
        ctx.now = at_ms(110);
        for _ in 0..3 {
            s.on_packet(&ack(8), &mut ctx);
        }
        assert_eq!(s.stats().fast_retransmits, 1);
        assert!(ctx.take_sent().iter().any(|p| p.seq == 8 && p.is_retransmit()));
    }

    #[test]
    fn a_timeout_restarts_from_two_segments() {
        let (mut s, mut ctx) = vegas_after_one_round();
        ctx.take_sent();
        ctx.now = ctx.timer(RTX).unwrap();
        s.on_timer(crate::tcp::SenderTimers::RTX_KIND, &mut ctx);
        assert_eq!(s.cwnd(), 2.0);
        assert_eq!(s.stats().timeouts, 1);
        assert_eq!(seqs(&ctx.take_sent()), vec![8, 9]);
    }
}
