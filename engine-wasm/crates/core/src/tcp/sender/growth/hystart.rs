//! HyStart++ (RFC 9406): leave slow start before the first loss when the
//! RTT rises. Each round trip (a window of data) keeps its smallest RTT; once
//! a round's minimum exceeds the previous round's by a threshold (1/8 of it,
//! clamped to 4..16 ms) slow start turns into Conservative Slow Start, which
//! grows a quarter as fast; after five rounds of CSS it ends (ssthresh =
//! cwnd), or it returns to slow start if the RTT falls back.

use super::{AckEvent, Window};
use crate::time::SimDuration;

/// RFC 9406 section 4.3's constants.
const MIN_RTT_THRESH: SimDuration = SimDuration::from_millis(4);
const MAX_RTT_THRESH: SimDuration = SimDuration::from_millis(16);
const MIN_RTT_DIVISOR: u64 = 8;
const N_RTT_SAMPLE: u32 = 8;
pub const CSS_GROWTH_DIVISOR: f64 = 4.0;
const CSS_ROUNDS: u32 = 5;
/// Segments one ACK may add in slow start without pacing (L = 8).
pub const L_SEGMENTS: f64 = 8.0;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct HyStart {
    /// The round ends when this segment is acknowledged (snd_nxt when it began).
    window_end: Option<u32>,
    last_round_min_rtt: Option<SimDuration>,
    current_round_min_rtt: Option<SimDuration>,
    rtt_sample_count: u32,
    /// In Conservative Slow Start: the round minimum that started it, and rounds so far.
    css: Option<(SimDuration, u32)>,
    /// Done for good: after the first exit or congestion, plain slow start (RFC 9406 4.2).
    done: bool,
}

/// What slow start may add on this ACK.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum SlowStart {
    /// Standard slow start.
    Standard,
    /// Conservative Slow Start: a quarter of the growth.
    Conservative,
    /// Slow start has ended: ssthresh was set to cwnd.
    Ended,
}

impl HyStart {
    #[cfg(test)]
    pub fn in_css(&self) -> bool {
        self.css.is_some()
    }

    /// An ACK in slow start (RFC 9406 section 4.2).
    pub fn on_ack(&mut self, w: &mut Window, ack: &AckEvent) -> SlowStart {
        if self.done {
            return SlowStart::Standard;
        }
        if self.window_end.is_none_or(|end| ack.ack >= end) {
            // A new round: its minimum starts over.
            self.window_end = Some(ack.snd_nxt);
            self.last_round_min_rtt = self.current_round_min_rtt.take();
            self.rtt_sample_count = 0;
            if let Some((_, rounds)) = self.css.as_mut() {
                *rounds += 1;
                if *rounds >= CSS_ROUNDS {
                    // Five rounds of CSS: slow start is over.
                    w.ssthresh = w.cwnd;
                    self.css = None;
                    self.done = true;
                    return SlowStart::Ended;
                }
            }
        }
        if let Some(rtt) = ack.rtt {
            self.current_round_min_rtt = Some(self.current_round_min_rtt.map_or(rtt, |m| m.min(rtt)));
            self.rtt_sample_count += 1;
        }
        if self.rtt_sample_count >= N_RTT_SAMPLE {
            if let (Some(current), Some(last)) = (self.current_round_min_rtt, self.last_round_min_rtt) {
                match self.css {
                    None => {
                        let thresh = SimDuration::from_nanos(
                            (last.as_nanos() / MIN_RTT_DIVISOR).clamp(MIN_RTT_THRESH.as_nanos(), MAX_RTT_THRESH.as_nanos()),
                        );
                        if current >= last + thresh {
                            self.css = Some((current, 0));
                        }
                    }
                    // The RTT fell back below where CSS began: the rise was spurious.
                    Some((baseline, _)) if current < baseline => self.css = None,
                    Some(_) => {}
                }
            }
        }
        if self.css.is_some() {
            SlowStart::Conservative
        } else {
            SlowStart::Standard
        }
    }

