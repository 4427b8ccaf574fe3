//! A FIFO link fixes each passage at admission and retires departed
//! packets lazily: nothing happens at a departure, the next event on the
//! channel counts what ended before it.

use super::admission::with_ce;
use super::{Channel, Transmission, Wake};
use crate::packet::Packet;
use crate::time::SimTime;

impl Channel {
    /// FIFO: retires transmissions that ended by `now`, reporting each change
    /// of the held count with the time it happened.
    #[inline]
    pub fn advance(&mut self, now: SimTime, on_change: impl FnMut(SimTime, u32)) {
        self.advance_for(now, (now, f64::INFINITY), on_change);
    }

    /// [`Channel::advance`] for an event at `now` that ns-2 would have
    /// scheduled at `scheduled_at`: a transmission ending exactly at `now`
    /// counts as ended only if it started no later than that. ns-2 runs
    /// equal-time events in the order they were scheduled, and schedules a
    /// link's end of transmission when the packet starts (ARCHITECTURE.md,
    /// event order).
    #[inline]
    pub fn advance_for(&mut self, now: SimTime, origin: (SimTime, f64), on_change: impl FnMut(SimTime, u32)) {
        self.event_s = (now, origin.1);
        self.retire(now, origin, on_change);
    }

    /// [`Channel::advance_for`] without noting the event's time for a later
    /// transmission: a plain channel's admission is handed it instead
    /// ([`Channel::admit_plain`]), in registers.
    #[inline]
    pub(crate) fn retire(&mut self, now: SimTime, origin: (SimTime, f64), mut on_change: impl FnMut(SimTime, u32)) {
        // Nothing ends by `now` (the common case). A scheduled channel's
        // `next_departure` stays `NEVER`: its transmissions end with events
        // (`scheduled.rs`).
        if self.next_departure > now || self.scheduled {
            return;
        }
        loop {
            let Some(f) = self.pipe.get(self.departed) else {
                self.next_departure = SimTime::NEVER;
                return;
            };
            if !f.ended_before(now, origin) {
                self.next_departure = f.tx_end;
                return;
            }
            self.held_pkts -= 1;
            self.held_bytes -= f.pkt.size_bytes as u64;
            self.departed += 1;
            on_change(f.tx_end, self.held_pkts);
        }
    }

    /// FIFO: whether a transmission is under way (as of the last `advance`):
    /// a packet admitted now waits for it and starts when it ends.
    #[inline(always)]
    fn sending(&self) -> bool {
        self.departed < self.pipe.len()
    }

    /// FIFO: admits a packet at `now` (after `advance(now)`) and fixes its
    /// passage; `None` if the queue is full. The second value is the arrival
    /// to schedule when the packet is alone on the channel.
    #[inline]
    pub fn admit(&mut self, pkt: &Packet, now: SimTime) -> Option<(Transmission, Option<SimTime>)> {
        debug_assert!(!self.scheduled);
        let marked = self.admission(pkt, now)?;
        self.take_in(pkt.size_bytes);
        let mut wake = Wake::default();
        let mut t = if marked {
            self.transmit(&with_ce(pkt), now, now, &mut wake, self.sending())
        } else {
            self.transmit(pkt, now, now, &mut wake, self.sending())
        };
        t.marked = marked;
        Some((t, wake.arrival))
    }

    /// [`Channel::admit`] for a plain channel (see [`Channel::is_plain`]):
    /// no mechanism to consult, so the whole passage inlines into the caller.
    /// After `retire(now, origin)`; `now_s`: `origin`'s floating-point time.
    #[inline(always)]
    pub fn admit_plain(&mut self, pkt: &Packet, now: SimTime, now_s: f64) -> Option<(Transmission, Option<SimTime>)> {
        debug_assert!(self.plain);
        if !self.fits(pkt.size_bytes) {
            self.stats.drops += 1;
            return None;
        }
        self.take_in(pkt.size_bytes);
        let t = self.plain_passage(pkt.size_bytes, now, self.busy_until.max(now));
        let mut wake = Wake::default();
        let behind = self.sending();
        self.put_on_wire(pkt, t, &mut wake, behind, (now, now_s));
        Some((t, wake.arrival))
    }
}
