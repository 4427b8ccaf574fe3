//! The receiver's advertised window and zero-window probing.
//!
//! ns-2's one-way sinks advertise no window; a split proxy (its buffer
//! filling) and M-TCP's supervisor host (a handoff) do. The sender honours
//! the smaller of that and its configured window. A zero window stops it:
//! RFC 9293 3.8.6.1 "the sending TCP must regularly transmit at least one
//! octet of new data (if available) ... even if the send window is zero",
//! and RFC 1122 4.2.2.17 "the transmitting host SHOULD send the first
//! zero-window probe when a zero window has existed for the retransmission
//! timeout period, and SHOULD increase exponentially the interval between
//! successive probes". Probing is not a timeout: cwnd and ssthresh stay as
//! they were (this is what lets M-TCP freeze a sender through a handoff).
//! As BSD does, the retransmission timer stops and snd_nxt falls back to
//! snd_una, so the first segment not acknowledged goes out again once the
//! window opens.

use super::TcpSender;
use crate::agent::AgentCtx;
use crate::packet::Packet;
use crate::time::SimTime;

/// A zero window being probed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Persist {
    /// When the next probe goes out.
    deadline: SimTime,
    /// Probes sent so far: the interval doubles after each.
    probes: u32,
}

impl TcpSender {
    /// Takes the window an ACK advertises. True if the ACK is only a window
    /// update, which is then fully handled: RFC 5681 section 2 counts an ACK
    /// as a duplicate only if "(e) the advertised window in the incoming
    /// acknowledgment equals the advertised window in the last incoming
    /// acknowledgment".
    pub(super) fn take_window_update(&mut self, pkt: &Packet, ctx: &mut impl AgentCtx) -> bool {
        let Some(wnd) = pkt.advertised_window() else { return false };
        // RFC 9293 3.10.7.4: an older ACK (SND.WL2 > SEG.ACK) says nothing
        // about the window; ACKs carry no sequence number of their own here.
        if pkt.seq < self.snd_una {
            return false;
        }
        let changed = self.adv_wnd != Some(wnd);
        self.adv_wnd = Some(wnd);
        if pkt.seq > self.snd_una {
            return false;
        }
        if !changed {
            // While probing, an ACK that neither advances nor opens the window
            // answers a probe: no duplicate ACK (BSD counts duplicates only
            // while the retransmission timer runs, and probing stops it).
            return self.persist.is_some();
        }
        self.follow_window(ctx);
        if self.persist.is_none() && self.dupacks == 0 {
            self.send_much(ctx, None);
        }
        true
    }

    /// Starts, keeps or ends probing after the window or the ACK point moved.
    pub(super) fn follow_window(&mut self, ctx: &mut impl AgentCtx) {
        let closed = self.adv_wnd == Some(0) && self.snd_una < self.app_end();
        match (closed, self.persist) {
            (true, None) => self.enter_persist(ctx),
            // An ACK of new data re-armed the retransmission timer: probes keep their time.
            (true, Some(p)) => ctx.set_timer(self.timers.rtx, p.deadline),
            (false, Some(_)) => self.leave_persist(ctx),
            (false, None) => {}
        }
    }

    fn enter_persist(&mut self, ctx: &mut impl AgentCtx) {
        self.snd_nxt = self.snd_una;
        self.dupacks = 0;
        // Karn: whatever is resent after the window opens gives no RTT sample.
        self.timed = None;
        self.rtx_armed = false;
        let deadline = ctx.now() + self.rto.rto();
        self.persist = Some(Persist { deadline, probes: 0 });
        ctx.set_timer(self.timers.rtx, deadline);
    }

    fn leave_persist(&mut self, ctx: &mut impl AgentCtx) {
        self.persist = None;
        if self.snd_una < self.snd_max {
            self.arm_rtx(ctx);
        } else {
            ctx.cancel_timer(self.timers.rtx);
            self.rtx_armed = false;
        }
    }

    /// The persist timer fired: send the first unacknowledged segment as a
    /// probe, whose ACK will carry the current window, and wait twice as long.
    pub(super) fn probe(&mut self, ctx: &mut impl AgentCtx) {
        let Some(p) = self.persist else { return };
        let seq = self.snd_una;
        if seq < self.app_end() {
            let counted_as_retransmit = seq < self.snd_max;
            self.output(seq, ctx);
            // A probe is not a retransmission (RFC 9293 3.8.6.1): counted apart.
            if counted_as_retransmit {
                self.stats.retransmits -= 1;
            }
            self.stats.zero_window_probes += 1;
        }
        self.rtx_armed = false;
        let probes = p.probes + 1;
        let interval = self.rto.rto().saturating_mul(1 << probes.min(16)).min(self.cfg.rto.max);
        let deadline = ctx.now() + interval;
        self.persist = Some(Persist { deadline, probes });
        ctx.set_timer(self.timers.rtx, deadline);
    }
}

