//! One direction of a link: a queue, a serializer at the link rate, a
//! propagation delay and an error model.
//!
//! A FIFO channel fixes a packet's whole passage when it admits it: it starts
//! transmitting when the packets ahead of it are done, ends `size / rate`
//! later and arrives `delay` after that. Admitted packets wait in one ring
//! and the channel needs a single event on the global queue, the arrival of
//! its head packet, so a packet costs no heap work beyond that.
//!
//! A channel that reorders its queue (ACKs first, ns-2's semantic queue) or
//! removes from it (ACK filtering) cannot know start times in advance: it
//! keeps a real waiting queue and ends each transmission with an event.
//! Transmitted packets then travel the same ring of arrivals.
//!
//! Either kind may add RED to its admission (`red.rs`) and, for links whose
//! service varies or loses packets in other ways than uniform bit errors
//! (capacity traces, outages, burst errors, link-layer ARQ, an MTU), fix
//! each passage with `passage.rs`. Both stay out of a plain channel's way:
//! one test of an empty option each.
//!
//! CoDel, FQ-CoDel and PIE (`aqm.rs`) decide as packets leave, so a channel
//! with one of them is scheduled and its waiting packets are the discipline's.

use super::aqm::{Admission, Aqm, Discarded, Room};
use super::errors::ErrorModel;
use super::passage::{LinkFeatures, Loss};
use super::red::{QueueState, Red, RedVerdict};
use super::ring::Ring;
use crate::ids::NodeId;
use crate::packet::{flags, Packet, PacketKind};
use crate::time::{Serializer, SimDuration, SimTime};
use std::collections::VecDeque;

/// Capacity of a DropTail queue.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum QueueLimit {
    /// At most this many packets held, the one being transmitted included
    /// (ns-2's DropTail `limit_` counts the same way).
    Packets(u32),
    /// At most this many bytes held, the packet being transmitted included.
    Bytes(u64),
}

/// In which order waiting packets are sent.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct ServiceOrder {
    /// Queued pure ACKs leave before data (ns-2's acksfirst_); admission
    /// still counts every packet.
    pub acks_first: bool,
    /// A new ACK removes the older ACKs of its flow still waiting (ns-2's
    /// filteracks_): on a slow reverse path only the latest matters.
    pub filter_acks: bool,
}

impl ServiceOrder {
    fn is_fifo(&self) -> bool {
        !self.acks_first && !self.filter_acks
    }
}

#[derive(Clone, Copy, Debug, Default)]
pub struct ChannelStats {
    /// Packets admitted to the queue.
    pub packets: u64,
    pub bytes: u64,
    /// Packets refused by the queue: full, RED's drops, or a full shared buffer.
    pub drops: u64,
    /// RED's random ("early") drops, part of `drops`.
    pub early_drops: u64,
    /// Packets RED marked Congestion Experienced instead of dropping.
    pub marks: u64,
    /// Packets the error model corrupted (after link-layer retries, if any).
    pub corrupted: u64,
    /// Packets sent into a `drop` outage.
    pub outage_losses: u64,
    /// Link-layer (ARQ) retransmissions.
    pub arq_retries: u64,
    /// Fragments sent for packets larger than the MTU.
    pub fragments: u64,
    /// ACKs removed from the queue by ACK filtering.
    pub filtered: u64,
    /// Packets admitted, then dropped from the queue by an AQM (CoDel at
    /// dequeue, FQ-CoDel's overflow): part of `drops`, and what keeps
    /// `packets = arrived + in flight + filtered + queue_drops` true.
    pub queue_drops: u64,
    /// Packets that reached the far end, corrupted ones included.
    pub arrived: u64,
    /// Most packets held at once.
    pub queue_max_pkts: u32,
    /// Most bytes held at once.
    pub queue_max_bytes: u64,
    /// Total serialization time of transmitted packets.
    pub busy_ns: u64,
}

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
}

