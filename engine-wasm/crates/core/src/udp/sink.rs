//! The UDP receiver of a CBR flow, measuring what seed 002's tables 1-4
//! report for a CDMA2000 link: datagrams received and lost, and their
//! inter-arrival times (minimum, mean, maximum), plus the true one-way delay.
//!
//! Losses are the datagrams missing below the highest number received, so
//! datagrams still in flight when the run ends are not counted as lost.

use crate::agent::AgentCtx;
use crate::packet::{Packet, PacketKind};
use crate::record::summary::DurationStats;
use crate::record::{SeriesId, SeriesOwner, SeriesQuantity, SeriesStore};
use crate::time::{SimDuration, SimTime};

#[derive(Clone, Copy, Debug)]
pub struct UdpSinkSeries {
    /// Bytes received so far.
    pub delivered: SeriesId,
    /// True one-way delay of each datagram, seconds.
    pub owd: SeriesId,
}

impl UdpSinkSeries {
    /// Registers a UDP receiver's series under `owner` (its flow), named as
    /// a TCP receiver's.
    pub fn register(store: &mut SeriesStore, owner: SeriesOwner) -> Self {
        UdpSinkSeries {
            delivered: store.register(owner, SeriesQuantity::Delivered),
            owd: store.register(owner, SeriesQuantity::OwdFwd),
        }
    }
}

/// Durations with their extremes.
#[derive(Clone, Copy, Debug, Default)]
pub struct Spread {
    pub stats: DurationStats,
    pub min: Option<SimDuration>,
    pub max: Option<SimDuration>,
}

impl Spread {
    pub fn add(&mut self, d: SimDuration) {
        self.stats.add(d);
        self.min = Some(self.min.map_or(d, |m| m.min(d)));
        self.max = Some(self.max.map_or(d, |m| m.max(d)));
    }
}

#[derive(Clone, Copy, Debug, Default)]
pub struct UdpStats {
    pub received_packets: u64,
    pub received_bytes: u64,
    /// One past the highest datagram number received.
    pub seen_end: u64,
    /// Time between consecutive arrivals.
    pub inter_arrival: Spread,
    /// True one-way delay.
    pub owd: DurationStats,
}

impl UdpStats {
    /// Datagrams missing below the highest one received.
    pub fn lost_packets(&self) -> u64 {
        self.seen_end.saturating_sub(self.received_packets)
    }
}

pub struct UdpSink {
    series: UdpSinkSeries,
    last_arrival: Option<SimTime>,
    pub stats: UdpStats,
}

impl UdpSink {
    pub fn new(series: UdpSinkSeries) -> Self {
        UdpSink { series, last_arrival: None, stats: UdpStats::default() }
    }

    pub fn on_packet(&mut self, pkt: &Packet, ctx: &mut impl AgentCtx) {
        debug_assert_eq!(pkt.kind, PacketKind::Datagram);
        let now = ctx.now();
        let owd = now.since(pkt.created_at);
        self.stats.owd.add(owd);
        ctx.record(self.series.owd, owd.as_secs_f64());
        if let Some(last) = self.last_arrival {
            self.stats.inter_arrival.add(now.since(last));
        }
        self.last_arrival = Some(now);
        self.stats.received_packets += 1;
        self.stats.received_bytes += pkt.payload_bytes as u64;
        self.stats.seen_end = self.stats.seen_end.max(pkt.seq as u64 + 1);
        ctx.record(self.series.delivered, self.stats.received_bytes as f64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::script::ScriptCtx;

    fn datagram(seq: u32, sent_ms: u64) -> Packet {
        Packet {
            kind: PacketKind::Datagram,
            seq,
            size_bytes: 500,
            payload_bytes: 500,
            created_at: SimTime(sent_ms * 1_000_000),
            ..Packet::default()
        }
    }

    #[test]
    fn counts_losses_gaps_and_delays() {
        // Datagrams 0, 1, 3, 4 of a 100 ms CBR arrive (2 is lost), the third one held up 0.9 s
        // (a link-layer retransmission burst) and the fourth right behind it.
        let mut sink = UdpSink::new(UdpSinkSeries { delivered: SeriesId(0), owd: SeriesId(1) });
        let mut ctx = ScriptCtx::default();
        for (seq, sent_ms, arrived_ms) in [(0, 0, 50), (1, 100, 150), (3, 300, 1250), (4, 400, 1260)] {
            ctx.now = SimTime(arrived_ms * 1_000_000);
            sink.on_packet(&datagram(seq, sent_ms), &mut ctx);
        }
        let s = &sink.stats;
        assert_eq!((s.received_packets, s.lost_packets(), s.received_bytes), (4, 1, 2000));
        let ms = |d: Option<SimDuration>| d.unwrap().as_nanos() / 1_000_000;
        assert_eq!((ms(s.inter_arrival.min), ms(s.inter_arrival.max)), (10, 1100));
        // Gaps 100, 1100, 10 ms: mean 403.33 ms.
        assert!((s.inter_arrival.stats.mean_s().unwrap() - 1.21 / 3.0).abs() < 1e-12);
        // One-way delays 50, 50, 950, 860 ms.
        assert!((s.owd.mean_s().unwrap() - 0.4775).abs() < 1e-12);
    }
}
