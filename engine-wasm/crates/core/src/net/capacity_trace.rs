//! Trace-driven capacity in Mahimahi's format (Netravali et al., USENIX
//! ATC 2015; mm-link's `LinkQueue`).
//!
//! A trace lists delivery opportunities as millisecond timestamps, one per
//! line, repeated timestamps meaning several opportunities in that
//! millisecond. Each opportunity carries up to one MTU of queued bytes
//! (Mahimahi's 1504 B are a 1500 B IP packet plus the TUN header, so 1500 B
//! here where sizes are IP sizes). A packet may take several opportunities;
//! what an opportunity has left after a packet goes to the next packet if
//! that one was already queued, and is otherwise lost, as in mm-link. An
//! opportunity at time T serves only packets that arrived before T
//! (mm-link burns opportunities up to now before enqueueing). The trace
//! repeats with a period of its last timestamp.
//!
//! FIFO service is a function of arrival times and sizes alone, so the
//! channel still fixes each packet's departure when it admits it.

use super::outage::Outages;
use crate::time::SimTime;

const NS_PER_MS: u64 = 1_000_000;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CapacityTrace {
    /// Opportunity times in ms, nondecreasing; the last is the period (> 0).
    opportunities_ms: Vec<u64>,
    bytes_per_opportunity: u32,
    /// The next unused opportunity: cycle of the trace and index in it.
    cycle: u64,
    index: usize,
    /// Bytes left in the last opportunity used, and its time.
    leftover_bytes: u32,
    leftover_at: SimTime,
    /// Bytes carried, for utilization.
    pub bytes_carried: u64,
}

impl CapacityTrace {
    /// `opportunities_ms` must be non-empty, nondecreasing and end above 0
    /// (the scenario checks it).
    pub fn new(opportunities_ms: Vec<u64>, bytes_per_opportunity: u32) -> CapacityTrace {
        debug_assert!(opportunities_ms.last().is_some_and(|&p| p > 0));
        debug_assert!(opportunities_ms.windows(2).all(|w| w[0] <= w[1]));
        CapacityTrace {
            opportunities_ms,
            bytes_per_opportunity,
            cycle: 0,
            index: 0,
            leftover_bytes: 0,
            leftover_at: SimTime::ZERO,
            bytes_carried: 0,
        }
    }

    fn period_ms(&self) -> u64 {
        *self.opportunities_ms.last().expect("a non-empty trace")
    }

    /// Mean capacity over one period, in bit/s.
    pub fn mean_rate_bps(&self) -> u64 {
        let bits = self.opportunities_ms.len() as u64 * self.bytes_per_opportunity as u64 * 8;
        (bits * 1000 / self.period_ms()).max(1)
    }

    fn time_of(&self, cycle: u64, index: usize) -> SimTime {
        let ms = cycle.saturating_mul(self.period_ms()).saturating_add(self.opportunities_ms[index]);
        SimTime(ms.saturating_mul(NS_PER_MS))
    }

    fn step(&mut self) {
        self.index += 1;
        if self.index == self.opportunities_ms.len() {
            self.index = 0;
            self.cycle += 1;
        }
    }

    /// Moves the next opportunity to the first one after `t`, if it is earlier.
    fn skip_to_after(&mut self, t: SimTime) {
        if self.time_of(self.cycle, self.index) > t {
            return;
        }
        let t_ms = t.0 / NS_PER_MS;
        let (cycle, r) = (t_ms / self.period_ms(), t_ms % self.period_ms());
        // Opportunities fall on whole milliseconds: one is later than t iff
        // its millisecond is later than t's.
        let i = self.opportunities_ms.partition_point(|&ms| ms <= r);
        (self.cycle, self.index) = if i < self.opportunities_ms.len() { (cycle, i) } else { (cycle + 1, 0) };
        // Cycle boundaries repeat the time of the last opportunity: skip any still not after t.
        while self.time_of(self.cycle, self.index) <= t {
            self.step();
        }
    }

    /// Serves `bytes` that arrived at `arrival`, FIFO after everything
    /// served before; `hold` outages void the opportunities they cover.
    /// Returns when the first and the last opportunity used occur.
    pub fn serve(&mut self, bytes: u32, arrival: SimTime, hold: Option<&Outages>) -> (SimTime, SimTime) {
        self.bytes_carried += bytes as u64;
        let mut need = bytes;
        let mut first = None;
        if self.leftover_bytes > 0 && arrival < self.leftover_at {
            // Queued before the opportunity that finished the previous packet.
            first = Some(self.leftover_at);
            let used = need.min(self.leftover_bytes);
            need -= used;
            self.leftover_bytes -= used;
            if need == 0 {
                return (self.leftover_at, self.leftover_at);
            }
        }
        self.leftover_bytes = 0;
        self.skip_to_after(arrival);
        loop {
            let at = self.time_of(self.cycle, self.index);
            self.step();
            if hold.is_some_and(|o| o.is_down(at)) {
                continue;
            }
            first.get_or_insert(at);
            if need <= self.bytes_per_opportunity {
                self.leftover_bytes = self.bytes_per_opportunity - need;
                self.leftover_at = at;
                return (first.unwrap_or(at), at);
            }
            need -= self.bytes_per_opportunity;
        }
    }

