//! A packet's passage over the wire and the ring of packets in flight:
//! serialization, propagation, the error model or the link features, and
//! ns-2's floating-point times that order events on one nanosecond.

use super::{Channel, Transmission, Wake};
use crate::net::passage::Loss;
use crate::packet::{flags, Packet};
use crate::time::SimTime;

/// A packet on its way over the channel.
#[derive(Clone, Copy, Debug, Default)]
pub struct InFlight {
    pub pkt: Packet,
    /// When its transmission started: when ns-2 schedules its arrival.
    pub tx_start: SimTime,
    pub tx_end: SimTime,
    /// Its end of transmission and arrival in ns-2's floating-point seconds,
    /// which order events that fall on one nanosecond.
    pub tx_end_s: f64,
    pub arrival_s: f64,
    /// When its last bit reaches the far end.
    pub arrival: SimTime,
}

impl InFlight {
    /// The error model hit it: it is discarded on arrival.
    pub fn corrupted(&self) -> bool {
        self.pkt.flags & flags::CORRUPTED != 0
    }

    /// Whether its transmission has ended for an event at `now` that ns-2
    /// would have scheduled at `origin` (when, and at which floating-point
    /// time): ns-2 runs equal times in insertion order and schedules a link's
    /// end of transmission when the packet starts (docs/event-order.md, rule 4).
    #[inline(always)]
    pub fn ended_before(&self, now: SimTime, origin: (SimTime, f64)) -> bool {
        // Nanoseconds decide unless they tie (the common case: one compare).
        if self.tx_end != now {
            return self.tx_end < now;
        }
        let (scheduled_at, now_s) = origin;
        let later = self.tx_end_s > now_s || (self.tx_end_s == now_s && self.tx_start > scheduled_at);
        !later
    }
}

impl Channel {
    /// Puts a packet on the wire from max(now, end of the previous one);
    /// `behind`: it starts as the previous one ends, not on an idle link.
    #[inline]
    pub(super) fn transmit(&mut self, pkt: &Packet, enqueued: SimTime, now: SimTime, wake: &mut Wake, behind: bool) -> Transmission {
        let size = pkt.size_bytes;
        let earliest = self.busy_until.max(now);
        let t = match self.features.as_deref_mut() {
            None => self.plain_passage(size, enqueued, earliest),
            Some(f) => {
                let p = f.passage(size, enqueued, earliest, &mut self.serializer, &mut self.errors, self.delay);
                self.stats.busy_ns += p.busy.as_nanos();
                self.stats.corrupted += (p.loss == Some(Loss::Corrupted)) as u64;
                self.stats.outage_losses += (p.loss == Some(Loss::Outage)) as u64;
                self.stats.arq_retries += p.retries as u64;
                if p.fragments > 1 {
                    self.stats.fragments += p.fragments as u64;
                }
                Transmission {
                    enqueued,
                    tx_start: p.tx_start,
                    tx_end: p.tx_end,
                    arrival: p.arrival,
                    corrupted: p.loss.is_some(),
                    marked: false,
                    fragmented: p.fragments > 1,
                }
            }
        };
        self.put_on_wire(pkt, t, wake, behind, self.event_s);
        t
    }

    /// The passage of `size` bytes starting at `tx_start` without link
    /// features: serialization, propagation and uniform bit errors.
    #[inline(always)]
    pub(super) fn plain_passage(&mut self, size: u32, enqueued: SimTime, tx_start: SimTime) -> Transmission {
        let tx_time = self.serializer.transmission_time(size);
        let tx_end = tx_start + tx_time;
        let corrupted = self.lossy && self.errors.corrupts(size);
        self.stats.busy_ns += tx_time.as_nanos();
        if corrupted {
            self.stats.corrupted += 1;
        }
        Transmission {
            enqueued,
            tx_start,
            tx_end,
            arrival: tx_end + self.delay,
            corrupted,
            marked: false,
            fragmented: false,
        }
    }

