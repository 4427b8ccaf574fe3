//! The network: channels, routes, and the passage of packets between nodes.

pub mod aqm;
mod aqm_record;
pub mod arq;
pub mod capacity_trace;
pub mod channel;
pub mod codel;
pub mod errors;
pub mod fq_codel;
pub mod fragment;
pub mod gilbert;
pub mod outage;
pub mod passage;
pub mod pie;
pub mod pool;
pub mod red;
pub mod ring;
pub mod routing;

pub use channel::{Channel, ChannelStats, InFlight, QueueLimit, ServiceOrder};
pub use errors::{packet_error_probability, DropList, ErrorModel};
pub use passage::LinkFeatures;
pub use aqm_record::AqmSeries;
pub use pool::BufferPool;
pub use routing::Routes;

use crate::ids::{ChannelId, NodeId};
use crate::kernel::{Event, EventClass, EventQueue};
use crate::packet::Packet;
use crate::packet::flags;
use crate::record::{Fate, SeriesId, SeriesStore, Trace, TraceRecord};
use crate::time::SimTime;
use channel::{Transmission, Wake};

/// A channel's outage marker series and the next outage to mark.
struct OutageMarks {
    channel: ChannelId,
    series: SeriesId,
    next: Option<SimTime>,
}

pub struct Network {
    pub channels: Vec<Channel>,
    pub routes: Routes,
    pub trace: Trace,
    next_uid: u32,
    /// Packets with no route to their destination.
    pub unroutable: u64,
    /// Reused buffer for ACKs removed by filtering.
    filtered: Vec<(Packet, SimTime)>,
    /// Shared buffers, indexed by [`Channel::pool`].
    pub pools: Vec<BufferPool>,
    /// RED's average queue series, per channel (empty without RED).
    pub red_series: Vec<Option<SeriesId>>,
    /// CoDel, FQ-CoDel and PIE series, per channel (empty without them).
    pub aqm_series: Vec<Option<aqm_record::AqmSeries>>,
    outage_marks: Vec<OutageMarks>,
    /// The earliest outage start not recorded yet.
    next_outage_mark: SimTime,
    /// The event being handled, if a packet's arrival: its time and when
    /// ns-2 would have scheduled it (the packet's start of transmission).
    /// `NEVER` as the time when it is not (no event happens then): read on
    /// every hop, so a plain compare rather than an `Option`'s tag too.
    arrival_origin: (SimTime, (SimTime, f64)),
}

/// [`Network::arrival_origin`] when the event being handled is no arrival.
const NO_ARRIVAL: (SimTime, (SimTime, f64)) = (SimTime::NEVER, (SimTime::NEVER, f64::INFINITY));

fn record(pkt: &Packet, c: ChannelId, enqueued: SimTime, tx_start: SimTime, tx_end: SimTime, fate: Fate) -> TraceRecord {
    TraceRecord {
        enqueued,
        tx_start,
        tx_end,
        uid: pkt.uid,
        channel: c,
        flow: pkt.flow,
        seq: pkt.seq,
        size_bytes: pkt.size_bytes,
        kind: pkt.kind,
        flags: pkt.flags & !crate::packet::flags::CORRUPTED,
        fate,
        created: pkt.created_at,
        sack: pkt.sack(),
        ts_ecr: pkt.ts_ecr,
        window: pkt.advertised_window().map_or(0, |w| w as u16),
    }
}

impl Network {
    /// `queue_series`: each channel's occupancy series.
    pub fn new(mut channels: Vec<Channel>, routes: Routes, queue_series: Vec<SeriesId>, trace: Trace) -> Self {
        assert_eq!(channels.len(), queue_series.len(), "an occupancy series per channel");
        for (channel, id) in channels.iter_mut().zip(queue_series) {
            channel.set_occupancy_series(id);
        }
        Network {
            channels,
            routes,
            trace,
            next_uid: 0,
            unroutable: 0,
            filtered: Vec::new(),
            pools: Vec::new(),
            red_series: Vec::new(),
            aqm_series: Vec::new(),
            outage_marks: Vec::new(),
            next_outage_mark: SimTime::NEVER,
            arrival_origin: NO_ARRIVAL,
        }
    }