/// A packet's passage, fixed when its transmission starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Transmission {
    pub enqueued: SimTime,
    pub tx_start: SimTime,
    /// The link is free again from here.
    pub tx_end: SimTime,
    /// Its last bit reaches the far end: `tx_end + delay`, later with ARQ's retries.
    pub arrival: SimTime,
    /// Lost on the way (bit errors, a burst, an outage): discarded on arrival.
    pub corrupted: bool,
    /// RED marked it Congestion Experienced.
    pub marked: bool,
    /// Sent in several fragments.
    pub fragmented: bool,
}

/// What the channel did with an offered packet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Offer {
    /// False: refused by a full queue.
    pub admitted: bool,
    /// The transmission that started (FIFO: this packet's, right away;
    /// scheduled: the next waiting one's if the channel was idle).
    pub started: Option<Transmission>,
}

/// Scheduling work the network must do after a channel changed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wake {
    /// Schedule the arrival of the (new) head packet at this time.
    pub arrival: Option<SimTime>,
    /// Schedule the end of the transmission that started, at this time.
    pub tx_done: Option<SimTime>,
}

#[derive(Clone, Copy, Debug)]
struct Waiting {
    pkt: Packet,
    enqueued: SimTime,
}

pub struct Channel {
    pub from: NodeId,
    pub to: NodeId,
    /// Reorders or filters its queue (see the module documentation).
    scheduled: bool,
    serializer: Serializer,
    delay: SimDuration,
    /// `delay` in ns-2's floating-point seconds, computed once.
    delay_s: f64,
    limit: QueueLimit,
    errors: ErrorModel,
    order: ServiceOrder,
    /// RED instead of DropTail (`limit` then unused).
    red: Option<Box<Red>>,
    /// CoDel, FQ-CoDel or PIE, holding the waiting packets (`aqm.rs`).
    aqm: Option<Box<Aqm>>,
    /// Packets the AQM dropped after queueing them, and its marks, until
    /// the network records them ([`Channel::take_aqm_events`]).
    discarded: Vec<Discarded>,
    aqm_marks: u32,
    /// Capacity trace, outages, bursts, ARQ, MTU (`passage.rs`).
    features: Option<Box<LinkFeatures>>,
    /// The shared buffer this channel draws on, if any (`pool.rs`).
    pool: Option<u16>,
    /// FIFO DropTail with no features and no shared buffer: the network
    /// takes its fast path (one test per packet for all mechanisms).
    plain: bool,
    /// When the last started transmission ends.
    busy_until: SimTime,
    /// The same in ns-2's floating-point seconds.
    busy_until_s: f64,
    /// The event being handled (its time and ns-2's floating-point time).
    event_s: (SimTime, f64),
    /// Transmitted (or, FIFO, admitted) packets not yet arrived, in order.
    pipe: Ring<InFlight>,
    /// FIFO: how many leading entries of `pipe` have finished transmitting.
    departed: usize,
    /// Scheduled: packets waiting to be transmitted, and the ACKs among them.
    waiting: VecDeque<Waiting>,
    acks_waiting: u32,
    /// Scheduled: the size of the packet being transmitted, if any.
    in_service: Option<u32>,
    held_pkts: u32,
    held_bytes: u64,
    pub stats: ChannelStats,
}

impl Channel {
    pub fn new(
        from: NodeId,
        to: NodeId,
        serializer: Serializer,
        delay: SimDuration,
        limit: QueueLimit,
        errors: ErrorModel,
        order: ServiceOrder,
    ) -> Self {
        Channel {
            from,
            to,
            scheduled: !order.is_fifo(),
            serializer,
            delay,
            delay_s: delay.as_nanos() as f64 / 1e9,
            limit,
            errors,
            order,
            red: None,
            aqm: None,
            discarded: Vec::new(),
            aqm_marks: 0,
            features: None,
            pool: None,
            plain: order.is_fifo(),
            busy_until: SimTime::ZERO,
            busy_until_s: 0.0,
            event_s: (SimTime::ZERO, 0.0),
            pipe: Ring::with_capacity(64),
            departed: 0,
            waiting: VecDeque::new(),
            acks_waiting: 0,
            in_service: None,
            held_pkts: 0,
            held_bytes: 0,
            stats: ChannelStats::default(),
        }
    }

