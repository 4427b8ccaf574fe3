//! One direction of a link: a queue, a serializer at the link rate, a
//! propagation delay and an error model.
//!
//! The channel is FIFO, so the moment a packet is admitted fixes its whole
//! passage: it starts transmitting when the packets ahead of it are done,
//! ends `size / rate` later and arrives `delay` after that. The channel keeps
//! admitted packets in one deque and needs a single event on the global queue,
//! the arrival of its head packet, so a packet costs no heap work beyond that.

use super::errors::ErrorModel;
use crate::ids::NodeId;
use crate::packet::{flags, Packet};
use crate::time::{Serializer, SimDuration, SimTime};
use super::ring::Ring;

/// Capacity of a DropTail queue.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum QueueLimit {
    /// At most this many packets held, the one being transmitted included
    /// (ns-2's DropTail `limit_` counts the same way).
    Packets(u32),
    /// At most this many bytes held, the packet being transmitted included.
    Bytes(u64),
}

#[derive(Clone, Copy, Debug, Default)]
pub struct ChannelStats {
    /// Packets admitted to the queue.
    pub packets: u64,
    pub bytes: u64,
    /// Packets refused by the full queue.
    pub drops: u64,
    /// Packets the error model corrupted.
    pub corrupted: u64,
    /// Packets that reached the far end, corrupted ones included.
    pub arrived: u64,
    /// Most packets held at once.
    pub queue_max_pkts: u32,
    /// Total serialization time of admitted packets.
    pub busy_ns: u64,
}

/// A packet on its way over the channel.
#[derive(Clone, Copy, Debug, Default)]
pub struct InFlight {
    pub pkt: Packet,
    pub tx_end: SimTime,
}

impl InFlight {
    /// The error model hit it: it is discarded on arrival.
    pub fn corrupted(&self) -> bool {
        self.pkt.flags & flags::CORRUPTED != 0
    }
}

/// The passage fixed for an admitted packet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Admitted {
    pub tx_start: SimTime,
    pub tx_end: SimTime,
    pub corrupted: bool,
    /// The packet is alone on the channel: its arrival must be scheduled.
    pub became_head: bool,
}