    /// Records each outage of channel `c` as a marker in `series` (its
    /// value: the outage's length in seconds) once the run reaches it.
    pub fn mark_outages(&mut self, c: ChannelId, series: SeriesId) {
        let next = self.outage_start(c, SimTime::ZERO);
        self.outage_marks.push(OutageMarks { channel: c, series, next });
        self.next_outage_mark = self.next_outage_mark.min(next.unwrap_or(SimTime::NEVER));
    }

    fn outage_start(&self, c: ChannelId, from: SimTime) -> Option<SimTime> {
        let outages = self.channels[c.index()].features()?.outages.as_ref()?;
        outages.next_start(from).map(|(at, _)| at)
    }

    /// When the next outage begins: [`Network::record_outages`] is due then.
    #[inline]
    pub fn next_outage_mark(&self) -> SimTime {
        self.next_outage_mark
    }

    /// Records the outages that began by `now`.
    pub fn record_outages(&mut self, now: SimTime, series: &mut SeriesStore) {
        let mut next_mark = SimTime::NEVER;
        for i in 0..self.outage_marks.len() {
            let c = self.outage_marks[i].channel;
            while let Some(at) = self.outage_marks[i].next.filter(|&at| at <= now) {
                let outages = self.channels[c.index()].features().and_then(|f| f.outages.as_ref()).expect("marked");
                let (_, length) = outages.next_start(at).expect("the outage just found");
                series.push(self.outage_marks[i].series, at.0, length.as_secs_f64());
                self.outage_marks[i].next = self.outage_start(c, SimTime(at.0 + 1));
            }
            next_mark = next_mark.min(self.outage_marks[i].next.unwrap_or(SimTime::NEVER));
        }
        self.next_outage_mark = next_mark;
    }

    /// Whether shared buffer `pool` takes `pkt` now, its members brought up to date.
    fn pool_admits(&mut self, pool: u16, pkt: &Packet, now: SimTime, series: &mut SeriesStore) -> bool {
        let scheduled_at = self.scheduled_at(now);
        let pool = &self.pools[pool as usize];
        for &m in &pool.members {
            let occupancy = self.channels[m.index()].occupancy_series();
            self.channels[m.index()].advance_for(now, scheduled_at, |t, held| series.push(occupancy, t.0, held as f64));
        }
        pool.admits(&self.channels, pkt.size_bytes)
    }

