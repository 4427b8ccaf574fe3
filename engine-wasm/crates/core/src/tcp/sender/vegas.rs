//! TCP Vegas (Brakmo and Peterson, 1995) as ns-2's VegasTcpAgent.
//!
//! Once per RTT Vegas compares the rate it expects (window / base RTT) with
//! the rate it achieves: in congestion avoidance it adds a segment when
//! fewer than `alpha` segments sit in queues, removes one above `beta`, and
//! leaves slow start when more than `gamma` are queued. A fine-grained timer
//! per segment resends on the first duplicate ACK when that segment is
//! overdue, and checks the next two ACKs for more overdue segments.
//! Times are f64 seconds since the first segment, as ns-2 keeps them.

use super::{LastAction, TcpSender};
use crate::agent::AgentCtx;
use crate::packet::Packet;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct VegasParams {
    /// Segments queued below which the window grows (ns-2 v_alpha_ = 1).
    pub alpha: u32,
    /// Segments queued above which the window shrinks (v_beta_ = 3).
    pub beta: u32,
    /// Segments queued that end slow start (v_gamma_ = 1).
    pub gamma: u32,
}

impl Default for VegasParams {
    fn default() -> Self {
        VegasParams { alpha: 1, beta: 3, gamma: 1 }
    }
}

#[derive(Clone, Debug)]
pub(super) struct VegasState {
    params: VegasParams,
    /// When segment 0 left (ns-2's firstsent_); Vegas time counts from here.
    first_sent: Option<crate::time::SimTime>,
    first_ack_seen: bool,
    cwnd_changed_at: f64,
    rtt: f64,
    base_rtt: f64,
    /// Smoothed RTT x 8 and deviation x 4, for the fine-grained timeout.
    sa: f64,
    sd: f64,
    timeout: f64,
    worried: u32,
    /// First segment of the current once-per-RTT round, and when it began.
    round_seq: u32,
    round_start: f64,
    rtt_count: u32,
    rtt_sum: f64,
    incr: f64,
    inc_flag: bool,
    new_cwnd: f64,
    /// Per segment modulo the window: when last sent (-1: acknowledged) and how often.
    sent_at: Vec<f64>,
    transmits: Vec<u32>,
}

impl VegasState {
    pub(super) fn new(params: VegasParams, window: u32) -> Self {
        // ns-2 sizes these by the receiver window; keep huge windows bounded.
        let slots = window.clamp(1, 1 << 20) as usize;
        VegasState {
            params,
            first_sent: None,
            first_ack_seen: false,
            cwnd_changed_at: 0.0,
            rtt: 0.0,
            base_rtt: 1e9,
            sa: 0.0,
            sd: 0.0,
            timeout: 1000.0,
            worried: 0,
            round_seq: 0,
            round_start: 0.0,
            rtt_count: 0,
            rtt_sum: 0.0,
            incr: 0.0,
            inc_flag: true,
            new_cwnd: 0.0,
            sent_at: vec![-1.0; slots],
            transmits: vec![0; slots],
        }
    }

    fn slot(&self, seq: u32) -> usize {
        seq as usize % self.sent_at.len()
    }

    /// The segment after `seq`, if its fine-grained timer has run out (ns-2 `vegas_expire`).
    fn expired_after(&self, seq_ns2: i64, now: f64) -> Option<u32> {
        let next = (seq_ns2 + 1) as u32;
        (now - self.sent_at[self.slot(next)] >= self.timeout).then_some(next)
    }
}

impl TcpSender {
    fn vegas(&mut self) -> &mut VegasState {
        self.vegas.as_mut().expect("Vegas senders have their state")
    }

    fn vegas_time(&mut self, ctx: &impl AgentCtx) -> f64 {
        let now = ctx.now();
        self.vegas().first_sent.map_or(0.0, |t| now.since(t).as_secs_f64())
    }

    /// Bookkeeping of every transmission (ns-2 `VegasTcpAgent::output`).
    pub(super) fn vegas_on_output(&mut self, seq: u32, ctx: &impl AgentCtx) {
        let now = ctx.now();
        let v = self.vegas();
        v.first_sent.get_or_insert(now);
        let t = v.first_sent.map_or(0.0, |f| now.since(f).as_secs_f64());
        let i = v.slot(seq);
        v.sent_at[i] = t;
        v.transmits[i] += 1;
    }