    /// A loss or ECN mark ends HyStart++ for this connection.
    pub fn on_congestion(&mut self) {
        self.css = None;
        self.done = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::SimTime;

    fn ack(ack: u32, snd_nxt: u32, rtt_ms: u64) -> AckEvent {
        AckEvent { ack, snd_nxt, rtt: Some(SimDuration::from_millis(rtt_ms)), ..AckEvent::at(SimTime::ZERO) }
    }

    /// One round of `n` ACKs (segments `first..first + n`), each with `rtt_ms`.
    fn round(h: &mut HyStart, w: &mut Window, first: u32, n: u32, rtt_ms: u64) -> Vec<SlowStart> {
        (0..n).map(|i| h.on_ack(w, &ack(first + i + 1, first + 2 * n, rtt_ms))).collect()
    }

    #[test]
    fn a_rise_by_the_threshold_after_eight_samples_enters_css() {
        let mut h = HyStart::default();
        let mut w = Window { cwnd: 10.0, ssthresh: 1000.0, pacing_rate: None };
        // Round 1 at 40 ms; round 2 at 44 ms: the threshold is clamp(40 / 8, 4, 16) = 5 ms: no.
        round(&mut h, &mut w, 0, 10, 40);
        let r2 = round(&mut h, &mut w, 20, 10, 44);
        assert!(r2.iter().all(|s| *s == SlowStart::Standard));
        // Round 3 at 49 ms: 49 >= 44 + 5.5 (44 / 8)? No. Round 4 at 56 ms >= 49 + 6.125: yes,
        // on the eighth sample of the round.
        let r3 = round(&mut h, &mut w, 40, 10, 49);
        assert!(r3.iter().all(|s| *s == SlowStart::Standard));
        let r4 = round(&mut h, &mut w, 60, 10, 56);
        assert_eq!(r4[6], SlowStart::Standard);
        assert_eq!(r4[7], SlowStart::Conservative);
        assert!(h.in_css());
    }

    #[test]
    fn the_threshold_is_clamped_between_four_and_sixteen_ms() {
        // 200 ms / 8 = 25 ms, clamped to 16: a 17 ms rise is enough.
        let mut h = HyStart::default();
        let mut w = Window { cwnd: 10.0, ssthresh: 1000.0, pacing_rate: None };
        round(&mut h, &mut w, 0, 10, 200);
        let r = round(&mut h, &mut w, 20, 10, 217);
        assert_eq!(r[7], SlowStart::Conservative);
        // 8 ms / 8 = 1 ms, clamped to 4: a 3 ms rise is not.
        let mut h = HyStart::default();
        round(&mut h, &mut w, 0, 10, 8);
        let r = round(&mut h, &mut w, 20, 10, 11);
        assert!(r.iter().all(|s| *s == SlowStart::Standard));
    }

    #[test]
    fn five_rounds_of_css_end_slow_start_at_the_current_window() {
        let mut h = HyStart::default();
        let mut w = Window { cwnd: 30.0, ssthresh: 1000.0, pacing_rate: None };
        round(&mut h, &mut w, 0, 10, 40);
        round(&mut h, &mut w, 20, 10, 50);
        assert!(h.in_css());
        let mut last = vec![];
        for k in 2..7 {
            last = round(&mut h, &mut w, 20 * k, 10, 50);
        }
        assert_eq!(last[0], SlowStart::Ended);
        assert_eq!(w.ssthresh, 30.0);
    }

    #[test]
    fn an_rtt_back_below_the_css_baseline_resumes_slow_start() {
        let mut h = HyStart::default();
        let mut w = Window { cwnd: 10.0, ssthresh: 1000.0, pacing_rate: None };
        round(&mut h, &mut w, 0, 10, 40);
        round(&mut h, &mut w, 20, 10, 50);
        assert!(h.in_css());
        let r = round(&mut h, &mut w, 40, 10, 45);
        assert_eq!(r[7], SlowStart::Standard);
        assert!(!h.in_css());
    }
}