    #[inline]
    fn record_red_average(&self, c: ChannelId, now: SimTime, series: &mut SeriesStore) {
        if let Some(&Some(id)) = self.red_series.get(c.index()) {
            let red = self.channels[c.index()].red().expect("a RED channel");
            series.push(id, now.0, red.average());
        }
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

    /// Lets plain channels skip the occupancy series and the trace when the
    /// run records neither (`series_kept`: the run's series store keeps points).
    pub fn set_recording(&mut self, series_kept: bool) {
        let unrecorded = !series_kept && !self.trace.is_enabled();
        for channel in &mut self.channels {
            channel.set_unrecorded(unrecorded);
        }
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
        // No route gives an index past every channel (one bounds test for both).
        let c = self.routes.next_hop_index(node, pkt.dst);
        let Some(channel) = self.channels.get(c) else {
            self.unroutable += 1;
            return;
        };
        let c = ChannelId(c as u16);
        if channel.is_quiet() {
            return self.forward_plain::<false>(c, pkt, now, queue, series);
        }
        if !channel.is_plain() {
            return self.offer_with_mechanisms(c, pkt, now, queue, series);
        }
        self.forward_plain::<true>(c, pkt, now, queue, series);
    }

    /// [`Network::forward`] onto a plain channel; `RECORDED`: the run keeps
    /// series or a trace (a summary-only run skips both at compile time).
    #[inline(always)]
    fn forward_plain<const RECORDED: bool>(
        &mut self,
        c: ChannelId,
        pkt: &Packet,
        now: SimTime,
        queue: &mut EventQueue,
        series: &mut SeriesStore,
    ) {
        let scheduled_at = self.scheduled_at(now);
        let channel = &mut self.channels[c.index()];
        let occupancy = if RECORDED { channel.occupancy_series() } else { SeriesId(0) };
        channel.retire(now, scheduled_at, |t, held| {
            if RECORDED {
                series.push(occupancy, t.0, held as f64);
            }
        });
        let admitted = channel.admit_plain(pkt, now, scheduled_at.1);
        let held = channel.held_packets();
        // The admission is acted on before the occupancy push, so its
        // passage need not outlive that push (fewer instructions per hop).
        self.on_admission::<RECORDED>(c, pkt, now, admitted, queue);
        if RECORDED {
            series.push(occupancy, now.0, held as f64);
        }
    }

    /// What the network does after a FIFO channel's admission decision
    /// (`RECORDED` false: the run keeps no trace).
    #[inline(always)]
    fn on_admission<const RECORDED: bool>(
        &mut self,
        c: ChannelId,
        pkt: &Packet,
        now: SimTime,
        admitted: Option<(Transmission, Option<SimTime>)>,
        queue: &mut EventQueue,
    ) {
        match admitted {
            Some((t, arrival)) => {
                if let Some(at) = arrival {
                    queue.schedule(at, Event::ChannelArrival(c));
                }
                if RECORDED && self.trace.is_enabled() {
                    self.trace_transmission(pkt, c, t);
                }
            }
            None if RECORDED => self.trace.push(record(pkt, c, now, now, now, Fate::QueueDrop)),
            None => {}
        }
    }

    /// [`Network::forward`] onto a channel with a shared buffer, RED, link
    /// features or a scheduled queue: kept out of the plain channels' path.
    #[inline(never)]
    fn offer_with_mechanisms(
        &mut self,
        c: ChannelId,
        pkt: &Packet,
        now: SimTime,
        queue: &mut EventQueue,
        series: &mut SeriesStore,
    ) {
        if let Some(pool) = self.channels[c.index()].pool() {
            if !self.pool_admits(pool, pkt, now, series) {
                self.channels[c.index()].refuse();
                self.trace.push(record(pkt, c, now, now, now, Fate::QueueDrop));
                return;
            }
        }
        let scheduled_at = self.scheduled_at(now);
        let channel = &mut self.channels[c.index()];
        let occupancy = channel.occupancy_series();
        if channel.is_scheduled() {
            return self.offer_scheduled(c, pkt, now, queue, series);
        }
        channel.advance_for(now, scheduled_at, |t, held| series.push(occupancy, t.0, held as f64));
        let admitted = channel.admit(pkt, now);
        series.push(occupancy, now.0, channel.held_packets() as f64);
        self.record_red_average(c, now, series);
        self.on_admission::<true>(c, pkt, now, admitted, queue);
    }

    fn offer_scheduled(
        &mut self,
        c: ChannelId,
        pkt: &Packet,
        now: SimTime,
        queue: &mut EventQueue,
        series: &mut SeriesStore,
    ) {
        let origin = self.scheduled_at(now);
        if self.channels[c.index()].transmission_ended_before(now, origin) {
            self.end_transmission(c, now, queue, series);
        }
        let channel = &mut self.channels[c.index()];
        // A packet that starts now starts at this event's floating-point time.
        channel.advance_for(now, origin, |_, _| {});
        let (offer, wake) = channel.offer(pkt, now, &mut self.filtered);
        series.push(channel.occupancy_series(), now.0, channel.held_packets() as f64);
        self.record_red_average(c, now, series);
        for (filtered, enqueued) in std::mem::take(&mut self.filtered) {
            self.trace.push(record(&filtered, c, enqueued, now, now, Fate::Filtered));
        }
        if !offer.admitted {
            self.trace.push(record(pkt, c, now, now, now, Fate::QueueDrop));
        }
        if self.channels[c.index()].aqm().is_some() {
            self.record_aqm(c, now, !offer.admitted, offer.started, series);
        }
        if let (Some(t), true) = (offer.started, self.trace.is_enabled()) {
            let started = self.started_packet(c);
            self.trace_transmission(&started, c, t);
        }
        Self::schedule(c, wake, queue);
    }

    /// The packet whose transmission just started on scheduled channel `c`.
    fn started_packet(&self, c: ChannelId) -> Packet {
        self.channels[c.index()].last_started()
    }

    // Inlined: a by-value passage to an outlined call kept every admission
    // writing it to the stack, even with tracing off.
    #[inline(always)]
    fn trace_transmission(&mut self, pkt: &Packet, c: ChannelId, t: Transmission) {
        let fate = if t.corrupted { Fate::Corrupted } else { Fate::Delivered };
        // Records keep arrival = tx_end + delay: link-layer retries and the
        // in-order wait show as a longer transmission.
        let tx_end = SimTime(t.arrival.0 - self.channels[c.index()].delay().as_nanos());
        let mut r = record(pkt, c, t.enqueued, t.tx_start, tx_end, fate);
        if t.marked {
            r.flags |= flags::CE;
        }
        if t.fragmented {
            r.flags |= flags::FRAGMENTED;
        }
        self.trace.push(r);
    }

    fn schedule(c: ChannelId, wake: Wake, queue: &mut EventQueue) {
        if let Some(at) = wake.arrival {
            queue.schedule(at, Event::ChannelArrival(c));
        }
        if let Some(at) = wake.tx_done {
            queue.schedule(at, Event::ChannelTxDone(c));
        }
    }

    /// A scheduled channel's end of transmission at `now` is due: start its
    /// next packet. False if it did nothing: an arrival at this nanosecond
    /// ended the transmission first, or other packet events at `now` may come
    /// first in ns-2's order, so it runs again after them (each of them ends
    /// the transmission before itself if ns-2 would: `offer_scheduled`).
    pub fn finish_transmission(&mut self, c: ChannelId, now: SimTime, queue: &mut EventQueue, series: &mut SeriesStore) -> bool {
        let channel = &mut self.channels[c.index()];
        if !channel.transmission_ends_at(now) {
            return false;
        }
        let others_now = queue.peek().is_some_and(|n| n.time == now && n.event.class() == EventClass::PacketArrival);
        if others_now && channel.defer_finish() {
            queue.schedule(now, Event::ChannelTxDone(c));
            return false;
        }
        self.end_transmission(c, now, queue, series);
        true
    }

    /// Ends scheduled channel `c`'s transmission at `now` and starts its next packet.
    fn end_transmission(&mut self, c: ChannelId, now: SimTime, queue: &mut EventQueue, series: &mut SeriesStore) {
        let channel = &mut self.channels[c.index()];
        let (started, wake) = channel.finish_transmission(now);
        series.push(channel.occupancy_series(), now.0, channel.held_packets() as f64);
        if channel.aqm().is_some() {
            self.record_aqm(c, now, false, started, series);
        }
        if let (Some(t), true) = (started, self.trace.is_enabled()) {
            let pkt = self.started_packet(c);
            self.trace_transmission(&pkt, c, t);
        }
        Self::schedule(c, wake, queue);
    }

    /// Takes the head packet of channel `c`, which arrives at `now`: returns
    /// the node it reached, the packet (flagged [`flags::CORRUPTED`] if lost
    /// on the way), and when the channel's next packet arrives. Only the
    /// packet is copied out, not its in-flight times.
    #[inline]
    pub fn take_arrival(&mut self, c: ChannelId, now: SimTime, series: &mut SeriesStore) -> (NodeId, Packet, Option<SimTime>) {
        let channel = &mut self.channels[c.index()];
        let occupancy = channel.occupancy_series();
        // Only what ended before this arrival in ns-2's order, as on other channels.
        // An arrival event stands for the channel's head packet: it is there.
        let origin = channel.head_origin().expect("an arrival on an empty channel");
        let arrived = if channel.is_quiet() {
            channel.pop_arrival_unretired().pkt
        } else {
            channel.advance_for(now, origin, |t, held| series.push(occupancy, t.0, held as f64));
            channel.pop_arrival().pkt
        };
        self.arrival_origin = (now, origin);
        (channel.to, arrived, channel.head_arrival())
    }

    /// The event being handled is not a packet's arrival.
    #[inline]
    pub fn clear_arrival_origin(&mut self) {
        self.arrival_origin = NO_ARRIVAL;
    }

    /// Where the event being handled at `now` falls among others at the same
    /// nanosecond, as ns-2 orders them: a packet's arrival by its time in
    /// floating-point seconds, then by when it was scheduled (when the packet
    /// started on its link); anything else after every end of transmission.
    #[inline]
    fn scheduled_at(&self, now: SimTime) -> (SimTime, f64) {
        let (at, origin) = self.arrival_origin;
        if at == now {
            origin
        } else {
            (now, f64::INFINITY)
        }
    }

    /// Brings every channel's occupancy series up to `now`.
    pub fn flush_series(&mut self, now: SimTime, series: &mut SeriesStore) {
        for channel in &mut self.channels {
            let occupancy = channel.occupancy_series();
            channel.advance(now, |t, held| series.push(occupancy, t.0, held as f64));
        }
    }

    /// Trace records before this time are final (see [`Trace::drain`]).
    pub fn trace_watermark(&self, now: SimTime) -> SimTime {
        self.channels.iter().filter_map(Channel::oldest_waiting).fold(now, SimTime::min)
    }
}