    pub(super) fn vegas_ack(&mut self, pkt: &Packet, ctx: &mut impl AgentCtx) {
        let now = self.vegas_time(ctx);
        let threshold = self.cfg.dupack_threshold;
        {
            let v = self.vegas();
            if !v.first_ack_seen {
                v.first_ack_seen = true;
                v.base_rtt = now;
                v.rtt = now;
                v.sa = now * 8.0;
                v.sd = now;
                v.timeout = (v.sa / 4.0 + v.sd) / 2.0;
            }
        }
        // ns-2 counts segments from 0 with last_ack_ the last one acknowledged.
        let seqno = pkt.seq as i64 - 1;
        let last_ack = self.snd_una as i64 - 1;
        if seqno > last_ack {
            // ns-2's Vegas applies delay_growth_ one ACK later than TcpAgent
            // (it tests last_ack_ before taking the ACK).
            if self.cfg.delay_growth && last_ack == 0 {
                self.cwnd = self.cfg.initial_window as f64;
            }
            // Deflate a window inflated by duplicate ACKs to the one the fast
            // retransmit chose. After a timeout none was chosen (0): ns-2
            // would set cwnd to 0 here and stall until the next timeout.
            let new_cwnd = self.vegas().new_cwnd;
            if self.dupacks > threshold && new_cwnd >= 1.0 && self.cwnd > new_cwnd {
                self.cwnd = new_cwnd;
                self.ssthresh = 2.0;
            }
            self.take_new_ack(pkt, ctx);
            self.vegas_once_per_rtt(seqno, now);
            self.vegas_grow();
            self.vegas_fine_grained_rtt(last_ack, seqno, now);
            if self.vegas().worried > 0 {
                self.vegas().worried -= 1;
                match self.vegas().expired_after(seqno, now) {
                    Some(seq) => {
                        self.dupacks = threshold;
                        self.output(seq, ctx);
                    }
                    None => self.vegas().worried = 0,
                }
            }
            self.record_window(ctx);
        } else if seqno == last_ack {
            self.dupacks += 1;
            let expired = self.vegas().expired_after(seqno, now);
            if expired.is_some() || self.dupacks == threshold {
                self.vegas_retransmit(expired, now, ctx);
            } else if self.dupacks > threshold {
                self.cwnd += 1.0;
            }
            self.record_window(ctx);
        }
        if self.dupacks == 0 || self.dupacks >= threshold {
            self.send_much(ctx, None);
        }
    }

    /// Once per RTT: compare expected and actual rates and set the increment.
    fn vegas_once_per_rtt(&mut self, seqno: i64, now: f64) {
        let snd_nxt = self.snd_nxt as i64;
        let last_ack = self.snd_una as i64 - 1;
        let (mut cwnd, mut ssthresh) = (self.cwnd, self.ssthresh);
        let v = self.vegas();
        if seqno < v.round_seq as i64 {
            return;
        }
        let rtt = if v.rtt_count > 0 { v.rtt_sum / v.rtt_count as f64 } else { now - v.round_start };
        v.rtt_sum = 0.0;
        v.rtt_count = 0;
        let round_len = snd_nxt - v.round_seq as i64;
        if rtt > 0.0 {
            // With a single segment in flight the RTT is the base RTT.
            if rtt < v.base_rtt || round_len <= 1 {
                v.base_rtt = rtt;
            }
            let actual = round_len as f64 / rtt;
            let expect = (snd_nxt - last_ack) as f64 / v.base_rtt;
            let delta = ((expect - actual) * v.base_rtt + 0.5) as i64;
            if cwnd < ssthresh {
                v.inc_flag = !v.inc_flag;
                if !v.inc_flag {
                    v.incr = 0.0;
                } else if delta > v.params.gamma as i64 {
                    ssthresh = 2.0;
                    cwnd = (cwnd - cwnd / 8.0).max(2.0);
                    v.incr = 0.0;
                } else {
                    v.incr = 1.0;
                }
            } else if delta > v.params.beta as i64 {
                cwnd = (cwnd - 1.0).max(2.0);
                v.incr = 0.0;
            } else if delta < v.params.alpha as i64 {
                v.incr = 1.0 / cwnd;
            } else {
                v.incr = 0.0;
            }
        }
        v.round_seq = snd_nxt as u32;
        v.round_start = now;
        self.cwnd = cwnd;
        self.ssthresh = ssthresh;
    }

