//! What every sender variant shares: sending segments, taking ACKs for new
//! data, the retransmission timer, window reductions and ECN's response.
//! Each step follows ns-2's TcpAgent (tcp.cc), which the seed papers ran.

use super::{LastAction, TcpSender};
use crate::agent::AgentCtx;
use crate::packet::{flags, Packet, PacketKind};
use crate::tcp::window::{halved, opened};

/// Bytes of a TCP/IP header without options.
const BARE_HEADER_BYTES: u32 = 40;

impl TcpSender {
    /// Usable window in segments: min(cwnd + inflation, rwnd) (ns-2 `window()`).
    pub(super) fn window(&self) -> u32 {
        (self.cwnd as u32 + self.dupwnd).min(self.rwnd())
    }

    /// The receiver's window in segments: the configured one, or less if the
    /// receiver (or a middlebox) advertised less (RFC 9293 3.8.6: send no
    /// more than the offered window).
    pub(super) fn rwnd(&self) -> u32 {
        self.adv_wnd.map_or(self.cfg.rwnd_segments, |w| w.min(self.cfg.rwnd_segments))
    }

    /// One past the last segment the application has data for (ns-2's
    /// curseq_ + 1): a partial last segment counts once no more data will come.
    pub(super) fn app_end(&self) -> u32 {
        if self.app_bytes == u64::MAX {
            // An endless transfer (the usual case): no 64-bit division per ACK.
            return u32::MAX;
        }
        let mss = self.cfg.mss_bytes.max(1) as u64;
        let segments = if self.app_complete { self.app_bytes.div_ceil(mss) } else { self.app_bytes / mss };
        segments.saturating_add(self.first_data_seq() as u64).min(u32::MAX as u64) as u32
    }

    /// The first segment carrying data: 1 after a SYN, else 0.
    fn first_data_seq(&self) -> u32 {
        self.cfg.syn as u32
    }

    /// Application bytes the receiver has acknowledged.
    pub fn acked_bytes(&self) -> u64 {
        let segments = self.snd_una.saturating_sub(self.first_data_seq()) as u64;
        (segments * self.cfg.mss_bytes as u64).min(self.app_bytes)
    }

    /// Sends new segments while the window allows, at most `burst` of them
    /// (ns-2 `send_much` with `maxburst`).
    pub(super) fn send_much(&mut self, ctx: &mut impl AgentCtx, burst: Option<u32>) {
        let limit = self.snd_una.saturating_add(self.window()).min(self.app_end());
        let mut sent = 0;
        while self.snd_nxt < limit && burst.is_none_or(|b| sent < b) {
            self.output(self.snd_nxt, ctx);
            self.snd_nxt += 1;
            sent += 1;
        }
    }

    /// RFC 3042: on the first and second duplicate ACK, one new segment may
    /// go out if the receiver window allows and at most cwnd + 2 are outstanding.
    pub(super) fn send_one_beyond_cwnd(&mut self, ctx: &mut impl AgentCtx) {
        let within_rwnd = self.snd_nxt < self.snd_una + self.rwnd();
        let within_cwnd = (self.snd_nxt + 1) as f64 <= self.snd_una as f64 + self.cwnd + self.dupacks as f64;
        if within_rwnd && within_cwnd && self.snd_nxt == self.snd_max && self.snd_nxt < self.app_end() {
            self.output(self.snd_nxt, ctx);
            self.snd_nxt += 1;
        }
    }

