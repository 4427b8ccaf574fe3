//! A channel whose waiting packets CoDel, FQ-CoDel or PIE hold (`aqm.rs`):
//! scheduled like ACK priority, with the discipline choosing what leaves
//! and what it drops after queueing.

use super::scheduled::Waiting;
use super::{Channel, Offer, Wake};
use crate::net::aqm::{Admission, Discarded, Room};
use crate::packet::Packet;
use crate::time::SimTime;

impl Channel {
    /// The AQM's drops after queueing and its marks since the last call.
    pub fn take_aqm_events(&mut self) -> (Vec<Discarded>, u32) {
        (std::mem::take(&mut self.discarded), std::mem::take(&mut self.aqm_marks))
    }

    /// [`Channel::offer`] to CoDel, FQ-CoDel or PIE.
    pub(super) fn offer_aqm(&mut self, pkt: &Packet, now: SimTime) -> (Offer, Wake) {
        let mut offer = Offer { admitted: false, started: None };
        let mut wake = Wake::default();
        let room = Room { limit: self.limit, in_service_bytes: self.in_service };
        let before = self.discarded.len();
        let aqm = self.aqm.as_deref_mut().expect("an AQM channel");
        let admission = aqm.enqueue(pkt, now, room, &mut self.discarded);
        // FQ-CoDel's overflow may have thrown out packets queued earlier.
        self.forget_discarded(before);
        match admission {
            Admission::Enqueued | Admission::Marked => {
                offer.admitted = true;
                self.take_in(pkt.size_bytes);
                if admission == Admission::Marked {
                    self.stats.marks += 1;
                    self.aqm_marks += 1;
                }
            }
            Admission::EarlyDrop => {
                self.stats.early_drops += 1;
                self.stats.drops += 1;
            }
            Admission::Overflow => self.stats.drops += 1,
        }
        if offer.admitted && self.in_service.is_none() {
            offer.started = self.start_next(now, &mut wake, false);
        }
        (offer, wake)
    }

    /// Counts the packets the AQM dropped from its queue since `from`.
    fn forget_discarded(&mut self, from: usize) {
        for d in &self.discarded[from..] {
            self.held_pkts -= 1;
            self.held_bytes -= d.pkt.size_bytes as u64;
            self.stats.drops += 1;
            self.stats.queue_drops += 1;
            self.stats.early_drops += d.early as u64;
        }
    }

    /// The AQM's next packet to send at `now`.
    pub(super) fn next_from_aqm(&mut self, now: SimTime) -> Option<Waiting> {
        let before = self.discarded.len();
        let aqm = self.aqm.as_deref_mut().expect("an AQM channel");
        let next = aqm.dequeue(now, &mut self.discarded);
        self.forget_discarded(before);
        let next = next?;
        if next.marked {
            self.stats.marks += 1;
            self.aqm_marks += 1;
        }
        Some(Waiting { pkt: next.item.pkt, enqueued: next.item.enqueued })
    }
}