    /// Grow by the increment chosen this round, unless the flight lags the window.
    fn vegas_grow(&mut self) {
        let in_flight = self.snd_nxt as f64 - (self.snd_una as f64 - 1.0);
        let (cwnd, ssthresh) = (self.cwnd, self.ssthresh);
        let v = self.vegas();
        if v.incr == 1.0 && cwnd >= ssthresh {
            v.incr = 0.0;
        }
        if v.incr > 0.0 && cwnd - in_flight <= 2.0 {
            let incr = v.incr;
            self.cwnd += incr;
        }
    }

    /// The fine-grained RTT of a segment sent once, and the Vegas timeout.
    fn vegas_fine_grained_rtt(&mut self, old_last_ack: i64, seqno: i64, now: f64) {
        let v = self.vegas();
        let i = v.slot(seqno as u32);
        let (sent_at, transmits) = (v.sent_at[i], v.transmits[i]);
        // ns-2 clears slots (old_last_ack, seqno] but stops where the slot
        // index wraps around; the quirk is kept to keep its numbers.
        let slots = v.sent_at.len() as i64;
        let (mut k, last) = ((old_last_ack + 1).rem_euclid(slots), seqno.rem_euclid(slots));
        let mut range = seqno - old_last_ack;
        while k <= last && range > 0 {
            v.sent_at[k as usize] = -1.0;
            v.transmits[k as usize] = 0;
            k = (k + 1) % slots;
            range -= 1;
        }
        if sent_at != 0.0 && transmits == 1 {
            let rtt = now - sent_at;
            v.rtt_sum += rtt;
            v.rtt_count += 1;
            if rtt > 0.0 {
                v.rtt = rtt;
                v.base_rtt = v.base_rtt.min(rtt);
                let mut n = rtt - v.sa / 8.0;
                v.sa += n;
                n = n.abs() - v.sd / 4.0;
                v.sd += n;
                v.timeout = (v.sa / 4.0 + v.sd) / 2.0;
                v.timeout += v.timeout / 16.0;
            }
        }
    }

    /// A duplicate ACK with an overdue segment, or the third one.
    fn vegas_retransmit(&mut self, expired: Option<u32>, now: f64, ctx: &mut impl AgentCtx) {
        let recovered = self.recover.is_none_or(|r| self.snd_una > r);
        if !(recovered || self.last_action != LastAction::Timeout) {
            return;
        }
        let win = self.window() as i64;
        let una = self.snd_una;
        let in_flight = self.snd_nxt as i64 - (una as i64 - 1);
        self.last_action = LastAction::Dupack;
        self.recover = Some(self.snd_max);
        self.stats.fast_retransmits += 1;
        ctx.record(self.series.fast_retransmit, una as f64);
        let dupacks = self.dupacks as f64;
        let v = self.vegas();
        v.worried = in_flight.clamp(0, 2) as u32;
        let i = v.slot(una);
        let (sent_at, transmits) = (v.sent_at[i], v.transmits[i]);
        if transmits > 1 {
            v.timeout *= 2.0;
        } else {
            v.timeout += v.timeout / 8.0;
        }
        // Reduce the window unless it already changed since the segment left.
        let mut new_cwnd = None;
        if v.cwnd_changed_at < sent_at {
            let w = if win <= 3 {
                2
            } else if transmits > 1 {
                win >> 1
            } else {
                win - (win >> 2)
            };
            v.new_cwnd = w as f64;
            v.cwnd_changed_at = now;
            new_cwnd = Some(w as f64 + dupacks);
        }
        if let Some(c) = new_cwnd {
            self.cwnd = c;
        }
        self.reset_rtx_timer(true, true, ctx);
        self.output(expired.unwrap_or(una), ctx);
        if transmits == 1 {
            self.dupacks = self.cfg.dupack_threshold;
        }
    }

    /// ns-2 `VegasTcpAgent::timeout`.
    pub(super) fn vegas_timeout(&mut self, ctx: &mut impl AgentCtx) {
        self.dupacks = 0;
        self.recover = Some(self.snd_max);
        self.last_action = LastAction::Timeout;
        self.reset_rtx_timer(false, true, ctx);
        self.stats.timeouts += 1;
        ctx.record(self.series.timeout, self.snd_una as f64);
        self.restart_window();
        // Vegas restarts from two segments.
        self.cwnd = 2.0;
        let now = self.vegas_time(ctx);
        let v = self.vegas();
        v.new_cwnd = 0.0;
        v.cwnd_changed_at = now;
        self.resend_after_timeout = true;
        self.record_window(ctx);
        self.send_much(ctx, None);
    }
}