#[cfg(test)]
mod tests {
    use crate::agent::script::ScriptCtx;
    use crate::packet::{Packet, PacketKind};
    use crate::tcp::sender::tests::{config, sender};
    use crate::tcp::{SenderTimers, Variant};
    use crate::time::{SimDuration, SimTime};

    fn ack(seq: u32, wnd: Option<u32>) -> Packet {
        let mut a = Packet::for_test(PacketKind::Ack, seq, 40);
        if let Some(w) = wnd {
            a.set_advertised_window(w);
        }
        a
    }

    fn seqs(ctx: &mut ScriptCtx) -> Vec<u32> {
        ctx.take_sent().iter().map(|p| p.seq).collect()
    }

    fn at_ms(ms: u64) -> SimTime {
        SimTime::ZERO + SimDuration::from_millis(ms)
    }

    #[test]
    fn an_advertised_window_caps_the_flight_below_the_configured_one() {
        let mut cfg = config(Variant::Reno);
        cfg.initial_window = 4;
        let mut s = sender(cfg);
        let mut ctx = ScriptCtx::default();
        s.start(&mut ctx);
        assert_eq!(seqs(&mut ctx), vec![0, 1, 2, 3]);
        // cwnd grows to 5, but the receiver offers 2 segments beyond the ACK.
        s.on_packet(&ack(1, Some(2)), &mut ctx);
        assert_eq!(seqs(&mut ctx), Vec::<u32>::new(), "segments 1..3 already fill a window of 2");
        s.on_packet(&ack(3, Some(2)), &mut ctx);
        assert_eq!(seqs(&mut ctx), vec![4]);
    }

    #[test]
    fn a_window_update_is_not_a_duplicate_ack() {
        let mut cfg = config(Variant::Reno);
        cfg.initial_window = 4;
        let mut s = sender(cfg);
        let mut ctx = ScriptCtx::default();
        s.start(&mut ctx);
        ctx.take_sent();
        // Three ACKs of segment 0 whose windows differ: window updates, no fast retransmit.
        for w in [1, 2, 3] {
            s.on_packet(&ack(0, Some(w)), &mut ctx);
        }
        assert_eq!(s.stats.fast_retransmits, 0);
        // The same ACK with the same window three times is a loss signal again.
        for _ in 0..3 {
            s.on_packet(&ack(0, Some(3)), &mut ctx);
        }
        assert_eq!(s.stats.fast_retransmits, 1);
    }

    #[test]
    fn a_zero_window_freezes_the_sender_which_probes_with_backoff_and_resumes_with_its_cwnd() {
        // RTO 1 s (RFC 6298 initial value, no sample taken: ACKs come at time 0).
        let mut cfg = config(Variant::Reno);
        cfg.initial_window = 4;
        let mut s = sender(cfg);
        let mut ctx = ScriptCtx::default();
        s.start(&mut ctx);
        assert_eq!(seqs(&mut ctx), vec![0, 1, 2, 3]);
        // One cumulative ACK of two segments: cwnd 5 (one per ACK, RFC 5681 3.1).
        s.on_packet(&ack(2, None), &mut ctx);
        assert_eq!(seqs(&mut ctx), vec![4, 5, 6]);
        let cwnd = s.cwnd();
        assert_eq!(cwnd, 5.0);
        // A middlebox re-sends the last ACK with a zero window: persist mode.
        s.on_packet(&ack(2, Some(0)), &mut ctx);
        assert!(s.is_persisting());
        assert_eq!(ctx.timer(crate::tcp::sender::tests::RTX), Some(at_ms(1000)), "first probe after one RTO");
        assert!(ctx.take_sent().is_empty());
        // Probes at 1 s, then 2 s and 4 s later: segment 2 each time, no timeout, cwnd kept.
        let mut probe_times = vec![];
        for _ in 0..3 {
            let t = ctx.timer(crate::tcp::sender::tests::RTX).unwrap();
            ctx.now = t;
            s.on_timer(SenderTimers::RTX_KIND, &mut ctx);
            probe_times.push(t.0 / 1_000_000);
            assert_eq!(seqs(&mut ctx), vec![2]);
        }
        assert_eq!(probe_times, vec![1000, 3000, 7000]);
        assert_eq!(s.stats.timeouts, 0);
        assert_eq!(s.stats.zero_window_probes, 3);
        assert_eq!(s.stats.retransmits, 0, "probes are not retransmissions");
        assert_eq!(s.cwnd(), cwnd);
        // The window reopens (same ACK, a window of 20): resend from segment 2 with the old cwnd.
        ctx.now = at_ms(8000);
        s.on_packet(&ack(2, Some(20)), &mut ctx);
        assert!(!s.is_persisting());
        assert_eq!(seqs(&mut ctx), vec![2, 3, 4, 5, 6]);
        assert_eq!(s.cwnd(), cwnd);
        assert_eq!(ctx.timer(crate::tcp::sender::tests::RTX), Some(at_ms(9000)), "retransmission timer back on");
    }

