//! The receiver's view of the sequence space: what arrived, what is missing.

use std::collections::VecDeque;

/// Segments at and beyond the next expected one, as payload sizes plus one
/// (0 = not yet received; a SYN carries no payload), like ns-2's `Acker`. Steady in-order traffic reuses the
/// same slots, so it allocates nothing once warm.
#[derive(Clone, Debug, Default)]
pub struct Reassembly {
    next_expected: u32,
    /// Slot i holds segment next_expected + i.
    window: VecDeque<u32>,
    /// One past the highest segment seen.
    seen_end: u32,
}

/// What one arriving segment did.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Accepted {
    /// Application bytes that became deliverable in order.
    pub delivered_bytes: u64,
    /// The segment had been received before.
    pub duplicate: bool,
}

impl Reassembly {
    /// The cumulative ACK: the next segment expected in order.
    pub fn next_expected(&self) -> u32 {
        self.next_expected
    }

    /// One past the highest segment received.
    pub fn seen_end(&self) -> u32 {
        self.seen_end
    }

    /// Whether segment `seq` has arrived.
    pub fn has(&self, seq: u32) -> bool {
        seq < self.next_expected || self.window.get((seq - self.next_expected) as usize).is_some_and(|&b| b != 0)
    }

    #[inline]
    pub fn accept(&mut self, seq: u32, payload_bytes: u32) -> Accepted {
        if seq == self.next_expected && self.window.is_empty() {
            // The common case, the next segment with nothing held above it:
            // delivered at once, no slot to fill and take back (inlined into
            // the sink; the rest is not).
            self.next_expected += 1;
            self.seen_end = self.seen_end.max(self.next_expected);
            return Accepted { delivered_bytes: payload_bytes as u64, duplicate: false };
        }
        self.accept_out_of_order(seq, payload_bytes)
    }

    #[inline(never)]
    fn accept_out_of_order(&mut self, seq: u32, payload_bytes: u32) -> Accepted {
        if seq < self.next_expected {
            return Accepted { delivered_bytes: 0, duplicate: true };
        }
        self.seen_end = self.seen_end.max(seq + 1);
        let slot = (seq - self.next_expected) as usize;
        if self.window.len() <= slot {
            self.window.resize(slot + 1, 0);
        }
        let duplicate = self.window[slot] != 0;
        self.window[slot] = payload_bytes + 1;
        let mut delivered_bytes = 0u64;
        while let Some(&bytes) = self.window.front() {
            if bytes == 0 {
                break;
            }
            delivered_bytes += bytes as u64 - 1;
            self.window.pop_front();
            self.next_expected += 1;
        }
        Accepted { delivered_bytes, duplicate }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn in_order_segments_deliver_at_once() {
        let mut r = Reassembly::default();
        assert_eq!(r.accept(0, 1000).delivered_bytes, 1000);
        assert_eq!(r.accept(1, 1000).delivered_bytes, 1000);
        assert_eq!(r.next_expected(), 2);
    }

    #[test]
    fn a_hole_holds_back_delivery_until_filled() {
        let mut r = Reassembly::default();
        r.accept(0, 1000);
        let a = r.accept(2, 1000);
        assert_eq!(a.delivered_bytes, 0);
        assert_eq!((r.next_expected(), r.seen_end()), (1, 3));
        let b = r.accept(1, 1000);
        assert_eq!(b.delivered_bytes, 2000);
        assert_eq!(r.next_expected(), 3);
    }

    #[test]
    fn duplicates_are_flagged_and_deliver_nothing() {
        let mut r = Reassembly::default();
        r.accept(0, 1000);
        r.accept(2, 1000);
        assert!(r.accept(0, 1000).duplicate);
        let again = r.accept(2, 1000);
        assert!(again.duplicate);
        assert_eq!(again.delivered_bytes, 0);
    }
}
