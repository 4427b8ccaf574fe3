//! Buffers shared by several channels: one limit on what they hold together.
//!
//! Seed 002's CDMA2000 BSC keeps one buffer per terminal, shared by every
//! connection to it, not one per connection. When the base station reaches
//! the terminal over one channel that is simply the channel's byte limit;
//! a pool is for the cases where several channels feed one buffer (a
//! terminal reached over two base stations in soft handoff, or per-carrier
//! channels): a packet enters a member channel only if it fits both the
//! channel's own limit and the pool's. Every flow through the members then
//! competes for the same bytes, which is why a second connection of the same
//! terminal gets an unfair share: the first one's window already fills them.

use super::channel::{Channel, QueueLimit};
use crate::ids::ChannelId;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BufferPool {
    pub limit: QueueLimit,
    pub members: Vec<ChannelId>,
}

impl BufferPool {
    /// Whether a packet of `size_bytes` fits with what the members hold now
    /// (each member brought up to date first).
    pub fn admits(&self, channels: &[Channel], size_bytes: u32) -> bool {
        let (pkts, bytes) = self.members.iter().fold((0u64, 0u64), |(p, b), c| {
            let ch = &channels[c.index()];
            (p + ch.held_packets() as u64, b + ch.held_bytes())
        });
        match self.limit {
            QueueLimit::Packets(n) => pkts < n as u64,
            QueueLimit::Bytes(limit) => bytes + size_bytes as u64 <= limit,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::NodeId;
    use crate::net::{ErrorModel, ServiceOrder};
    use crate::packet::{Packet, PacketKind};
    use crate::time::{Bandwidth, Serializer, SimDuration, SimTime};

    fn member(to: u16) -> Channel {
        // 1000 B take 1 ms; each channel on its own allows 10 packets.
        Channel::new(
            NodeId(0),
            NodeId(to),
            Serializer::new(Bandwidth(8_000_000)),
            SimDuration::from_millis(10),
            QueueLimit::Packets(10),
            ErrorModel::none(),
            ServiceOrder::default(),
        )
        .with_pool(0)
    }

    #[test]
    fn members_share_one_byte_limit() {
        let mut channels = vec![member(1), member(2)];
        let pool = BufferPool { limit: QueueLimit::Bytes(2_500), members: vec![ChannelId(0), ChannelId(1)] };
        let data = |size| Packet::for_test(PacketKind::Data, 0, size);
        for _ in 0..2 {
            assert!(pool.admits(&channels, 1000));
            channels[0].admit(&data(1000), SimTime::ZERO).unwrap();
        }
        // 2000 B held by the first channel: the second may add 500 B, not 1000 B,
        // although its own queue is empty.
        assert!(!pool.admits(&channels, 1000));
        assert!(pool.admits(&channels, 500));
        // The first packet leaves the wire at 1 ms: room again.
        channels[0].advance(SimTime(1_000_000), |_, _| {});
        assert!(pool.admits(&channels, 1000));
    }

    #[test]
    fn a_packet_pool_counts_packets_across_members() {
        let mut channels = vec![member(1), member(2)];
        let pool = BufferPool { limit: QueueLimit::Packets(1), members: vec![ChannelId(0), ChannelId(1)] };
        channels[1].admit(&Packet::for_test(PacketKind::Ack, 0, 40), SimTime::ZERO).unwrap();
        assert!(!pool.admits(&channels, 40));
    }
}
