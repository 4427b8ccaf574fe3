//! Link-layer ARQ (like CDMA2000's RLP, seed 002): a frame the error model
//! corrupts is sent again by the link after a fixed per-try delay, up to a
//! number of tries, then given up. The link delivers in order: a frame
//! waits at the receiver for every earlier one, delivered or given up, so
//! one frame's retries delay all frames behind it (the 1-2 s delay spikes
//! the paper measures).
//!
//! Retries add delay, not serialization: RLP resends radio frames much
//! smaller than an IP packet, so their airtime is left out.

use crate::time::{SimDuration, SimTime};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arq {
    /// Transmissions of one frame at most, the first included (>= 1).
    pub max_tries: u32,
    /// Time from one try to the next (the time to learn of the loss and resend).
    pub retry_delay: SimDuration,
    /// When the last frame reached (or was given up at) the far end.
    last_arrival: SimTime,
}

/// The outcome of sending one frame with retries.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Attempts {
    pub tries: u32,
    pub delivered: bool,
}

impl Arq {
    pub fn new(max_tries: u32, retry_delay: SimDuration) -> Arq {
        Arq { max_tries: max_tries.max(1), retry_delay, last_arrival: SimTime::ZERO }
    }

    /// Tries a frame first sent at `first`; `lost(t)` says whether the try
    /// sent at `t` is corrupted.
    pub fn send(&self, first: SimTime, mut lost: impl FnMut(SimTime) -> bool) -> Attempts {
        let mut tries = 1;
        let mut at = first;
        while lost(at) {
            if tries == self.max_tries {
                return Attempts { tries, delivered: false };
            }
            tries += 1;
            at += self.retry_delay;
        }
        Attempts { tries, delivered: true }
    }

    /// The retries' delay on top of a single passage.
    pub fn extra_delay(&self, a: Attempts) -> SimDuration {
        self.retry_delay.saturating_mul((a.tries - 1) as u64)
    }

    /// In-order delivery: the frame leaves the link no earlier than the one before.
    pub fn in_order(&mut self, arrival: SimTime) -> SimTime {
        self.last_arrival = self.last_arrival.max(arrival);
        self.last_arrival
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: u64 = 1_000_000;

    #[test]
    fn retries_until_a_try_gets_through_or_the_limit() {
        let arq = Arq::new(4, SimDuration::from_millis(100));
        // Tries at 0, 100 and 200 ms; the third gets through.
        let mut sent_at = vec![];
        let a = arq.send(SimTime(0), |t| {
            sent_at.push(t.0 / MS);
            sent_at.len() < 3
        });
        assert_eq!(a, Attempts { tries: 3, delivered: true });
        assert_eq!(sent_at, vec![0, 100, 200]);
        assert_eq!(arq.extra_delay(a), SimDuration::from_millis(200));
        // Always corrupted: four tries, then given up.
        assert_eq!(arq.send(SimTime(0), |_| true), Attempts { tries: 4, delivered: false });
    }

    #[test]
    fn delivery_stays_in_order() {
        let mut arq = Arq::new(4, SimDuration::from_millis(100));
        // Frame 1 needed two retries (arrives at 210 ms); frame 2, sent 10 ms
        // later without error, would arrive at 20 ms but waits for frame 1.
        assert_eq!(arq.in_order(SimTime(210 * MS)), SimTime(210 * MS));
        assert_eq!(arq.in_order(SimTime(20 * MS)), SimTime(210 * MS));
        assert_eq!(arq.in_order(SimTime(300 * MS)), SimTime(300 * MS));
    }
}