pub struct Channel {
    pub from: NodeId,
    pub to: NodeId,
    serializer: Serializer,
    delay: SimDuration,
    limit: QueueLimit,
    errors: ErrorModel,
    /// When the last admitted packet finishes transmitting.
    busy_until: SimTime,
    /// Admitted packets not yet arrived, in FIFO order.
    pipe: Ring<InFlight>,
    /// How many leading entries of `pipe` have finished transmitting.
    departed: usize,
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
    ) -> Self {
        Channel {
            from,
            to,
            serializer,
            delay,
            limit,
            errors,
            busy_until: SimTime::ZERO,
            pipe: Ring::with_capacity(64),
            departed: 0,
            held_pkts: 0,
            held_bytes: 0,
            stats: ChannelStats::default(),
        }
    }

    pub fn delay(&self) -> SimDuration {
        self.delay
    }

    pub fn busy_until(&self) -> SimTime {
        self.busy_until
    }

    /// Packets held at the last `advance`: waiting plus the one transmitting.
    pub fn held_packets(&self) -> u32 {
        self.held_pkts
    }

    /// Retires transmissions that ended by `now`, reporting each change of
    /// the held count with the time it happened.
    #[inline]
    pub fn advance(&mut self, now: SimTime, mut on_change: impl FnMut(SimTime, u32)) {
        while let Some(f) = self.pipe.get(self.departed) {
            if f.tx_end > now {
                break;
            }
            self.held_pkts -= 1;
            self.held_bytes -= f.pkt.size_bytes as u64;
            self.departed += 1;
            on_change(f.tx_end, self.held_pkts);
        }
    }

    /// Offers a packet at `now` (after `advance(now)`); `None` if the queue is full.
    pub fn admit(&mut self, pkt: &Packet, now: SimTime) -> Option<Admitted> {
        let size = pkt.size_bytes;
        let fits = match self.limit {
            QueueLimit::Packets(n) => self.held_pkts < n,
            QueueLimit::Bytes(b) => self.held_bytes + size as u64 <= b,
        };
        if !fits {
            self.stats.drops += 1;
            return None;
        }
        let tx_start = self.busy_until.max(now);
        let tx_time = self.serializer.transmission_time(size);
        let tx_end = tx_start + tx_time;
        self.busy_until = tx_end;
        let corrupted = self.errors.corrupts(size);
        self.held_pkts += 1;
        self.held_bytes += size as u64;
        self.stats.packets += 1;
        self.stats.bytes += size as u64;
        self.stats.busy_ns += tx_time.as_nanos();
        self.stats.corrupted += corrupted as u64;
        self.stats.queue_max_pkts = self.stats.queue_max_pkts.max(self.held_pkts);
        let mut pkt = *pkt;
        if corrupted {
            pkt.flags |= flags::CORRUPTED;
        }
        self.pipe.push_back(InFlight { pkt, tx_end });
        Some(Admitted { tx_start, tx_end, corrupted, became_head: self.pipe.len() == 1 })
    }

    /// Packets admitted and not yet arrived.
    pub fn in_flight(&self) -> usize {
        self.pipe.len()
    }

    /// When the head packet's last bit reaches the far end.
    pub fn head_arrival(&self) -> Option<SimTime> {
        self.pipe.front().map(|f| f.tx_end + self.delay)
    }

    /// Removes the head packet, which has arrived (after `advance(now)`).
    pub fn pop_arrival(&mut self) -> InFlight {
        debug_assert!(self.departed > 0, "a packet arrived before it was sent");
        self.departed -= 1;
        self.stats.arrived += 1;
        self.pipe.pop_front().expect("arrival on an empty channel")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::packet::PacketKind;
    use crate::time::Bandwidth;

    fn pkt(size: u32) -> Packet {
        Packet::for_test(PacketKind::Data, 0, size)
    }

    fn channel(limit: QueueLimit) -> Channel {
        // 1000 B take 1 ms at 8 Mbit/s; 10 ms propagation.
        Channel::new(
            NodeId(0),
            NodeId(1),
            Serializer::new(Bandwidth(8_000_000)),
            SimDuration::from_millis(10),
            limit,
            ErrorModel::none(),
        )
    }

    const MS: u64 = 1_000_000;

    #[test]
    fn back_to_back_packets_are_serialized_in_turn() {
        let mut c = channel(QueueLimit::Packets(10));
        let a = c.admit(&pkt(1000), SimTime::ZERO).unwrap();
        let b = c.admit(&pkt(1000), SimTime::ZERO).unwrap();
        assert_eq!((a.tx_start.0, a.tx_end.0), (0, MS));
        assert_eq!((b.tx_start.0, b.tx_end.0), (MS, 2 * MS));
        assert!(a.became_head && !b.became_head);
        assert_eq!(c.head_arrival(), Some(SimTime(11 * MS)));
    }

    #[test]
    fn the_limit_counts_the_packet_in_transmission() {
        let mut c = channel(QueueLimit::Packets(2));
        assert!(c.admit(&pkt(1000), SimTime::ZERO).is_some());
        assert!(c.admit(&pkt(1000), SimTime::ZERO).is_some());
        assert!(c.admit(&pkt(1000), SimTime::ZERO).is_none());
        assert_eq!(c.stats.drops, 1);
        // Once the first has left the wire there is room again.
        c.advance(SimTime(MS), |_, _| {});
        assert!(c.admit(&pkt(1000), SimTime(MS)).is_some());
        assert_eq!(c.stats.queue_max_pkts, 2);
    }

    #[test]
    fn byte_limits_admit_by_size() {
        let mut c = channel(QueueLimit::Bytes(1500));
        assert!(c.admit(&pkt(1000), SimTime::ZERO).is_some());
        assert!(c.admit(&pkt(1000), SimTime::ZERO).is_none());
        assert!(c.admit(&pkt(500), SimTime::ZERO).is_some());
    }

    #[test]
    fn advance_reports_departures_at_their_own_times() {
        let mut c = channel(QueueLimit::Packets(10));
        for _ in 0..3 {
            c.admit(&pkt(1000), SimTime::ZERO);
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
            c.admit(&p, SimTime::ZERO);
        }
        let mut got = vec![];
        while let Some(t) = c.head_arrival() {
            c.advance(t, |_, _| {});
            got.push((t.0 / MS, c.pop_arrival().pkt.seq));
        }
        assert_eq!(got, vec![(11, 0), (12, 1), (13, 2)]);
    }
}
