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
//!
//! The parts, one job each: `admission.rs` (DropTail or RED at the door),
//! `fifo.rs` (a FIFO link's lazy retirement of departed packets),
//! `scheduled.rs` (ACK priority and ACK filtering: a real waiting queue),
//! `aqm_front.rs` (the same for CoDel, FQ-CoDel and PIE) and `wire.rs`
//! (each passage and the ring of packets in flight).

mod admission;
mod aqm_front;
mod fifo;
mod scheduled;
#[cfg(test)]
mod tests;
mod wire;

pub use wire::InFlight;

use super::aqm::{Aqm, Discarded};
use super::errors::ErrorModel;
use super::passage::LinkFeatures;
use super::red::Red;
use super::ring::Ring;
use crate::ids::NodeId;
use crate::packet::Packet;
use crate::record::SeriesId;
use crate::time::{Serializer, SimDuration, SimTime};
use scheduled::Waiting;
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

/// A hop updates the first five fields (`repr(C)` keeps them together). No
/// two counters an admission adds to are neighbours: the compiler paired
/// such neighbours into a vector add of five instructions for two.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C)]
pub struct ChannelStats {
    /// Packets admitted to the queue.
    pub packets: u64,
    /// Most bytes held at once.
    pub queue_max_bytes: u64,
    /// Packets that reached the far end, corrupted ones included.
    pub arrived: u64,
    /// Total serialization time of transmitted packets.
    pub busy_ns: u64,
    /// Most packets held at once.
    pub queue_max_pkts: u32,
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

// The fields a packet's hop reads or writes come first, in four cache
// lines (`repr(C)` keeps this order, `align(64)` starts them on a line):
// with hundreds of channels (the 100-flow dumbbell) a hop touched seven
// lines of the compiler's layout, and the misses grew the cost per packet.
#[repr(C, align(64))]
pub struct Channel {
    // Line 0.
    /// FIFO DropTail with no features and no shared buffer: the network
    /// takes its fast path (one test per packet for all mechanisms).
    plain: bool,
    /// Plain, and the run records neither series nor trace: the network's
    /// fastest path, with no occupancy push and no trace test per packet.
    quiet: bool,
    /// Reorders or filters its queue (see the module documentation).
    scheduled: bool,
    /// `errors` can lose a packet (decided once: most links cannot).
    lossy: bool,
    pub to: NodeId,
    pub from: NodeId,
    held_pkts: u32,
    /// Its queue occupancy series (set by the network): here, in a line an
    /// arrival reads anyway, rather than in a table of the network's.
    occupancy: SeriesId,
    /// FIFO: when the first entry not yet departed ends its transmission
    /// (`NEVER` if none, and always on a scheduled channel): most events
    /// find nothing to retire, and this answers them with one compare.
    next_departure: SimTime,
    /// The event being handled (its time and ns-2's floating-point time),
    /// for a transmission it starts; a plain channel's admission is handed
    /// it instead, so the network's fast path leaves it stale.
    event_s: (SimTime, f64),
    /// When the last started transmission ends.
    busy_until: SimTime,
    /// The same in ns-2's floating-point seconds.
    busy_until_s: f64,
    /// FIFO: how many leading entries of `pipe` have finished transmitting.
    departed: usize,
    // Line 1.
    /// Transmitted (or, FIFO, admitted) packets not yet arrived, in order.
    pipe: Ring<InFlight>,
    limit: QueueLimit,
    delay: SimDuration,
    // Line 2.
    serializer: Serializer,
    /// `delay` in ns-2's floating-point seconds, computed once.
    delay_s: f64,
    // Line 3 (the statistics a hop updates come first in theirs).
    held_bytes: u64,
    /// Capacity trace, outages, bursts, ARQ, MTU (`passage.rs`).
    features: Option<Box<LinkFeatures>>,
    pub stats: ChannelStats,
    // The rest: mechanisms consulted only off the plain path.
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
    /// The shared buffer this channel draws on, if any (`pool.rs`).
    pool: Option<u16>,
    /// Scheduled: packets waiting to be transmitted, and the ACKs among them.
    waiting: VecDeque<Waiting>,
    acks_waiting: u32,
    /// Scheduled: the size of the packet being transmitted, if any.
    in_service: Option<u32>,
    /// Scheduled: its end was put after the other packet events at its
    /// nanosecond (`scheduled.rs`).
    finish_deferred: bool,
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
            lossy: errors.is_active(),
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
            quiet: false,
            busy_until: SimTime::ZERO,
            busy_until_s: 0.0,
            event_s: (SimTime::ZERO, 0.0),
            // Grows on demand: small rings keep the many access links'
            // packets in few cache lines (the 100-flow dumbbell).
            pipe: Ring::with_capacity(4),
            departed: 0,
            next_departure: SimTime::NEVER,
            waiting: VecDeque::new(),
            acks_waiting: 0,
            in_service: None,
            finish_deferred: false,
            held_pkts: 0,
            occupancy: SeriesId(0),
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

    /// Plain, in a run that records nothing per packet (see
    /// [`Channel::set_unrecorded`]).
    #[inline]
    pub fn is_quiet(&self) -> bool {
        self.quiet
    }

    /// Whether the run records series or a trace: a plain channel of a run
    /// that records neither is quiet. Set once its mechanisms are added.
    pub fn set_unrecorded(&mut self, unrecorded: bool) {
        self.quiet = self.plain && unrecorded;
    }

    /// The series of its queue occupancy.
    #[inline]
    pub fn occupancy_series(&self) -> SeriesId {
        self.occupancy
    }

    pub(crate) fn set_occupancy_series(&mut self, id: SeriesId) {
        self.occupancy = id;
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
}
