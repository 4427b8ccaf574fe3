//! BBR v1 (Cardwell et al., "BBR: Congestion-Based Congestion Control",
//! ACM Queue 2016; draft-cardwell-iccrg-bbr-congestion-control-00; Linux's
//! tcp_bbr.c): instead of reacting to loss it models the path by its
//! bottleneck bandwidth (the windowed maximum of delivery-rate samples over
//! 10 round trips) and its round-trip propagation time (the minimum RTT over
//! 10 s), paces at gain x bandwidth and caps the data in flight at
//! cwnd_gain x BDP. Four states: Startup (gain 2/ln 2) until the bandwidth
//! stops growing by 25% for 3 rounds, Drain (the inverse gain) until the
//! queue it built is gone, ProbeBW cycling gains 1.25, 0.75, then 1 x 6, one
//! phase per min RTT, and ProbeRTT (cwnd 4 segments for 200 ms and a round)
//! when the min RTT has not been refreshed for 10 s. Windows and rates are
//! in segments and segments per second.
//!
//! Simplification: a loss repaired by fast retransmit leaves the model's
//! cwnd alone (BBR v1 does not reduce on loss; Linux's one-round packet
//! conservation is not modelled); a timeout restarts from one segment.

use super::{AckEvent, Congestion, GrowthMetrics, Window};
use crate::time::{SimDuration, SimTime};
use std::collections::VecDeque;

/// 2/ln 2: the smallest gain that doubles the sending rate every round (Startup).
pub const HIGH_GAIN: f64 = 2.885_390_081_777_926_8;
/// ProbeBW's pacing gains, one phase each (bbr_pacing_gain).
pub const CYCLE: [f64; 8] = [1.25, 0.75, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0];
const CWND_GAIN: f64 = 2.0;
/// The bandwidth filter's window, in round trips.
const BW_WINDOW_ROUNDS: u64 = 10;
const MIN_RTT_WINDOW: SimDuration = SimDuration::from_secs(10);
const PROBE_RTT_DURATION: SimDuration = SimDuration::from_millis(200);
/// The smallest cwnd, and ProbeRTT's (bbr_cwnd_min_target).
const MIN_CWND: f64 = 4.0;
/// Startup ends when 3 rounds grow the bandwidth by less than 25%.
const FULL_BW_THRESH: f64 = 1.25;
const FULL_BW_ROUNDS: u32 = 3;
/// Pace 1% below the estimate, as Linux (bbr_pacing_margin_percent).
const PACING_MARGIN: f64 = 0.99;
/// Segments added to the cwnd target for delayed and stretched ACKs (3 x TSO goal of 1).
const QUANTIZATION_BUDGET: f64 = 3.0;

