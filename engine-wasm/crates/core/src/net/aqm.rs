//! Queue disciplines that decide when packets leave, not only whether they
//! enter: CoDel (RFC 8289, `codel.rs`), FQ-CoDel (RFC 8290, `fq_codel.rs`)
//! and PIE (RFC 8033, `pie.rs`).
//!
//! DropTail and RED decide at arrival, so a FIFO channel can fix a packet's
//! whole passage when it admits it. These three look at a packet's sojourn
//! time when it leaves (CoDel, and PIE's delay estimate) or pick which queue
//! is served (FQ-CoDel), so a channel with one of them runs as a scheduled
//! channel (`channel/aqm_front.rs`): it owns its waiting packets through [`Aqm`] and
//! ends each transmission with an event. [`Aqm`] is an enum, not a trait
//! object, so the per-packet calls dispatch with one match (as smoltcp's
//! `AnyController` does for congestion controllers).

use super::channel::QueueLimit;
use super::codel::{CoDel, CoDelParams};
use super::fq_codel::{FqCoDel, FqCoDelParams};
use super::pie::{Pie, PieParams};
use crate::packet::{flags, Packet};
use crate::rng::RandomStream;
use crate::time::SimTime;
use std::collections::VecDeque;

/// A waiting packet and when it entered the queue.
#[derive(Clone, Copy, Debug)]
pub struct Queued {
    pub pkt: Packet,
    pub enqueued: SimTime,
}

/// A FIFO of waiting packets that keeps its byte count.
#[derive(Clone, Debug, Default)]
pub struct Fifo {
    items: VecDeque<Queued>,
    bytes: u64,
}

impl Fifo {
    pub fn push(&mut self, q: Queued) {
        self.bytes += q.pkt.size_bytes as u64;
        self.items.push_back(q);
    }

    pub fn pop(&mut self) -> Option<Queued> {
        let q = self.items.pop_front()?;
        self.bytes -= q.pkt.size_bytes as u64;
        Some(q)
    }

    pub fn front(&self) -> Option<&Queued> {
        self.items.front()
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// The waiting packets, oldest first.
    pub fn packets(&self) -> impl Iterator<Item = &Packet> {
        self.items.iter().map(|q| &q.pkt)
    }
}

/// A packet an AQM discarded after it had been queued.
#[derive(Clone, Copy, Debug)]
pub struct Discarded {
    pub pkt: Packet,
    pub enqueued: SimTime,
    /// Dropped by the control law (CoDel's), not for want of room.
    pub early: bool,
}

/// The channel's room: its limit and what the packet on the wire takes of it
/// (the limit counts held packets, the one being sent included, as DropTail's).
#[derive(Clone, Copy, Debug)]
pub struct Room {
    pub limit: QueueLimit,
    pub in_service_bytes: Option<u32>,
}

impl Room {
    /// Whether `size` more bytes fit beside a queue of `pkts` and `bytes`.
    pub fn fits(&self, pkts: usize, bytes: u64, size: u32) -> bool {
        let (sp, sb) = self.in_service();
        match self.limit {
            QueueLimit::Packets(n) => sp + (pkts as u64) < n as u64,
            QueueLimit::Bytes(b) => sb + bytes + size as u64 <= b,
        }
    }

    /// Whether a queue of `pkts` and `bytes` exceeds the limit.
    pub fn exceeded(&self, pkts: usize, bytes: u64) -> bool {
        let (sp, sb) = self.in_service();
        match self.limit {
            QueueLimit::Packets(n) => sp + pkts as u64 > n as u64,
            QueueLimit::Bytes(b) => sb + bytes > b,
        }
    }

    fn in_service(&self) -> (u64, u64) {
        self.in_service_bytes.map_or((0, 0), |b| (1, b as u64))
    }
}

/// What happened to an arriving packet.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Admission {
    Enqueued,
    /// Enqueued with Congestion Experienced set (PIE's ECN marking).
    Marked,
    /// Dropped by the discipline's control law (PIE's random drop).
    EarlyDrop,
    /// No room (or, FQ-CoDel, its flow was the fattest and lost it).
    Overflow,
}

/// A packet handed to the link, and whether the discipline marked it CE.
#[derive(Clone, Copy, Debug)]
pub struct Dequeued {
    pub item: Queued,
    pub marked: bool,
}

/// Resolved settings of a discipline.
#[derive(Clone, Debug, PartialEq)]
pub enum AqmConfig {
    CoDel(CoDelParams),
    FqCoDel(FqCoDelParams),
    Pie(PieParams),
}