    /// Admits by RED instead of the DropTail limit.
    pub fn with_red(mut self, red: Red) -> Self {
        self.red = Some(Box::new(red));
        self.plain = false;
        self
    }

    /// Queues by CoDel, FQ-CoDel or PIE: a scheduled channel whose waiting
    /// packets the discipline holds (the service order stays FIFO).
    pub fn with_aqm(mut self, aqm: Aqm) -> Self {
        self.aqm = Some(Box::new(aqm));
        self.scheduled = true;
        self.plain = false;
        self
    }

    pub fn aqm(&self) -> Option<&Aqm> {
        self.aqm.as_deref()
    }

    /// The AQM's drops after queueing and its marks since the last call.
    pub fn take_aqm_events(&mut self) -> (Vec<Discarded>, u32) {
        (std::mem::take(&mut self.discarded), std::mem::take(&mut self.aqm_marks))
    }

    /// Fixes passages with these mechanisms (none: the plain path).
    pub fn with_features(mut self, features: LinkFeatures) -> Self {
        self.features = (!features.is_empty()).then(|| Box::new(features));
        self.plain &= self.features.is_none();
        self
    }

    /// Draws on shared buffer `pool` too.
    pub fn with_pool(mut self, pool: u16) -> Self {
        self.pool = Some(pool);
        self.plain = false;
        self
    }

    pub fn pool(&self) -> Option<u16> {
        self.pool
    }

    pub fn red(&self) -> Option<&Red> {
        self.red.as_deref()
    }

    pub fn features(&self) -> Option<&LinkFeatures> {
        self.features.as_deref()
    }

    pub fn delay(&self) -> SimDuration {
        self.delay
    }

    pub fn busy_until(&self) -> SimTime {
        self.busy_until
    }

    pub fn is_scheduled(&self) -> bool {
        self.scheduled
    }

    /// FIFO DropTail, no RED, no passage features, no shared buffer: admit
    /// with [`Channel::admit_plain`].
    #[inline]
    pub fn is_plain(&self) -> bool {
        self.plain
    }

    /// Packets held at the last `advance`: waiting plus the one transmitting.
    pub fn held_packets(&self) -> u32 {
        self.held_pkts
    }

    /// Bytes held at the last `advance`.
    pub fn held_bytes(&self) -> u64 {
        self.held_bytes
    }

    /// A packet refused before reaching this channel's queue (a full shared buffer).
    pub fn refuse(&mut self) {
        self.stats.drops += 1;
    }

