//! When each outstanding segment last left and how often it went, as ns-2's
//! Vegas agent keeps it: f64 seconds since the first segment, in a table
//! indexed by sequence number modulo the receiver window. Vegas's growth
//! takes its per-segment RTT samples from here and its recovery its
//! fine-grained timeouts.

use crate::time::SimTime;

#[derive(Clone, Debug)]
pub(super) struct SegmentClock {
    /// When segment 0 left (ns-2's firstsent_); times count from here.
    first_sent: Option<SimTime>,
    /// Per segment modulo the window: when last sent (-1: acknowledged) and how often.
    sent_at: Vec<f64>,
    transmits: Vec<u32>,
    /// The RTT of the segment the last ACK of new data acknowledged, if it
    /// went out once (Karn).
    last_sample_s: Option<f64>,
}

impl SegmentClock {
    pub(super) fn new(window: u32) -> Self {
        // ns-2 sizes the table by the receiver window; keep huge windows bounded.
        let slots = window.clamp(1, 1 << 20) as usize;
        SegmentClock { first_sent: None, sent_at: vec![-1.0; slots], transmits: vec![0; slots], last_sample_s: None }
    }

    /// Seconds since the first segment left (0 before it).
    pub(super) fn elapsed_s(&self, now: SimTime) -> f64 {
        self.first_sent.map_or(0.0, |t| now.since(t).as_secs_f64())
    }

    fn slot(&self, seq: u32) -> usize {
        seq as usize % self.sent_at.len()
    }

    /// Bookkeeping of every transmission (ns-2 `VegasTcpAgent::output`).
    pub(super) fn on_output(&mut self, seq: u32, now: SimTime) {
        self.first_sent.get_or_insert(now);
        let t = self.elapsed_s(now);
        let i = self.slot(seq);
        self.sent_at[i] = t;
        self.transmits[i] += 1;
    }

    /// When segment `seq` last left, and how many times it went.
    pub(super) fn sent(&self, seq: u32) -> (f64, u32) {
        let i = self.slot(seq);
        (self.sent_at[i], self.transmits[i])
    }

    /// An ACK of new data: segments (old_last_ack, last_ack] (ns-2's
    /// numbering from 0) leave the table; the last one's RTT becomes the sample.
    pub(super) fn on_new_ack(&mut self, old_last_ack: i64, last_ack: i64, now: SimTime) {
        let now_s = self.elapsed_s(now);
        let (sent_at, transmits) = self.sent(last_ack as u32);
        // ns-2 clears the slots but stops where the slot index wraps around;
        // the quirk is kept to keep its numbers.
        let slots = self.sent_at.len() as i64;
        let (mut k, last) = ((old_last_ack + 1).rem_euclid(slots), last_ack.rem_euclid(slots));
        let mut range = last_ack - old_last_ack;
        while k <= last && range > 0 {
            self.sent_at[k as usize] = -1.0;
            self.transmits[k as usize] = 0;
            k = (k + 1) % slots;
            range -= 1;
        }
        self.last_sample_s = (sent_at != 0.0 && transmits == 1).then_some(now_s - sent_at);
    }

    pub(super) fn last_sample_s(&self) -> Option<f64> {
        self.last_sample_s
    }

    /// The segment after `seq` (ns-2 numbering), if it left at least
    /// `timeout_s` ago (ns-2 `vegas_expire`).
    pub(super) fn expired_after(&self, seq_ns2: i64, now_s: f64, timeout_s: f64) -> Option<u32> {
        let next = (seq_ns2 + 1) as u32;
        (now_s - self.sent_at[self.slot(next)] >= timeout_s).then_some(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::SimDuration;

    fn at_ms(ms: u64) -> SimTime {
        SimTime::ZERO + SimDuration::from_millis(ms)
    }

    #[test]
    fn times_count_from_the_first_segment_and_an_ack_gives_the_rtt_of_a_segment_sent_once() {
        let mut c = SegmentClock::new(8);
        c.on_output(0, at_ms(100));
        c.on_output(1, at_ms(150));
        assert_eq!(c.sent(1), (0.05, 1));
        c.on_new_ack(-1, 1, at_ms(350));
        assert!((c.last_sample_s().unwrap() - 0.2).abs() < 1e-12);
        assert_eq!(c.sent(0), (-1.0, 0), "acknowledged segments leave the table");
    }

    #[test]
    fn a_resent_segment_gives_no_sample_karn() {
        let mut c = SegmentClock::new(8);
        c.on_output(0, at_ms(0));
        c.on_output(1, at_ms(10));
        c.on_output(1, at_ms(500));
        c.on_new_ack(-1, 1, at_ms(600));
        assert_eq!(c.last_sample_s(), None);
    }

    #[test]
    fn a_segment_is_overdue_once_its_timeout_has_passed() {
        let mut c = SegmentClock::new(8);
        c.on_output(0, at_ms(0));
        c.on_output(1, at_ms(100));
        assert_eq!(c.expired_after(0, 0.25, 0.2), None);
        assert_eq!(c.expired_after(0, 0.35, 0.2), Some(1));
    }
}