    /// Puts segment `seq` on the wire (ns-2 `output`).
    pub(super) fn output(&mut self, seq: u32, ctx: &mut impl AgentCtx) {
        let now = ctx.now();
        let retransmit = seq < self.snd_max;
        let had_outstanding = self.snd_una < self.snd_max;
        let syn = self.cfg.syn && seq == 0;
        let mut flags_out = if retransmit { flags::RETRANSMIT } else { 0 };
        if self.cfg.ecn && !syn {
            flags_out |= flags::ECT;
        }
        if std::mem::take(&mut self.cwr_pending) {
            flags_out |= flags::CWR;
        }
        if std::mem::take(&mut self.resend_after_timeout) && retransmit {
            flags_out |= flags::TIMEOUT_RETRANSMIT;
        }
        if !retransmit {
            flags_out |= self.owd_mark(seq, now);
        }
        let (size_bytes, payload_bytes) = if syn {
            // A SYN is a bare TCP/IP header, 40 bytes even when data segments carry no
            // header bytes (ns-2 sizes it tcpip_base_hdr_size_ regardless of useHeaders_).
            (self.cfg.header_bytes.max(BARE_HEADER_BYTES), 0)
        } else {
            // A file's last segment carries only what is left of it.
            let offset = (seq - self.first_data_seq()) as u64 * self.cfg.mss_bytes as u64;
            let left = self.app_bytes.saturating_sub(offset);
            let payload = left.min(self.cfg.mss_bytes as u64) as u32;
            (payload + self.cfg.header_bytes, payload as u16)
        };
        if self.vegas.is_some() {
            self.vegas_on_output(seq, ctx);
        }
        ctx.send(Packet {
            flow: self.addr.flow,
            kind: PacketKind::Data,
            flags: flags_out | if syn { flags::SYN } else { 0 },
            src: self.addr.local,
            dst: self.addr.remote,
            seq,
            size_bytes,
            payload_bytes,
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
        // RFC 6298 (5.1): start the timer if it is not running (or nothing was outstanding).
        if !self.rtx_armed || !had_outstanding {
            self.arm_rtx(ctx);
        }
    }

    pub(super) fn arm_rtx(&mut self, ctx: &mut impl AgentCtx) {
        self.arm_rtx_for(self.rto.rto(), ctx);
    }

    fn arm_rtx_for(&mut self, rto: crate::time::SimDuration, ctx: &mut impl AgentCtx) {
        ctx.set_timer(self.timers.rtx, ctx.now() + rto);
        self.rtx_armed = true;
        ctx.record(self.series.rto, rto.as_secs_f64());
    }

    /// An ACK for new data (ns-2 `newack`): advance, take an RTT sample,
    /// restart or stop the timer. Growing cwnd is the caller's choice.
    pub(super) fn take_new_ack(&mut self, pkt: &Packet, ctx: &mut impl AgentCtx) {
        let ack = pkt.seq;
        // ns-2 without timerfix_ (its behaviour before May 2001) restarts the
        // timer before this ACK's RTT sample and backoff reset: with the old RTO.
        let rto_before_sample = (!self.cfg.timerfix).then(|| self.rto.rto());
        self.dupacks = 0;
        self.snd_una = ack;
        self.snd_nxt = self.snd_nxt.max(ack);
        let now = ctx.now();
        // A marked ACK's echo field holds the receiver's clock (seed 004), not TSecr.
        let sample = if self.cfg.timestamps && pkt.ts_ecr > crate::time::SimTime::ZERO && !pkt.has(flags::MARKED) {
            // RFC 7323 4: every ACK of new data gives a sample, retransmitted or not.
            Some(now.since(pkt.ts_ecr))
        } else {
            None
        };
        if let Some((seq, sent_at)) = self.timed {
            if ack > seq {
                self.timed = None;
                if sample.is_none() {
                    self.take_rtt_sample(now.since(sent_at), false, ctx);
                } else {
                    self.rto.reset_backoff();
                }
            }
        }
        if let Some(r) = sample {
            self.take_rtt_sample(r, true, ctx);
        }
        if self.snd_una == self.snd_max {
            // RFC 6298 (5.2): all outstanding data acknowledged, turn the timer off.
            ctx.cancel_timer(self.timers.rtx);
            self.rtx_armed = false;
        } else {
            // (5.3) New data acknowledged: restart the timer.
            match rto_before_sample {
                Some(rto) => self.arm_rtx_for(rto, ctx),
                None => self.arm_rtx(ctx),
            }
        }
    }

    /// ns-2's delay_growth_: the ACK of segment 0 (the SYN) sets cwnd to the
    /// initial window instead of growing it (call after `open_cwnd`).
    pub(super) fn delay_growth(&mut self, ack: u32) {
        if self.cfg.delay_growth && ack == 1 {
            self.cwnd = self.cfg.initial_window as f64;
        }
    }

    pub(super) fn take_rtt_sample(&mut self, r: crate::time::SimDuration, timestamps: bool, ctx: &mut impl AgentCtx) {
        self.rto.on_sample(r, ctx.now().0, timestamps);
        self.stats.rtt.add(r);
        ctx.record(self.series.rtt, r.as_secs_f64());
        if self.owd.is_some() {
            ctx.record(self.series.rtt_half, r.as_secs_f64() / 2.0);
        }
        if let Some(srtt) = self.rto.srtt() {
            ctx.record(self.series.srtt, srtt.as_secs_f64());
        }
    }

    /// cwnd growth on an ACK of new data (ns-2 `opencwnd`), except on an
    /// ACK echoing a congestion mark.
    pub(super) fn open_cwnd(&mut self, pkt: &Packet, ctx: &mut impl AgentCtx) {
        if self.cfg.ecn && pkt.has(flags::ECE) {
            return;
        }
        self.fast_increase_on_ack(ctx);
        self.cwnd = opened(self.cwnd, self.ssthresh);
    }

    /// Halves the window (RFC 5681 (4); ns-2 `slowdown(CLOSE_SSTHRESH_HALF
    /// | CLOSE_CWND_HALF)`).
    pub(super) fn halve_window(&mut self) {
        let (ssthresh, half) = halved(self.cwnd, self.cfg.rwnd_segments, self.cfg.precision_reduce);
        self.ssthresh = ssthresh;
        self.cwnd = half;
        self.cwr_pending = self.cfg.ecn;
    }

    /// ssthresh to half the window and cwnd to one segment (Tahoe's and the timeout's response).
    pub(super) fn restart_window(&mut self) {
        self.ssthresh = halved(self.cwnd, self.cfg.rwnd_segments, self.cfg.precision_reduce).0;
        self.cwnd = 1.0;
        self.cwr_pending = self.cfg.ecn;
    }

    /// ns-2 `reset_rtx_timer(mild, backoff)`: restart the timer, stop
    /// timing (Karn), and unless `mild` go back to the first unacknowledged segment.
    pub(super) fn reset_rtx_timer(&mut self, mild: bool, backoff: bool, ctx: &mut impl AgentCtx) {
        if backoff {
            self.rto.back_off();
        }
        self.arm_rtx(ctx);
        if !mild {
            self.snd_nxt = self.snd_una;
        }
        self.timed = None;
    }

    /// An ACK carrying ECN-echo (RFC 3168 6.1.2; ns-2 `ecn`): halve once per window of data.
    pub(super) fn on_ecn_echo(&mut self, ack: u32, ctx: &mut impl AgentCtx) {
        let new_window = self.recover.is_none_or(|r| ack > r) || self.last_action == LastAction::Timeout;
        if !new_window {
            return;
        }
        self.recover = Some(self.snd_max);
        self.last_action = LastAction::Ecn;
        if self.cwnd <= 1.0 {
            // At one segment there is nothing to halve: back the timer off instead.
            if self.ecn_backoff {
                self.rto.back_off();
            } else {
                self.ecn_backoff = true;
            }
        } else {
            self.ecn_backoff = false;
        }
        self.halve_window();
        self.stats.ecn_reductions += 1;
        ctx.record(self.series.ecn_echo, ack as f64);
        self.record_window(ctx);
    }

    /// The retransmission timer fired (ns-2 `TcpAgent::timeout`; RFC 6298 5.4-5.6).
    pub(super) fn timeout_common(&mut self, ctx: &mut impl AgentCtx) {
        let in_ecn_recovery = self.recover.is_some_and(|r| self.snd_una < r) && self.last_action == LastAction::Ecn;
        self.recover = Some(self.snd_max);
        if in_ecn_recovery {
            // ECN already cut ssthresh for this window.
            self.cwnd = 1.0;
        } else {
            self.stats.timeouts += 1;
            ctx.record(self.series.timeout, self.snd_una as f64);
            self.restart_window();
        }
        self.reset_rtx_timer(false, true, ctx);
        self.last_action = LastAction::Timeout;
        self.resend_after_timeout = true;
        self.record_window(ctx);
        self.send_much(ctx, None);
    }

    pub(super) fn record_window(&self, ctx: &mut impl AgentCtx) {
        ctx.record(self.series.cwnd, self.cwnd());
        ctx.record(self.series.ssthresh, self.ssthresh);
    }
}
