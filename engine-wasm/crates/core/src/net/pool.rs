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