    /// Enqueue time of the oldest packet still waiting (scheduled channels):
    /// trace records of later packets may not be final before it starts.
    pub fn oldest_waiting(&self) -> Option<SimTime> {
        let own = self.waiting.iter().map(|w| w.enqueued).min();
        match (own, self.aqm.as_deref().and_then(Aqm::oldest)) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

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
    pub fn advance_for(&mut self, now: SimTime, origin: (SimTime, f64), mut on_change: impl FnMut(SimTime, u32)) {
        self.event_s = (now, origin.1);
        if self.scheduled {
            // Its transmissions end with events (`finish_transmission`).
            return;
        }
        let (scheduled_at, now_s) = origin;
        while let Some(f) = self.pipe.get(self.departed) {
            let later = f.tx_end_s > now_s || (f.tx_end_s == now_s && f.tx_start > scheduled_at);
            if f.tx_end > now || (f.tx_end == now && later) {
                break;
            }
            self.held_pkts -= 1;
            self.held_bytes -= f.pkt.size_bytes as u64;
            self.departed += 1;
            on_change(f.tx_end, self.held_pkts);
        }
    }

    fn fits(&self, size: u32) -> bool {
        match self.limit {
            QueueLimit::Packets(n) => self.held_pkts < n,
            QueueLimit::Bytes(b) => self.held_bytes + size as u64 <= b,
        }
    }

    fn take_in(&mut self, size: u32) {
        self.held_pkts += 1;
        self.held_bytes += size as u64;
        self.stats.packets += 1;
        self.stats.bytes += size as u64;
        self.stats.queue_max_pkts = self.stats.queue_max_pkts.max(self.held_pkts);
        self.stats.queue_max_bytes = self.stats.queue_max_bytes.max(self.held_bytes);
    }

    /// What waits at `now`, the packet being transmitted left out, as RED
    /// (and ns-2's queues) count it.
    fn queue_state(&self, now: SimTime) -> QueueState {
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
    fn admission(&mut self, pkt: &Packet, now: SimTime) -> Option<bool> {
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
            self.transmit(&with_ce(pkt), now, now, &mut wake)
        } else {
            self.transmit(pkt, now, now, &mut wake)
        };
        t.marked = marked;
        Some((t, wake.arrival))
    }

    /// [`Channel::admit`] for a plain channel (see [`Channel::is_plain`]):
    /// no mechanism to consult, so the whole passage inlines into the caller.
    #[inline(always)]
    pub fn admit_plain(&mut self, pkt: &Packet, now: SimTime) -> Option<(Transmission, Option<SimTime>)> {
        debug_assert!(self.plain);
        if !self.fits(pkt.size_bytes) {
            self.stats.drops += 1;
            return None;
        }
        self.take_in(pkt.size_bytes);
        let t = self.plain_passage(pkt.size_bytes, now, self.busy_until.max(now));
        let mut wake = Wake::default();
        self.put_on_wire(pkt, t, &mut wake);
        Some((t, wake.arrival))
    }

    /// Scheduled: offers a packet at `now`; reports what started and what
    /// the network must schedule. ACKs that ACK filtering removes are
    /// appended to `filtered` with their enqueue times.
    pub fn offer(&mut self, pkt: &Packet, now: SimTime, filtered: &mut Vec<(Packet, SimTime)>) -> (Offer, Wake) {
        if self.aqm.is_some() {
            return self.offer_aqm(pkt, now);
        }
        let mut offer = Offer { admitted: false, started: None };
        let mut wake = Wake::default();
        if self.order.filter_acks && pkt.kind == PacketKind::Ack {
            self.filter_older_acks(pkt, filtered);
        }
        let Some(marked) = self.admission(pkt, now) else {
            return (offer, wake);
        };
        offer.admitted = true;
        self.take_in(pkt.size_bytes);
        if pkt.kind == PacketKind::Ack {
            self.acks_waiting += 1;
        }
        let pkt = if marked { with_ce(pkt) } else { *pkt };
        self.waiting.push_back(Waiting { pkt, enqueued: now });
        if self.in_service.is_none() {
            offer.started = self.start_next(now, &mut wake);
        }
        (offer, wake)
    }

    /// [`Channel::offer`] to CoDel, FQ-CoDel or PIE.
    fn offer_aqm(&mut self, pkt: &Packet, now: SimTime) -> (Offer, Wake) {
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
            offer.started = self.start_next(now, &mut wake);
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
    fn next_from_aqm(&mut self, now: SimTime) -> Option<Waiting> {
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

    /// Puts a packet on the wire from max(now, end of the previous one).
    #[inline]
    fn transmit(&mut self, pkt: &Packet, enqueued: SimTime, now: SimTime, wake: &mut Wake) -> Transmission {
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
        self.put_on_wire(pkt, t, wake);
        t
    }

    /// The passage of `size` bytes starting at `tx_start` without link
    /// features: serialization, propagation and uniform bit errors.
    #[inline(always)]
    fn plain_passage(&mut self, size: u32, enqueued: SimTime, tx_start: SimTime) -> Transmission {
        let tx_time = self.serializer.transmission_time(size);
        let tx_end = tx_start + tx_time;
        let corrupted = self.errors.corrupts(size);
        self.stats.busy_ns += tx_time.as_nanos();
        self.stats.corrupted += corrupted as u64;
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

    /// Appends `pkt`, whose passage is `t`, to the pipe of arrivals.
    #[inline(always)]
    fn put_on_wire(&mut self, pkt: &Packet, t: Transmission, wake: &mut Wake) {
        // ns-2 (LinkDelay::recv): the end at start + txt, the arrival at
        // start + (txt + delay), in seconds; the start is the previous end or now.
        let start_s = if t.tx_start == self.busy_until && !self.pipe.is_empty() {
            self.busy_until_s
        } else if self.event_s.0 == t.tx_start && self.event_s.1.is_finite() {
            self.event_s.1
        } else {
            t.tx_start.0 as f64 / 1e9
        };
        let txt_s = self.serializer.transmission_secs(pkt.size_bytes);
        let tx_end_s = start_s + txt_s;
        let arrival_s = start_s + (txt_s + self.delay_s);
        self.busy_until_s = tx_end_s;
        self.busy_until = t.tx_end;
        let mut pkt = *pkt;
        if t.corrupted {
            pkt.flags |= flags::CORRUPTED;
        }
        self.pipe.push_back(InFlight { pkt, tx_start: t.tx_start, tx_end: t.tx_end, tx_end_s, arrival_s, arrival: t.arrival });
        if self.pipe.len() == 1 {
            wake.arrival = Some(t.arrival);
        }
    }

    /// Scheduled: starts the next waiting packet (an ACK first if so ordered).
    fn start_next(&mut self, now: SimTime, wake: &mut Wake) -> Option<Transmission> {
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
        let t = self.transmit(&next.pkt, next.enqueued, now, wake);
        wake.tx_done = Some(t.tx_end);
        Some(t)
    }

    /// Scheduled: the transmission under way ended at `now`; start the next.
    pub fn finish_transmission(&mut self, now: SimTime) -> (Option<Transmission>, Wake) {
        let size = self.in_service.take().expect("a transmission to finish");
        self.held_pkts -= 1;
        self.held_bytes -= size as u64;
        let mut wake = Wake::default();
        let started = self.start_next(now, &mut wake);
        (started, wake)
    }

    /// Removes waiting ACKs of `ack`'s flow that it supersedes (smaller cumulative ACK).
    fn filter_older_acks(&mut self, ack: &Packet, removed: &mut Vec<(Packet, SimTime)>) {
        let before = removed.len();
        self.waiting.retain(|w| {
            let older = w.pkt.kind == PacketKind::Ack && w.pkt.flow == ack.flow && w.pkt.seq <= ack.seq;
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

    /// The packet most recently put on the wire.
    pub fn last_started(&self) -> Packet {
        let mut pkt = self.pipe.get(self.pipe.len() - 1).expect("a packet was started").pkt;
        pkt.flags &= !flags::CORRUPTED;
        pkt
    }

    /// Packets admitted and not yet arrived.
    pub fn in_flight(&self) -> usize {
        self.pipe.len() + self.waiting.len() + self.aqm.as_deref().map_or(0, Aqm::len)
    }

    /// Packets waiting in a scheduled or AQM queue: unlike those already
    /// sent, they have no trace record yet (for accounting, not the hot path).
    pub fn queued(&self) -> impl Iterator<Item = &Packet> {
        let aqm = self.aqm.as_deref().into_iter().flat_map(Aqm::packets);
        self.waiting.iter().map(|w| &w.pkt).chain(aqm)
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

    /// Removes the head packet, which has arrived (FIFO: after `advance(now)`).
    pub fn pop_arrival(&mut self) -> InFlight {
        if !self.scheduled {
            debug_assert!(self.departed > 0, "a packet arrived before it was sent");
            self.departed -= 1;
        }
        self.stats.arrived += 1;
        self.pipe.pop_front().expect("arrival on an empty channel")
    }
}

/// A copy of `pkt` marked Congestion Experienced (RFC 3168 section 5).
fn with_ce(pkt: &Packet) -> Packet {
    let mut p = *pkt;
    p.flags |= flags::CE;
    p
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::Bandwidth;

    fn pkt(size: u32) -> Packet {
        Packet::for_test(PacketKind::Data, 0, size)
    }

    fn ack(seq: u32) -> Packet {
        Packet::for_test(PacketKind::Ack, seq, 40)
    }

    fn channel_with(limit: QueueLimit, order: ServiceOrder) -> Channel {
        // 1000 B take 1 ms at 8 Mbit/s; 10 ms propagation.
        Channel::new(
            NodeId(0),
            NodeId(1),
            Serializer::new(Bandwidth(8_000_000)),
            SimDuration::from_millis(10),
            limit,
            ErrorModel::none(),
            order,
        )
    }

    fn channel(limit: QueueLimit) -> Channel {
        channel_with(limit, ServiceOrder::default())
    }

    const MS: u64 = 1_000_000;

    fn admit(c: &mut Channel, p: Packet, now: SimTime) -> Option<Transmission> {
        c.admit(&p, now).map(|(t, _)| t)
    }

    #[test]
    fn back_to_back_packets_are_serialized_in_turn() {
        let mut c = channel(QueueLimit::Packets(10));
        let a = admit(&mut c, pkt(1000), SimTime::ZERO).unwrap();
        let b = admit(&mut c, pkt(1000), SimTime::ZERO).unwrap();
        assert_eq!((a.tx_start.0, a.tx_end.0), (0, MS));
        assert_eq!((b.tx_start.0, b.tx_end.0), (MS, 2 * MS));
        assert_eq!(c.head_arrival(), Some(SimTime(11 * MS)));
    }

    #[test]
    fn the_limit_counts_the_packet_in_transmission() {
        let mut c = channel(QueueLimit::Packets(2));
        assert!(admit(&mut c, pkt(1000), SimTime::ZERO).is_some());
        assert!(admit(&mut c, pkt(1000), SimTime::ZERO).is_some());
        assert!(admit(&mut c, pkt(1000), SimTime::ZERO).is_none());
        assert_eq!(c.stats.drops, 1);
        // Once the first has left the wire there is room again.
        c.advance(SimTime(MS), |_, _| {});
        assert!(admit(&mut c, pkt(1000), SimTime(MS)).is_some());
        assert_eq!(c.stats.queue_max_pkts, 2);
    }

    #[test]
    fn byte_limits_admit_by_size() {
        let mut c = channel(QueueLimit::Bytes(1500));
        assert!(admit(&mut c, pkt(1000), SimTime::ZERO).is_some());
        assert!(admit(&mut c, pkt(1000), SimTime::ZERO).is_none());
        assert!(admit(&mut c, pkt(500), SimTime::ZERO).is_some());
    }

    #[test]
    fn advance_reports_departures_at_their_own_times() {
        let mut c = channel(QueueLimit::Packets(10));
        for _ in 0..3 {
            admit(&mut c, pkt(1000), SimTime::ZERO);
        }
        let mut changes = vec![];
        c.advance(SimTime(5 * MS), |t, held| changes.push((t.0 / MS, held)));
        assert_eq!(changes, vec![(1, 2), (2, 1), (3, 0)]);
    }

    #[test]
    fn arrivals_come_out_in_order() {
        let mut c = channel(QueueLimit::Packets(10));
        let mut p = pkt(1000);
        for seq in 0..3 {
            p.seq = seq;
            admit(&mut c, p, SimTime::ZERO);
        }
        let mut got = vec![];
        while let Some(t) = c.head_arrival() {
            c.advance(t, |_, _| {});
            got.push((t.0 / MS, c.pop_arrival().pkt.seq));
        }
        assert_eq!(got, vec![(11, 0), (12, 1), (13, 2)]);
    }

    /// Runs a scheduled channel: offers at time 0, then ends transmissions in turn.
    fn send_order(c: &mut Channel, offered: &[Packet]) -> Vec<(PacketKind, u32)> {
        let mut order = vec![];
        let mut done_at = None;
        for p in offered {
            let (offer, wake) = c.offer(p, SimTime::ZERO, &mut vec![]);
            if offer.started.is_some() {
                order.push((p.kind, p.seq));
                done_at = wake.tx_done;
            }
        }
        while let Some(t) = done_at {
            let (started, wake) = c.finish_transmission(t);
            if started.is_some() {
                let last = c.pipe.get(c.pipe.len() - 1).unwrap().pkt;
                order.push((last.kind, last.seq));
            }
            done_at = wake.tx_done;
        }
        order
    }

    #[test]
    fn acks_first_sends_a_queued_ack_before_earlier_data() {
        let mut c = channel_with(QueueLimit::Packets(10), ServiceOrder { acks_first: true, filter_acks: false });
        let d = |seq| {
            let mut p = pkt(1000);
            p.seq = seq;
            p
        };
        let offered = [d(0), d(1), d(2), ack(7), d(3), ack(8)];
        assert_eq!(
            send_order(&mut c, &offered),
            vec![
                (PacketKind::Data, 0),
                (PacketKind::Ack, 7),
                (PacketKind::Ack, 8),
                (PacketKind::Data, 1),
                (PacketKind::Data, 2),
                (PacketKind::Data, 3)
            ]
        );
    }

    #[test]
    fn acks_first_still_admits_by_total_length() {
        let mut c = channel_with(QueueLimit::Packets(2), ServiceOrder { acks_first: true, filter_acks: false });
        assert!(c.offer(&pkt(1000), SimTime::ZERO, &mut vec![]).0.admitted);
        assert!(c.offer(&pkt(1000), SimTime::ZERO, &mut vec![]).0.admitted);
        assert!(!c.offer(&ack(1), SimTime::ZERO, &mut vec![]).0.admitted, "the ACK does not jump a full queue");
    }

    #[test]
    fn a_scheduled_channel_keeps_its_count_across_arrivals() {
        let mut c = channel_with(QueueLimit::Packets(2), ServiceOrder { acks_first: true, filter_acks: false });
        let (_, wake) = c.offer(&pkt(1000), SimTime::ZERO, &mut vec![]);
        let done = wake.tx_done.unwrap();
        c.finish_transmission(done);
        let arrival = c.head_arrival().unwrap();
        c.advance(arrival, |_, _| panic!("scheduled channels count by events"));
        c.pop_arrival();
        assert_eq!(c.held_packets(), 0);
        assert!(c.offer(&pkt(1000), arrival, &mut vec![]).0.admitted);
    }

    #[test]
    fn filtering_keeps_only_the_latest_ack_of_a_flow() {
        let mut c = channel_with(QueueLimit::Packets(10), ServiceOrder { acks_first: false, filter_acks: true });
        let offered = [pkt(1000), ack(1), ack(2), ack(3)];
        assert_eq!(send_order(&mut c, &offered), vec![(PacketKind::Data, 0), (PacketKind::Ack, 3)]);
        assert_eq!(c.stats.filtered, 2);
    }

    fn red_channel(limit_pkts: u64, min: f64, max: f64, ecn: bool) -> Channel {
        use crate::net::red::{RedParams, RedSettings};
        let settings = RedSettings {
            min_thresh_pkts: Some(min),
            max_thresh_pkts: Some(max),
            q_weight: Some(1.0),
            max_p: 0.1,
            mark_p: 1.0,
            gentle: true,
            wait: true,
            bytes: false,
            mean_pktsize_bytes: 500,
            ecn,
        };
        let params = RedParams::configure(&settings, 8_000_000, 0.01, limit_pkts);
        channel(QueueLimit::Packets(1)).with_red(Red::new(params, crate::rng::RandomStream::for_entity(1, "red")))
    }

    #[test]
    fn red_counts_only_what_waits_behind_the_packet_on_the_wire() {
        // As ns-2's REDQueue: an arrival finding `limit` packets waiting is
        // dropped, the one being sent not counted: 1 sending + 2 waiting fit.
        let mut c = red_channel(2, 1e5, 2e5, false);
        let admitted: Vec<bool> = (0..4).map(|_| admit(&mut c, pkt(1000), SimTime::ZERO).is_some()).collect();
        assert_eq!(admitted, vec![true, true, true, false]);
        assert_eq!((c.stats.drops, c.stats.early_drops, c.held_packets()), (1, 0, 3));
        // Once the first has been sent, one more fits.
        c.advance(SimTime(MS), |_, _| {});
        assert!(admit(&mut c, pkt(1000), SimTime(MS)).is_some());
    }

    #[test]
    fn red_marks_ecn_capable_packets_and_admits_them() {
        // Thresholds 0.5 and 1 packet, q_weight 1: the average is what waits.
        // Arrivals find 0, 0, 1, 2, 3 waiting; the 4th (2 waiting, more than one)
        // crosses the threshold and starts the count; the 5th has p = 1: marked.
        let mut c = red_channel(10, 0.5, 1.0, true);
        let mut ect = pkt(1000);
        ect.flags = flags::ECT;
        let marked: Vec<bool> = (0..5).map(|_| c.admit(&ect, SimTime::ZERO).unwrap().0.marked).collect();
        assert_eq!(marked, vec![false, false, false, false, true]);
        assert_eq!(c.stats.marks, 1);
        assert!(c.pipe.get(4).unwrap().pkt.has(flags::CE), "the packet on its way carries CE");
        // Not ECN-capable: the same decision is a drop.
        let mut d = red_channel(10, 0.5, 1.0, true);
        let dropped: Vec<bool> = (0..5).map(|_| admit(&mut d, pkt(1000), SimTime::ZERO).is_none()).collect();
        assert_eq!(dropped, vec![false, false, false, false, true]);
        assert_eq!((d.stats.early_drops, d.stats.marks), (1, 0));
    }

    #[test]
    fn a_scheduled_red_queue_leaves_the_packet_in_service_out_too() {
        let mut c = red_channel(1, 1e5, 2e5, false);
        c.scheduled = true;
        let offered: Vec<bool> = (0..3).map(|_| c.offer(&pkt(1000), SimTime::ZERO, &mut vec![]).0.admitted).collect();
        assert_eq!(offered, vec![true, true, false]);
    }

    #[test]
    fn link_features_shape_the_passage_and_keep_arrivals_in_order() {
        use crate::net::outage::{OutageMode, Outages};
        // Held outage over [0.5, 3) ms: the first packet pauses half-way.
        let features = LinkFeatures {
            outages: Some(Outages::new(OutageMode::Hold, vec![(MS / 2, 3 * MS)], None)),
            ..Default::default()
        };
        let mut c = channel(QueueLimit::Packets(10)).with_features(features);
        let a = admit(&mut c, pkt(1000), SimTime::ZERO).unwrap();
        let b = admit(&mut c, pkt(1000), SimTime::ZERO).unwrap();
        assert_eq!((a.tx_end.0, a.arrival.0), (3 * MS + MS / 2, 13 * MS + MS / 2));
        assert_eq!((b.tx_start.0, b.tx_end.0), (3 * MS + MS / 2, 4 * MS + MS / 2));
        assert_eq!(c.busy_until(), SimTime(4 * MS + MS / 2));
        assert_eq!(c.stats.busy_ns, 2 * MS, "time held is not busy time");
    }

    #[test]
    fn without_features_the_channel_keeps_its_plain_path() {
        let c = channel(QueueLimit::Packets(10)).with_features(LinkFeatures::default());
        assert!(c.features().is_none());
    }
}
