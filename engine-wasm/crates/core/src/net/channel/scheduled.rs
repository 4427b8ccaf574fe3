//! A link that reorders its queue (ACKs first, ns-2's semantic queue) or
//! removes from it (ACK filtering): packets wait in a real queue and each
//! transmission ends with an event.
//!
//! ns-2 ends a transmission with an event too (`Queue::resume`, scheduled at
//! the packet's start + txt in floating-point seconds) and orders it among
//! the packet arrivals of its instant by that time, then by insertion. Ours
//! are integer nanoseconds: an arrival that ns-2 runs after the end ends it
//! first ([`Channel::transmission_ended_before`]), and an end that finds other
//! packet events at its nanosecond waits for them (`Network::finish_transmission`).

use super::admission::with_ce;
use super::{Channel, Offer, Transmission, Wake};
use crate::packet::{Packet, PacketKind};
use crate::time::SimTime;

#[derive(Clone, Copy, Debug)]
pub(super) struct Waiting {
    pub(super) pkt: Packet,
    pub(super) enqueued: SimTime,
}

impl Channel {
    /// Scheduled: offers a packet at `now`; reports what started and what
    /// the network must schedule. ACKs that ACK filtering removes are
    /// appended to `filtered` with their enqueue times.
    pub fn offer(&mut self, pkt: &Packet, now: SimTime, filtered: &mut Vec<(Packet, SimTime)>) -> (Offer, Wake) {
        if self.aqm.is_some() {
            return self.offer_aqm(pkt, now);
        }
        let mut offer = Offer { admitted: false, started: None };
        let mut wake = Wake::default();
        let Some(marked) = self.admission(pkt, now) else {
            return (offer, wake);
        };
        // As ns-2's filteracks_: only an ACK the queue admits filters the others.
        if self.order.filter_acks && pkt.kind == PacketKind::Ack {
            self.filter_older_acks(pkt, filtered);
        }
        offer.admitted = true;
        self.take_in(pkt.size_bytes);
        if pkt.kind == PacketKind::Ack {
            self.acks_waiting += 1;
        }
        let pkt = if marked { with_ce(pkt) } else { *pkt };
        self.waiting.push_back(Waiting { pkt, enqueued: now });
        if self.in_service.is_none() {
            offer.started = self.start_next(now, &mut wake, false);
        }
        (offer, wake)
    }

    /// Scheduled: starts the next waiting packet (an ACK first if so ordered),
    /// right after the previous one (`resumed`) or on an idle link.
    pub(super) fn start_next(&mut self, now: SimTime, wake: &mut Wake, resumed: bool) -> Option<Transmission> {
        let next = if self.aqm.is_some() {
            self.next_from_aqm(now)?
        } else {
            let index = if self.order.acks_first && self.acks_waiting > 0 {
                self.waiting.iter().position(|w| w.pkt.kind == PacketKind::Ack).expect("counted")
            } else {
                0
            };
            let next = self.waiting.remove(index)?;
            if next.pkt.kind == PacketKind::Ack {
                self.acks_waiting -= 1;
            }
            next
        };
        self.in_service = Some(next.pkt.size_bytes);
        let t = self.transmit(&next.pkt, next.enqueued, now, wake, resumed);
        wake.tx_done = Some(t.tx_end);
        Some(t)
    }

    /// Scheduled: whether the transmission under way ends at `now`.
    pub fn transmission_ends_at(&self, now: SimTime) -> bool {
        self.in_service.is_some() && self.busy_until == now
    }

    /// Scheduled: whether ns-2 ends the transmission under way before an
    /// event at `now` it scheduled as `origin` (see `InFlight::ended_before`).
    pub fn transmission_ended_before(&self, now: SimTime, origin: (SimTime, f64)) -> bool {
        // The packet in service is the last one put on the wire. With no
        // propagation delay it may have arrived (left the pipe) already, so
        // its transmission has ended.
        self.transmission_ends_at(now)
            && self.pipe.len().checked_sub(1).and_then(|last| self.pipe.get(last)).is_none_or(|f| f.ended_before(now, origin))
    }

    /// Scheduled: puts the end of the transmission under way after the other
    /// packet events at its nanosecond; false if it was already put there.
    pub fn defer_finish(&mut self) -> bool {
        !std::mem::replace(&mut self.finish_deferred, true)
    }

    /// Scheduled: the transmission under way ended at `now`; start the next.
    pub fn finish_transmission(&mut self, now: SimTime) -> (Option<Transmission>, Wake) {
        let size = self.in_service.take().expect("a transmission to finish");
        self.finish_deferred = false;
        self.held_pkts -= 1;
        self.held_bytes -= size as u64;
        let mut wake = Wake::default();
        let started = self.start_next(now, &mut wake, true);
        (started, wake)
    }

    /// Removes waiting ACKs of `ack`'s flow that it supersedes: a smaller
    /// cumulative ACK. Duplicates stay, as in ns-2, for fast retransmit.
    fn filter_older_acks(&mut self, ack: &Packet, removed: &mut Vec<(Packet, SimTime)>) {
        let before = removed.len();
        self.waiting.retain(|w| {
            let older = w.pkt.kind == PacketKind::Ack && w.pkt.flow == ack.flow && w.pkt.seq < ack.seq;
            if older {
                removed.push((w.pkt, w.enqueued));
            }
            !older
        });
        for (p, _) in &removed[before..] {
            self.acks_waiting -= 1;
            self.held_pkts -= 1;
            self.held_bytes -= p.size_bytes as u64;
        }
        self.stats.filtered += (removed.len() - before) as u64;
    }
}
