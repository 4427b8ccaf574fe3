//! Delivery-rate samples (draft-cheng-iccrg-delivery-rate-estimation, as
//! Linux's tcp_rate.c): each segment remembers, when it leaves, how much had
//! been delivered by then and when; its ACK then gives the rate at which
//! the network delivered the data in between. BBR's bandwidth filter feeds
//! on these. Counted in segments; a segment is delivered when it is
//! acknowledged or SACKed, whichever comes first.

use crate::time::{SimDuration, SimTime};
use std::collections::VecDeque;

/// What a segment knew when it left.
#[derive(Copy, Clone, Debug)]
struct SentState {
    delivered: u64,
    delivered_time: SimTime,
    first_sent_time: SimTime,
    sent_time: SimTime,
    app_limited: bool,
}

/// One ACK's delivery-rate sample.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct RateSample {
    /// Segments delivered per second over the sample's interval.
    pub delivery_rate: f64,
    /// Segments delivered in all when the newest acknowledged segment left.
    pub prior_delivered: u64,
    /// Segments this ACK delivered (acknowledged or SACKed for the first time).
    pub newly_delivered: u32,
    /// The sample was taken while the application had nothing more to send.
    pub app_limited: bool,
}

#[derive(Clone, Debug, Default)]
pub struct RateSampler {
    /// Segments delivered so far (C.delivered).
    delivered: u64,
    delivered_time: SimTime,
    first_sent_time: SimTime,
    /// State of segments `base..base + len` (the outstanding ones, by sequence number).
    base: u32,
    sent: VecDeque<Slot>,
    /// Slots in `sent` that are SACKed: delivered above the cumulative ACK.
    sacked: u32,
}

/// An outstanding segment: sent and not yet delivered, or SACKed.
#[derive(Copy, Clone, Debug, Default)]
enum Slot {
    /// Not sent (a gap) or already sampled by a cumulative ACK.
    #[default]
    Empty,
    Sent(SentState),
    Sacked,
}

impl RateSampler {
    pub fn delivered(&self) -> u64 {
        self.delivered
    }

    /// Segments above the cumulative ACK the receiver has SACKed: what RFC
    /// 6675's pipe and Linux's packets_in_flight leave out of the flight.
    pub fn sacked(&self) -> u32 {
        self.sacked
    }

    /// Segment `seq` leaves (new or again); `in_flight` counts the segments outstanding before it.
    pub fn on_sent(&mut self, seq: u32, now: SimTime, in_flight: u32, app_limited: bool) {
        if in_flight == 0 {
            self.first_sent_time = now;
            self.delivered_time = now;
        }
        if self.sent.is_empty() {
            self.base = seq;
        }
        if seq < self.base {
            return;
        }
        let i = (seq - self.base) as usize;
        if i >= self.sent.len() {
            self.sent.resize(i + 1, Slot::Empty);
        }
        if matches!(self.sent[i], Slot::Sacked) {
            self.sacked -= 1;
        }
        self.sent[i] = Slot::Sent(SentState {
            delivered: self.delivered,
            delivered_time: self.delivered_time,
            first_sent_time: self.first_sent_time,
            sent_time: now,
            app_limited,
        });
    }