    /// Bytes the trace offered from the start up to `t`.
    pub fn offered_bytes(&self, t: SimTime) -> u64 {
        let t_ms = t.0 / NS_PER_MS;
        let (cycles, r) = (t_ms / self.period_ms(), t_ms % self.period_ms());
        let in_part = self.opportunities_ms.partition_point(|&ms| ms <= r) as u64;
        (cycles * self.opportunities_ms.len() as u64 + in_part) * self.bytes_per_opportunity as u64
    }
}

/// Parses Mahimahi trace text: one millisecond timestamp per line (blank
/// lines and surrounding spaces are tolerated; anything else is an error).
pub fn parse_mahimahi(text: &str) -> Result<Vec<u64>, String> {
    text.split_whitespace()
        .enumerate()
        .map(|(i, word)| word.parse::<u64>().map_err(|_| format!("entry {} \"{word}\" is not a whole number of ms", i + 1)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use super::super::outage::OutageMode;

    const MS: u64 = 1_000_000;

    #[test]
    fn one_opportunity_carries_one_mtu_and_leftovers_go_to_queued_packets() {
        // Opportunities at 1, 2, 3, 4 ms, repeating every 4 ms.
        let mut t = CapacityTrace::new(vec![1, 2, 3, 4], 1500);
        // Two 1000 B packets queued at 0: the first leaves at 1 ms with 500 B to
        // spare; the second takes those and 500 B of the 2 ms opportunity.
        assert_eq!(t.serve(1000, SimTime(0), None), (SimTime(MS), SimTime(MS)));
        assert_eq!(t.serve(1000, SimTime(0), None), (SimTime(MS), SimTime(2 * MS)));
        // A 1500 B packet arriving at 2.5 ms cannot use the 1000 B left at 2 ms.
        assert_eq!(t.serve(1500, SimTime(2 * MS + MS / 2), None), (SimTime(3 * MS), SimTime(3 * MS)));
        // A 4000 B packet at 3 ms takes 4 ms, 5 ms (= 1 ms of the next cycle) and 6 ms.
        assert_eq!(t.serve(4000, SimTime(3 * MS), None), (SimTime(4 * MS), SimTime(6 * MS)));
    }

    #[test]
    fn an_opportunity_at_the_arrival_instant_is_already_gone() {
        let mut t = CapacityTrace::new(vec![0, 5, 5, 10], 1500);
        // Arriving at 5 ms: both opportunities at 5 ms passed; the next is at 10 ms.
        assert_eq!(t.serve(100, SimTime(5 * MS), None), (SimTime(10 * MS), SimTime(10 * MS)));
        // At 10 ms the next cycle's first opportunity (10 + 0) is gone too; then 15 ms twice.
        assert_eq!(t.serve(3000, SimTime(10 * MS), None), (SimTime(15 * MS), SimTime(15 * MS)));
    }

    #[test]
    fn long_idle_periods_jump_ahead_and_the_trace_loops() {
        let mut t = CapacityTrace::new(vec![3, 7], 1500);
        // 1,000,004 ms is 5 ms into cycle 142,857 (which starts at 999,999 ms): next at +7 ms.
        assert_eq!(t.serve(1500, SimTime(1_000_004 * MS), None).1, SimTime(1_000_006 * MS));
        assert_eq!(t.mean_rate_bps(), 2 * 1500 * 8 * 1000 / 7);
        assert_eq!(t.offered_bytes(SimTime(14 * MS)), 4 * 1500);
    }

    #[test]
    fn opportunities_inside_a_held_outage_are_lost() {
        let hold = Outages::new(OutageMode::Hold, vec![(2 * MS, 4 * MS)], None);
        let mut t = CapacityTrace::new(vec![1, 2, 3, 4, 5, 6], 1500);
        assert_eq!(t.serve(3000, SimTime(MS + 1), Some(&hold)), (SimTime(4 * MS), SimTime(5 * MS)));
    }

    #[test]
    fn mahimahi_text_parses_line_by_line() {
        assert_eq!(parse_mahimahi("1\n1\n2\n\n 5 \n").unwrap(), vec![1, 1, 2, 5]);
        assert_eq!(parse_mahimahi("1\n2.5\n").unwrap_err(), "entry 2 \"2.5\" is not a whole number of ms");
    }
}