    /// Appends `pkt`, whose passage is `t`, to the pipe of arrivals (`behind`:
    /// see [`Channel::transmit`]; `event_s`: the sending event's time and
    /// ns-2's floating-point time of it, infinite if it is no arrival).
    #[inline(always)]
    pub(super) fn put_on_wire(&mut self, pkt: &Packet, t: Transmission, wake: &mut Wake, behind: bool, event_s: (SimTime, f64)) {
        // ns-2 (LinkDelay::recv): the end at start + txt, the arrival at
        // start + (txt + delay), in seconds. The start is the previous end if
        // the packet waited for it (Queue::resume sent it), else the clock of
        // the event that sent it: a link whose transmission ended before that
        // event in ns-2's order was idle, even at the same nanosecond.
        let start_s = if behind && t.tx_start == self.busy_until {
            self.busy_until_s
        // The event's time is infinite when it is no arrival (never NaN or
        // negative): one compare, where `is_finite` masks the sign first.
        } else if event_s.0 == t.tx_start && event_s.1 < f64::INFINITY {
            event_s.1
        } else {
            t.tx_start.0 as f64 / 1e9
        };
        let txt_s = self.serializer.transmission_secs(pkt.size_bytes);
        let tx_end_s = start_s + txt_s;
        let arrival_s = start_s + (txt_s + self.delay_s);
        self.busy_until_s = tx_end_s;
        self.busy_until = t.tx_end;
        if !self.scheduled && self.departed == self.pipe.len() {
            // The first transmission still to retire (see `advance_for`).
            self.next_departure = t.tx_end;
        }
        // Written in place: the packet is copied once per hop.
        let slot = self.pipe.push_back_slot();
        *slot = InFlight { pkt: *pkt, tx_start: t.tx_start, tx_end: t.tx_end, tx_end_s, arrival_s, arrival: t.arrival };
        slot.pkt.flags |= if t.corrupted { flags::CORRUPTED } else { 0 };
        if self.pipe.len() == 1 {
            wake.arrival = Some(t.arrival);
        }
    }

    /// The packet most recently put on the wire.
    pub fn last_started(&self) -> Packet {
        let mut pkt = self.pipe.get(self.pipe.len() - 1).expect("a packet was started").pkt;
        pkt.flags &= !flags::CORRUPTED;
        pkt
    }

    /// When the head packet started its transmission, and its arrival in
    /// ns-2's floating-point seconds.
    pub fn head_origin(&self) -> Option<(SimTime, f64)> {
        self.pipe.front().map(|f| (f.tx_start, f.arrival_s))
    }

    /// When the head packet's last bit reaches the far end.
    pub fn head_arrival(&self) -> Option<SimTime> {
        self.pipe.front().map(|f| f.arrival)
    }

    /// Removes the head packet, which has arrived (FIFO: after `advance(now)`),
    /// lent so that only what is needed of it is copied out. The channel
    /// holds one: only its head packet's arrival is ever scheduled.
    #[inline]
    pub fn pop_arrival(&mut self) -> &InFlight {
        if !self.scheduled {
            debug_assert!(self.departed > 0, "a packet arrived before it was sent");
            self.departed -= 1;
        }
        self.stats.arrived += 1;
        // An arrival event stands for the head packet: the pipe holds it.
        self.pipe.pop_front_ref()
    }

    /// [`Channel::pop_arrival`] on a quiet channel, without `advance` first.
    /// A run that records nothing reads what a FIFO channel holds only at its
    /// admissions, and each admission's `retire` first retires whatever ended
    /// by then: so an arrival retires only its own packet, if no admission
    /// has yet, and leaves the rest to the next one. Half the retirement
    /// tests go, and with them many mispredicted branches, whose outcome
    /// varies from channel to channel (PERF-1 about 3% faster).
    #[inline]
    pub fn pop_arrival_unretired(&mut self) -> &InFlight {
        debug_assert!(self.quiet);
        self.stats.arrived += 1;
        let alone = self.pipe.len() == 1;
        let head = self.pipe.pop_front_ref();
        if self.departed > 0 {
            self.departed -= 1;
        } else {
            self.held_pkts -= 1;
            self.held_bytes -= head.pkt.size_bytes as u64;
            // The next entry's end is not read here (its line may be cold):
            // the next `retire` looks, unless nothing is left.
            self.next_departure = if alone { SimTime::NEVER } else { SimTime::ZERO };
        }
        head
    }
}