    /// Segments below `ack` are acknowledged and those in `sacked` SACKed:
    /// the sample from the newest of them, or none if its interval is
    /// shorter than `min_rtt` (too short to trust).
    pub fn on_ack(
        &mut self,
        ack: u32,
        sacked: impl Iterator<Item = (u32, u32)>,
        now: SimTime,
        min_rtt: Option<SimDuration>,
    ) -> Option<RateSample> {
        let before = self.delivered;
        let mut newest: Option<SentState> = None;
        while self.base < ack && !self.sent.is_empty() {
            match self.sent.pop_front() {
                Some(Slot::Sent(p)) => self.deliver(p, now, &mut newest),
                Some(Slot::Sacked) => self.sacked -= 1,
                _ => {}
            }
            self.base += 1;
        }
        if self.sent.is_empty() {
            self.base = ack;
        }
        for (left, right) in sacked {
            for seq in left.max(self.base)..right {
                let i = (seq - self.base) as usize;
                if i >= self.sent.len() {
                    break;
                }
                if let Slot::Sent(p) = self.sent[i] {
                    self.sent[i] = Slot::Sacked;
                    self.sacked += 1;
                    self.deliver(p, now, &mut newest);
                }
            }
        }
        let p = newest?;
        let send_elapsed = p.sent_time.since(p.first_sent_time);
        let ack_elapsed = now.since(p.delivered_time);
        let interval = send_elapsed.max(ack_elapsed);
        if interval.as_nanos() == 0 || min_rtt.is_some_and(|m| interval < m) {
            return None;
        }
        Some(RateSample {
            delivery_rate: (self.delivered - p.delivered) as f64 / interval.as_secs_f64(),
            prior_delivered: p.delivered,
            newly_delivered: (self.delivered - before) as u32,
            app_limited: p.app_limited,
        })
    }

    fn deliver(&mut self, p: SentState, now: SimTime, newest: &mut Option<SentState>) {
        self.delivered += 1;
        self.delivered_time = now;
        if newest.is_none_or(|n| p.delivered >= n.delivered) {
            *newest = Some(p);
            self.first_sent_time = p.sent_time;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at_ms(ms: u64) -> SimTime {
        SimTime::ZERO + SimDuration::from_millis(ms)
    }

    #[test]
    fn a_window_sent_at_once_and_then_clocked_by_acks_gives_the_bottleneck_rate() {
        // Ten segments leave at 0; a 100-segment/s bottleneck and 100 ms of
        // RTT bring ACK k at 100 + 10 k ms, and each ACK sends one more segment.
        let mut r = RateSampler::default();
        for seq in 0..10 {
            r.on_sent(seq, at_ms(0), seq, false);
        }
        let mut samples = vec![];
        for k in 1..=30u32 {
            let t = at_ms(100 + 10 * k as u64);
            samples.push(r.on_ack(k, std::iter::empty(), t, None).unwrap());
            r.on_sent(9 + k, t, 9, false);
        }
        // The first round went out as a burst: 10 segments over the 200 ms to its last ACK.
        assert!((samples[9].delivery_rate - 50.0).abs() < 1e-9, "{:?}", samples[9]);
        // From the third round on, sends are spaced like ACKs: the bottleneck's rate.
        assert!((samples[29].delivery_rate - 100.0).abs() < 1e-9, "{:?}", samples[29]);
        assert_eq!(samples[29].prior_delivered, 20);
    }

    #[test]
    fn samples_shorter_than_the_min_rtt_are_dropped() {
        let mut r = RateSampler::default();
        r.on_sent(0, at_ms(0), 0, false);
        assert!(r.on_ack(1, std::iter::empty(), at_ms(50), Some(SimDuration::from_millis(100))).is_none());
        assert_eq!(r.delivered(), 1);
    }

    #[test]
    fn sacked_segments_count_as_delivered_once() {
        let mut r = RateSampler::default();
        for seq in 0..6 {
            r.on_sent(seq, at_ms(0), seq, false);
        }
        // Segment 0 lost; 1..4 SACKed over two ACKs, then the cumulative ACK covers them all.
        let s = r.on_ack(0, [(1, 3)].into_iter(), at_ms(100), None).unwrap();
        assert_eq!((s.newly_delivered, r.delivered(), r.sacked()), (2, 2, 2));
        let s = r.on_ack(0, [(1, 5)].into_iter(), at_ms(110), None).unwrap();
        assert_eq!((s.newly_delivered, r.delivered(), r.sacked()), (2, 4, 4));
        // Segment 0 resent: still 4 SACKed above the hole.
        r.on_sent(0, at_ms(120), 2, false);
        assert_eq!(r.sacked(), 4);
        let s = r.on_ack(5, [(1, 5)].into_iter(), at_ms(200), None).unwrap();
        assert_eq!((s.newly_delivered, r.delivered()), (1, 5), "only segment 0 is new");
        assert_eq!(r.sacked(), 0, "the cumulative ACK covers what was SACKed");
    }
}
