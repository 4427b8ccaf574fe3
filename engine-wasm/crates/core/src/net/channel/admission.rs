//! Admission at the queue's door: DropTail's limit or RED's verdict, and
//! the counts of what the queue holds.

use super::{Channel, QueueLimit};
use crate::net::red::{QueueState, RedVerdict};
use crate::packet::{flags, Packet};
use crate::time::SimTime;

impl Channel {
    pub(super) fn fits(&self, size: u32) -> bool {
        match self.limit {
            QueueLimit::Packets(n) => self.held_pkts < n,
            QueueLimit::Bytes(b) => self.held_bytes + size as u64 <= b,
        }
    }

    pub(super) fn take_in(&mut self, size: u32) {
        self.held_pkts += 1;
        self.held_bytes += size as u64;
        self.stats.packets += 1;
        // Branches, not `max`: a new maximum is rare, and the compiler
        // stores the unchanged one back otherwise.
        if self.held_pkts > self.stats.queue_max_pkts {
            self.stats.queue_max_pkts = self.held_pkts;
        }
        if self.held_bytes > self.stats.queue_max_bytes {
            self.stats.queue_max_bytes = self.held_bytes;
        }
    }

    /// What waits at `now`, the packet being transmitted left out, as RED
    /// (and ns-2's queues) count it.
    pub(super) fn queue_state(&self, now: SimTime) -> QueueState {
        let in_service = if self.scheduled {
            self.in_service.map(|size| size as u64)
        } else if self.busy_until > now {
            // The first packet not yet departed is on the wire.
            self.pipe.get(self.departed).map(|f| f.pkt.size_bytes as u64)
        } else {
            None
        };
        QueueState {
            waiting_pkts: self.held_pkts - in_service.is_some() as u32,
            waiting_bytes: self.held_bytes - in_service.unwrap_or(0),
            idle_since: (self.busy_until <= now).then_some(self.busy_until),
        }
    }

    /// Whether the queue takes `pkt` at `now`: `Some(marked)`, or `None`
    /// (counted as a drop).
    #[inline]
    pub(super) fn admission(&mut self, pkt: &Packet, now: SimTime) -> Option<bool> {
        if self.red.is_none() {
            if self.fits(pkt.size_bytes) {
                return Some(false);
            }
            self.stats.drops += 1;
            return None;
        }
        let q = self.queue_state(now);
        let red = self.red.as_deref_mut().expect("checked");
        match red.on_arrival(now, q, pkt.size_bytes, pkt.has(flags::ECT)) {
            RedVerdict::Enqueue => Some(false),
            RedVerdict::Mark => {
                self.stats.marks += 1;
                Some(true)
            }
            RedVerdict::EarlyDrop => {
                self.stats.early_drops += 1;
                self.stats.drops += 1;
                None
            }
            RedVerdict::ForcedDrop => {
                self.stats.drops += 1;
                None
            }
        }
    }
}

/// A copy of `pkt` marked Congestion Experienced (RFC 3168 section 5).
pub(super) fn with_ce(pkt: &Packet) -> Packet {
    let mut p = *pkt;
    p.flags |= flags::CE;
    p
}