/// The data in flight as Linux's packets_in_flight counts it: SACKed segments
/// have left the network. Counting them would keep ProbeRTT (which waits for
/// 4 segments in flight) going for as long as a hole stays unrepaired.
fn pipe(ack: &AckEvent) -> u32 {
    ack.in_flight.saturating_sub(ack.sacked)
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BbrMode {
    Startup,
    Drain,
    ProbeBw,
    ProbeRtt,
}

#[derive(Clone, Debug)]
pub struct BbrGrowth {
    mode: BbrMode,
    pacing_gain: f64,
    cwnd_gain: f64,
    /// (round, bandwidth) samples, bandwidths decreasing: the front is the windowed maximum.
    bw_filter: VecDeque<(u64, f64)>,
    min_rtt: Option<SimDuration>,
    min_rtt_stamp: SimTime,
    round_count: u64,
    next_round_delivered: u64,
    round_start: bool,
    full_bw: f64,
    full_bw_count: u32,
    full_bw_reached: bool,
    cycle_index: usize,
    cycle_stamp: SimTime,
    /// Where ProbeBW's cycle starts, so that flows do not probe in step (Linux draws it at random).
    cycle_offset: usize,
    probe_rtt_done: Option<SimTime>,
    probe_rtt_round_done: bool,
    prior_cwnd: f64,
    pacing_rate: Option<f64>,
    initial_cwnd: f64,
}

impl BbrGrowth {
    pub fn new(initial_cwnd: u32, cycle_seed: u32) -> Self {
        BbrGrowth {
            mode: BbrMode::Startup,
            pacing_gain: HIGH_GAIN,
            cwnd_gain: HIGH_GAIN,
            bw_filter: VecDeque::new(),
            min_rtt: None,
            min_rtt_stamp: SimTime::ZERO,
            round_count: 0,
            next_round_delivered: 0,
            round_start: false,
            full_bw: 0.0,
            full_bw_count: 0,
            full_bw_reached: false,
            cycle_index: 0,
            cycle_stamp: SimTime::ZERO,
            cycle_offset: (cycle_seed % (CYCLE.len() as u32 - 1)) as usize,
            probe_rtt_done: None,
            probe_rtt_round_done: false,
            prior_cwnd: 0.0,
            pacing_rate: None,
            initial_cwnd: initial_cwnd as f64,
        }
    }

    #[cfg(test)]
    pub fn mode(&self) -> BbrMode {
        self.mode
    }

    /// The bottleneck bandwidth estimate, segments per second.
    pub fn btl_bw(&self) -> f64 {
        self.bw_filter.front().map_or(0.0, |&(_, bw)| bw)
    }

    /// The bandwidth-delay product times `gain`, in segments.
    fn bdp(&self, gain: f64) -> f64 {
        match self.min_rtt {
            Some(rtt) if self.btl_bw() > 0.0 => gain * self.btl_bw() * rtt.as_secs_f64(),
            _ => self.initial_cwnd,
        }
    }

    pub fn on_ack(&mut self, w: &mut Window, ack: &AckEvent) {
        self.update_round(ack);
        self.update_bw(ack);
        self.update_cycle_phase(ack);
        self.check_full_bw_reached(ack);
        self.check_drain(ack);
        self.update_min_rtt(w, ack);
        self.set_pacing_rate(w);
        self.set_cwnd(w, ack);
    }

    /// A round trip ends when data sent after its start is delivered.
    fn update_round(&mut self, ack: &AckEvent) {
        self.round_start = false;
        if let Some(rs) = ack.rate {
            if rs.prior_delivered >= self.next_round_delivered {
                self.next_round_delivered = ack.delivered;
                self.round_count += 1;
                self.round_start = true;
            }
        }
    }

    /// The windowed maximum of delivery rates over 10 rounds; app-limited
    /// samples count only if they raise it.
    fn update_bw(&mut self, ack: &AckEvent) {
        let Some(rs) = ack.rate else { return };
        let bw = rs.delivery_rate;
        if rs.app_limited && bw < self.btl_bw() {
            return;
        }
        while self.bw_filter.back().is_some_and(|&(_, b)| b <= bw) {
            self.bw_filter.pop_back();
        }
        self.bw_filter.push_back((self.round_count, bw));
        while self.bw_filter.front().is_some_and(|&(r, _)| r + BW_WINDOW_ROUNDS <= self.round_count) {
            self.bw_filter.pop_front();
        }
    }

    /// ProbeBW: the next gain after a min RTT; probing up waits until the
    /// flight has reached 1.25 BDP, draining ends early at 1 BDP.
    fn update_cycle_phase(&mut self, ack: &AckEvent) {
        if self.mode != BbrMode::ProbeBw {
            return;
        }
        let full_length = self.min_rtt.is_some_and(|rtt| ack.now.since(self.cycle_stamp) > rtt);
        let prior_in_flight = (pipe(ack) + ack.newly_acked) as f64;
        let next = if self.pacing_gain > 1.0 {
            full_length && prior_in_flight >= self.bdp(self.pacing_gain)
        } else if self.pacing_gain < 1.0 {
            full_length || prior_in_flight <= self.bdp(1.0)
        } else {
            full_length
        };
        if next {
            self.cycle_index = (self.cycle_index + 1) % CYCLE.len();
            self.cycle_stamp = ack.now;
            self.pacing_gain = CYCLE[self.cycle_index];
        }
    }

    fn check_full_bw_reached(&mut self, ack: &AckEvent) {
        if self.full_bw_reached || !self.round_start || ack.rate.is_some_and(|r| r.app_limited) {
            return;
        }
        let bw = self.btl_bw();
        if bw >= self.full_bw * FULL_BW_THRESH {
            self.full_bw = bw;
            self.full_bw_count = 0;
            return;
        }
        self.full_bw_count += 1;
        self.full_bw_reached = self.full_bw_count >= FULL_BW_ROUNDS;
    }

    fn check_drain(&mut self, ack: &AckEvent) {
        if self.mode == BbrMode::Startup && self.full_bw_reached {
            self.mode = BbrMode::Drain;
            self.pacing_gain = 1.0 / HIGH_GAIN;
            self.cwnd_gain = HIGH_GAIN;
        }
        if self.mode == BbrMode::Drain && pipe(ack) as f64 <= self.bdp(1.0) {
            self.enter_probe_bw(ack.now);
        }
    }

    fn enter_probe_bw(&mut self, now: SimTime) {
        self.mode = BbrMode::ProbeBw;
        self.cwnd_gain = CWND_GAIN;
        // Any phase but the draining one (index 1) first.
        self.cycle_index = (CYCLE.len() - self.cycle_offset) % CYCLE.len();
        if self.cycle_index == 1 {
            self.cycle_index = 2;
        }
        self.cycle_stamp = now;
        self.pacing_gain = CYCLE[self.cycle_index];
    }

    /// The 10 s min-RTT filter, and ProbeRTT when it expires.
    fn update_min_rtt(&mut self, w: &mut Window, ack: &AckEvent) {
        let expired = ack.now > self.min_rtt_stamp + MIN_RTT_WINDOW;
        if let Some(rtt) = ack.rtt {
            if self.min_rtt.is_none_or(|m| rtt < m) || expired {
                self.min_rtt = Some(rtt);
                self.min_rtt_stamp = ack.now;
            }
        }
        if expired && self.mode != BbrMode::ProbeRtt && self.min_rtt.is_some() {
            self.mode = BbrMode::ProbeRtt;
            self.pacing_gain = 1.0;
            self.cwnd_gain = 1.0;
            self.prior_cwnd = w.cwnd;
            self.probe_rtt_done = None;
        }
        if self.mode != BbrMode::ProbeRtt {
            return;
        }
        match self.probe_rtt_done {
            None if (pipe(ack) as f64) <= MIN_CWND => {
                self.probe_rtt_done = Some(ack.now + PROBE_RTT_DURATION);
                self.probe_rtt_round_done = false;
                self.next_round_delivered = ack.delivered;
            }
            None => {}
            Some(done) => {
                if self.round_start {
                    self.probe_rtt_round_done = true;
                }
                if self.probe_rtt_round_done && ack.now >= done {
                    self.min_rtt_stamp = ack.now;
                    w.cwnd = w.cwnd.max(self.prior_cwnd);
                    if self.full_bw_reached {
                        self.enter_probe_bw(ack.now);
                    } else {
                        self.mode = BbrMode::Startup;
                        self.pacing_gain = HIGH_GAIN;
                        self.cwnd_gain = HIGH_GAIN;
                    }
                }
            }
        }
    }

    fn set_pacing_rate(&mut self, w: &mut Window) {
        let bw = self.btl_bw();
        if bw <= 0.0 {
            return;
        }
        let rate = self.pacing_gain * bw * PACING_MARGIN;
        // Until the pipe is full, never slow down (a low early sample is not the path).
        if self.full_bw_reached || self.pacing_rate.is_none_or(|r| rate > r) {
            self.pacing_rate = Some(rate);
        }
        w.pacing_rate = self.pacing_rate;
    }

    fn set_cwnd(&mut self, w: &mut Window, ack: &AckEvent) {
        // Delivered by this ACK, SACKed data included (Linux's acked_sacked).
        let acked = ack.rate.map_or(ack.newly_acked, |r| r.newly_delivered) as f64;
        let target = self.bdp(self.cwnd_gain) + QUANTIZATION_BUDGET;
        if self.full_bw_reached {
            w.cwnd = (w.cwnd + acked).min(target);
        } else if w.cwnd < target || (ack.delivered as f64) < self.initial_cwnd {
            w.cwnd += acked;
        }
        w.cwnd = w.cwnd.max(MIN_CWND);
        if self.mode == BbrMode::ProbeRtt {
            w.cwnd = w.cwnd.min(MIN_CWND);
        }
    }

    /// BBR keeps its model through a fast retransmit; a timeout starts over from one segment.
    pub fn on_congestion(&mut self, w: &mut Window, event: Congestion) {
        if event == Congestion::Restart {
            self.prior_cwnd = w.cwnd;
            w.cwnd = 1.0;
        }
    }

    pub fn metrics(&self) -> GrowthMetrics {
        GrowthMetrics {
            btl_bw: Some(self.btl_bw()),
            min_rtt_s: self.min_rtt.map(|r| r.as_secs_f64()),
            pacing_rate: self.pacing_rate,
            ..GrowthMetrics::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tcp::sender::rate_sample::RateSample;

    fn at_ms(ms: u64) -> SimTime {
        SimTime::ZERO + SimDuration::from_millis(ms)
    }

    /// An ACK at `ms` that starts a new round (its segment left after the
    /// last round ended), with a delivery rate and an RTT sample.
    struct Path {
        delivered: u64,
        now_ms: u64,
    }

    impl Path {
        fn round(&mut self, g: &mut BbrGrowth, w: &mut Window, rate: f64, rtt_ms: u64, in_flight: u32) {
            self.now_ms += rtt_ms;
            let prior = self.delivered;
            self.delivered += 10;
            let ack = AckEvent {
                newly_acked: 10,
                in_flight,
                delivered: self.delivered,
                rtt: Some(SimDuration::from_millis(rtt_ms)),
                rate: Some(RateSample { delivery_rate: rate, prior_delivered: prior, newly_delivered: 10, app_limited: false }),
                ..AckEvent::at(at_ms(self.now_ms))
            };
            g.on_ack(w, &ack);
        }
    }

    fn started() -> (BbrGrowth, Window, Path) {
        (BbrGrowth::new(10, 0), Window { cwnd: 10.0, ssthresh: f64::MAX, pacing_rate: None }, Path { delivered: 0, now_ms: 0 })
    }

    #[test]
    fn startup_paces_at_the_high_gain_and_ends_after_three_rounds_without_25_percent_growth() {
        let (mut g, mut w, mut p) = started();
        // The bandwidth doubles each round: Startup goes on.
        for rate in [100.0, 200.0, 400.0, 800.0] {
            p.round(&mut g, &mut w, rate, 40, 20);
        }
        assert_eq!(g.mode(), BbrMode::Startup);
        assert!((w.pacing_rate.unwrap() - HIGH_GAIN * 800.0 * 0.99).abs() < 1e-9);
        // Then it stays at 900 (< 1.25 x 800): three rounds and Startup is over.
        p.round(&mut g, &mut w, 900.0, 40, 100);
        p.round(&mut g, &mut w, 900.0, 40, 100);
        assert_eq!(g.mode(), BbrMode::Startup);
        p.round(&mut g, &mut w, 900.0, 40, 100);
        assert_eq!(g.mode(), BbrMode::Drain, "the queue Startup built is drained");
        assert!((g.pacing_gain - 1.0 / HIGH_GAIN).abs() < 1e-12);
    }

    #[test]
    fn drain_ends_once_the_flight_is_down_to_one_bdp_then_probe_bw_cycles_its_gains() {
        let (mut g, mut w, mut p) = started();
        for rate in [1000.0, 1000.0, 1000.0, 1000.0] {
            p.round(&mut g, &mut w, rate, 40, 100);
        }
        assert_eq!(g.mode(), BbrMode::Drain);
        // BDP = 1000 segments/s x 40 ms = 40 segments: 41 in flight is still too many.
        p.round(&mut g, &mut w, 1000.0, 40, 41);
        assert_eq!(g.mode(), BbrMode::Drain);
        p.round(&mut g, &mut w, 1000.0, 40, 40);
        assert_eq!(g.mode(), BbrMode::ProbeBw);
        assert_eq!(g.cwnd_gain, 2.0);
        // One phase per min RTT (with the flight at 1.25 BDP when probing up).
        let mut gains = vec![g.pacing_gain];
        for _ in 0..8 {
            p.round(&mut g, &mut w, 1000.0, 41, 50);
            gains.push(g.pacing_gain);
        }
        let start = gains.iter().position(|&x| x == 1.25).expect("probes up within a cycle");
        assert_eq!(gains[start + 1], 0.75);
        assert!(gains[start + 2..start + 8].iter().all(|&x| x == 1.0), "{gains:?}");
        // cwnd = 2 BDP + 3 once the pipe is full.
        assert!((w.cwnd - (2.0 * 40.0 + 3.0)).abs() < 1e-9, "cwnd {}", w.cwnd);
    }

    #[test]
    fn probe_rtt_comes_after_10_s_without_a_lower_rtt_and_lasts_200_ms_and_a_round() {
        let (mut g, mut w, mut p) = started();
        for _ in 0..5 {
            p.round(&mut g, &mut w, 1000.0, 40, 40);
        }
        assert_eq!(g.mode(), BbrMode::ProbeBw);
        // RTTs of 50 ms (never below 40) for 10 s: then ProbeRTT.
        while p.now_ms < 10_000 {
            p.round(&mut g, &mut w, 1000.0, 50, 60);
            assert_ne!(g.mode(), BbrMode::ProbeRtt, "at {} ms", p.now_ms);
        }
        p.round(&mut g, &mut w, 1000.0, 50, 60);
        assert_eq!(g.mode(), BbrMode::ProbeRtt);
        assert_eq!(w.cwnd, 4.0);
        // Once the flight is down to 4 segments, 200 ms and a round trip.
        p.round(&mut g, &mut w, 1000.0, 50, 4);
        let entered = p.now_ms;
        while p.now_ms < entered + 200 {
            assert_eq!(g.mode(), BbrMode::ProbeRtt, "at {} ms", p.now_ms);
            p.round(&mut g, &mut w, 1000.0, 50, 4);
        }
        p.round(&mut g, &mut w, 1000.0, 50, 4);
        assert_eq!(g.mode(), BbrMode::ProbeBw);
        assert!(w.cwnd >= 80.0, "the window before ProbeRTT is restored: {}", w.cwnd);
    }

    #[test]
    fn probe_rtt_counts_sacked_segments_out_of_the_flight() {
        let (mut g, mut w, mut p) = started();
        for _ in 0..5 {
            p.round(&mut g, &mut w, 1000.0, 40, 40);
        }
        while p.now_ms <= 10_000 {
            p.round(&mut g, &mut w, 1000.0, 50, 60);
        }
        assert_eq!(g.mode(), BbrMode::ProbeRtt);
        // A hole at the head with 60 SACKed segments above it: 64 outstanding,
        // 4 in the network. Its 200 ms start now (they start only once the flight is down to 4).
        let hole = |p: &Path| AckEvent { in_flight: 64, sacked: 60, newly_acked: 0, delivered: p.delivered, ..AckEvent::at(at_ms(p.now_ms + 1)) };
        g.on_ack(&mut w, &hole(&p));
        assert!(g.probe_rtt_done.is_some(), "ProbeRTT waits for 64 segments that already arrived");
    }

    #[test]
    fn the_bandwidth_filter_forgets_a_maximum_after_ten_rounds() {
        let (mut g, mut w, mut p) = started();
        p.round(&mut g, &mut w, 2000.0, 40, 40);
        for _ in 0..9 {
            p.round(&mut g, &mut w, 1000.0, 40, 40);
            assert_eq!(g.btl_bw(), 2000.0);
        }
        p.round(&mut g, &mut w, 1000.0, 40, 40);
        assert_eq!(g.btl_bw(), 1000.0);
    }
}