impl AqmConfig {
    /// Short name, for series and summaries.
    pub fn name(&self) -> &'static str {
        match self {
            AqmConfig::CoDel(_) => "codel",
            AqmConfig::FqCoDel(_) => "fq_codel",
            AqmConfig::Pie(_) => "pie",
        }
    }
}

/// One of the disciplines, with its queue(s).
#[derive(Clone, Debug)]
pub enum Aqm {
    CoDel(CoDel),
    FqCoDel(FqCoDel),
    Pie(Pie),
}

impl Aqm {
    /// `rng` feeds PIE's random drops and FQ-CoDel's hash perturbation.
    pub fn new(config: &AqmConfig, rng: RandomStream) -> Aqm {
        match config {
            AqmConfig::CoDel(p) => Aqm::CoDel(CoDel::new(p.clone())),
            AqmConfig::FqCoDel(p) => Aqm::FqCoDel(FqCoDel::new(p.clone(), rng)),
            AqmConfig::Pie(p) => Aqm::Pie(Pie::new(p.clone(), rng)),
        }
    }

    /// Offers `pkt` at `now`; packets already queued that the discipline
    /// throws out to make room are appended to `discarded`.
    #[inline]
    pub fn enqueue(&mut self, pkt: &Packet, now: SimTime, room: Room, discarded: &mut Vec<Discarded>) -> Admission {
        match self {
            Aqm::CoDel(c) => c.enqueue(pkt, now, room),
            Aqm::FqCoDel(f) => f.enqueue(pkt, now, room, discarded),
            Aqm::Pie(p) => p.enqueue(pkt, now, room),
        }
    }

    /// The next packet to send at `now`, if any; packets dropped on the way
    /// out are appended to `discarded`.
    #[inline]
    pub fn dequeue(&mut self, now: SimTime, discarded: &mut Vec<Discarded>) -> Option<Dequeued> {
        match self {
            Aqm::CoDel(c) => c.dequeue(now, discarded),
            Aqm::FqCoDel(f) => f.dequeue(now, discarded),
            Aqm::Pie(p) => p.dequeue(now),
        }
    }

    /// Packets waiting (the one being sent not included).
    pub fn len(&self) -> usize {
        match self {
            Aqm::CoDel(c) => c.len(),
            Aqm::FqCoDel(f) => f.len(),
            Aqm::Pie(p) => p.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every waiting packet (for accounting, not the hot path).
    pub fn packets(&self) -> Box<dyn Iterator<Item = &Packet> + '_> {
        match self {
            Aqm::CoDel(c) => Box::new(c.packets()),
            Aqm::FqCoDel(f) => Box::new(f.packets()),
            Aqm::Pie(p) => Box::new(p.packets()),
        }
    }

    /// Enqueue time of the oldest waiting packet.
    pub fn oldest(&self) -> Option<SimTime> {
        match self {
            Aqm::CoDel(c) => c.oldest(),
            Aqm::FqCoDel(f) => f.oldest(),
            Aqm::Pie(p) => p.oldest(),
        }
    }

    /// PIE's drop probability (the other disciplines have none).
    pub fn drop_probability(&self) -> Option<f64> {
        match self {
            Aqm::Pie(p) => Some(p.drop_probability()),
            _ => None,
        }
    }
}

/// Whether the packet may carry Congestion Experienced instead of being dropped.
#[inline]
pub fn ecn_capable(pkt: &Packet) -> bool {
    pkt.has(flags::ECT)
}

/// Sets Congestion Experienced (RFC 3168 section 5).
#[inline]
pub fn set_ce(pkt: &mut Packet) {
    pkt.flags |= flags::CE;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn room_counts_the_packet_on_the_wire_like_droptail() {
        let room = Room { limit: QueueLimit::Packets(3), in_service_bytes: Some(1000) };
        assert!(room.fits(1, 1000, 1000), "1 sending + 1 waiting + this one = 3");
        assert!(!room.fits(2, 2000, 1000));
        assert!(room.exceeded(3, 3000) && !room.exceeded(2, 2000));
        let idle = Room { limit: QueueLimit::Bytes(2500), in_service_bytes: None };
        assert!(idle.fits(1, 1000, 1500) && !idle.fits(1, 1000, 1501));
    }

    #[test]
    fn fifo_keeps_its_byte_count() {
        let mut f = Fifo::default();
        f.push(Queued { pkt: Packet::for_test(crate::packet::PacketKind::Data, 0, 1000), enqueued: SimTime(0) });
        f.push(Queued { pkt: Packet::for_test(crate::packet::PacketKind::Data, 1, 500), enqueued: SimTime(1) });
        assert_eq!((f.len(), f.bytes()), (2, 1500));
        assert_eq!(f.pop().unwrap().pkt.seq, 0);
        assert_eq!(f.bytes(), 500);
    }
}
