//! The network: channels, routes, and the passage of packets between nodes.

pub mod channel;
pub mod errors;
pub mod ring;
pub mod routing;

pub use channel::{Channel, ChannelStats, InFlight, QueueLimit};
pub use errors::{packet_error_probability, ErrorModel};
pub use routing::Routes;

use crate::ids::{ChannelId, NodeId};
use crate::kernel::{Event, EventQueue};
use crate::packet::Packet;
use crate::record::{Fate, SeriesId, SeriesStore, Trace, TraceRecord};
use crate::time::SimTime;

pub struct Network {
    pub channels: Vec<Channel>,
    pub routes: Routes,
    /// Queue occupancy series, one per channel.
    pub queue_series: Vec<SeriesId>,
    pub trace: Trace,
    next_uid: u32,
    /// Packets with no route to their destination.
    pub unroutable: u64,
}

impl Network {
    pub fn new(channels: Vec<Channel>, routes: Routes, queue_series: Vec<SeriesId>, trace: Trace) -> Self {
        Network { channels, routes, queue_series, trace, next_uid: 0, unroutable: 0 }
    }

    /// An agent on `node` emits a new packet.
    pub fn originate(
        &mut self,
        node: NodeId,
        mut pkt: Packet,
        now: SimTime,
        queue: &mut EventQueue,
        series: &mut SeriesStore,
    ) {
        pkt.uid = self.next_uid;
        self.next_uid = self.next_uid.wrapping_add(1);
        self.forward(node, &pkt, now, queue, series);
    }

    /// Puts a packet at `node` on the next channel towards its destination.
    pub fn forward(
        &mut self,
        node: NodeId,
        pkt: &Packet,
        now: SimTime,
        queue: &mut EventQueue,
        series: &mut SeriesStore,
    ) {
        let Some(c) = self.routes.next_hop(node, pkt.dst) else {
            self.unroutable += 1;
            return;
        };
        let channel = &mut self.channels[c.index()];
        let occupancy = self.queue_series[c.index()];
        channel.advance(now, |t, held| series.push(occupancy, t.0, held as f64));
        let admitted = channel.admit(pkt, now);
        series.push(occupancy, now.0, channel.held_packets() as f64);
        let (tx_start, tx_end, fate) = match admitted {
            Some(a) => {
                if a.became_head {
                    queue.schedule(a.tx_end + channel.delay(), Event::ChannelArrival(c));
                }
                (a.tx_start, a.tx_end, if a.corrupted { Fate::Corrupted } else { Fate::Delivered })
            }
            None => (now, now, Fate::QueueDrop),
        };
        self.trace.push(TraceRecord {
            enqueued: now,
            tx_start,
            tx_end,
            uid: pkt.uid,
            channel: c,
            flow: pkt.flow,
            seq: pkt.seq,
            size_bytes: pkt.size_bytes,
            kind: pkt.kind,
            flags: pkt.flags,
            fate,
            created: pkt.created_at,
            sack: pkt.sack(),
            ts_ecr: pkt.ts_ecr,
        });
    }

    /// Takes the head packet of channel `c`, which arrives at `now`: returns
    /// the node it reached, the packet, and when the channel's next packet arrives.
    pub fn take_arrival(
        &mut self,
        c: ChannelId,
        now: SimTime,
        series: &mut SeriesStore,
    ) -> (NodeId, InFlight, Option<SimTime>) {
        let channel = &mut self.channels[c.index()];
        let occupancy = self.queue_series[c.index()];
        channel.advance(now, |t, held| series.push(occupancy, t.0, held as f64));
        let arrived = channel.pop_arrival();
        (channel.to, arrived, channel.head_arrival())
    }

    /// Brings every channel's occupancy series up to `now`.
    pub fn flush_series(&mut self, now: SimTime, series: &mut SeriesStore) {
        for (channel, &occupancy) in self.channels.iter_mut().zip(&self.queue_series) {
            channel.advance(now, |t, held| series.push(occupancy, t.0, held as f64));
        }
    }
}