    #[test]
    fn a_zero_window_on_an_ack_of_new_data_also_freezes_and_an_ack_with_room_ends_it() {
        let mut cfg = config(Variant::NewReno);
        cfg.initial_window = 2;
        let mut s = sender(cfg);
        let mut ctx = ScriptCtx::default();
        s.start(&mut ctx);
        assert_eq!(seqs(&mut ctx), vec![0, 1]);
        s.on_packet(&ack(1, Some(0)), &mut ctx);
        assert!(s.is_persisting());
        assert!(ctx.take_sent().is_empty());
        // Segment 1 was in flight; its ACK opens the window again.
        s.on_packet(&ack(2, Some(4)), &mut ctx);
        assert!(!s.is_persisting());
        assert_eq!(seqs(&mut ctx), vec![2, 3, 4, 5]);
    }

    #[test]
    fn the_answer_to_a_probe_of_new_data_is_no_duplicate_and_the_window_update_releases_it() {
        // Everything sent is acknowledged when the window closes: the probe is new data.
        let mut cfg = config(Variant::Tahoe);
        cfg.initial_window = 2;
        let mut s = sender(cfg);
        let mut ctx = ScriptCtx::default();
        s.start(&mut ctx);
        ctx.take_sent();
        s.on_packet(&ack(2, Some(0)), &mut ctx);
        assert!(s.is_persisting());
        ctx.now = ctx.timer(crate::tcp::sender::tests::RTX).unwrap();
        s.on_timer(SenderTimers::RTX_KIND, &mut ctx);
        assert_eq!(seqs(&mut ctx), vec![2], "probe: segment 2, new data");
        // The receiver has no room: it drops the probe and answers ACK 2, window 0, three times.
        for _ in 0..3 {
            s.on_packet(&ack(2, Some(0)), &mut ctx);
        }
        assert_eq!(s.stats.fast_retransmits, 0);
        assert!(ctx.take_sent().is_empty());
        // Room again: segment 2 goes out again at once, with segment 3.
        s.on_packet(&ack(2, Some(2)), &mut ctx);
        assert_eq!(seqs(&mut ctx), vec![2, 3]);
        assert_eq!(s.stats.timeouts, 0);
    }

    #[test]
    fn a_finite_transfer_sends_its_bytes_with_a_short_last_segment_then_stops() {
        let mut cfg = config(Variant::Reno);
        cfg.initial_window = 10;
        let mut s = sender(cfg);
        s.set_supply(2500, true);
        let mut ctx = ScriptCtx::default();
        s.start(&mut ctx);
        let sent = ctx.take_sent();
        let payloads: Vec<u16> = sent.iter().map(|p| p.payload_bytes).collect();
        assert_eq!(payloads, vec![1000, 1000, 500]);
        assert_eq!(sent[2].size_bytes, 540);
        s.on_packet(&ack(3, None), &mut ctx);
        assert!(ctx.take_sent().is_empty());
        assert!(s.is_done());
    }

    #[test]
    fn supplied_data_goes_out_as_it_comes_in_whole_segments() {
        let mut cfg = config(Variant::Reno);
        cfg.initial_window = 10;
        let mut s = sender(cfg);
        let mut ctx = ScriptCtx::default();
        s.supply(1500, false, &mut ctx);
        assert_eq!(seqs(&mut ctx), vec![0], "half a segment waits for more");
        s.supply(4000, false, &mut ctx);
        assert_eq!(seqs(&mut ctx), vec![1, 2, 3]);
        s.supply(4200, true, &mut ctx);
        let last = ctx.take_sent();
        assert_eq!((last[0].seq, last[0].payload_bytes), (4, 200));
    }
}
