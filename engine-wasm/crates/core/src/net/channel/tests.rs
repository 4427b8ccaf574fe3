use super::*;
use crate::net::errors::ErrorModel;
use crate::net::passage::LinkFeatures;
use crate::net::red::Red;
use crate::packet::{flags, Packet, PacketKind};
use crate::time::{Bandwidth, Serializer, SimDuration, SimTime};

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

#[test]
fn filtering_keeps_duplicate_acks_for_fast_retransmit() {
    // ns-2's filterAcks removes only smaller cumulative ACKs (replace_head_ off).
    let mut c = channel_with(QueueLimit::Packets(10), ServiceOrder { acks_first: false, filter_acks: true });
    let offered = [pkt(1000), ack(2), ack(2), ack(2)];
    assert_eq!(send_order(&mut c, &offered), vec![(PacketKind::Data, 0), (PacketKind::Ack, 2), (PacketKind::Ack, 2), (PacketKind::Ack, 2)]);
    assert_eq!(c.stats.filtered, 0);
}

#[test]
fn an_ack_the_full_queue_refuses_filters_nothing() {
    // ns-2 filters after DropTail admitted the ACK; a refused one leaves the queue as it was.
    let mut c = channel_with(QueueLimit::Packets(2), ServiceOrder { acks_first: false, filter_acks: true });
    let offered = [pkt(1000), ack(1), ack(3)];
    assert_eq!(send_order(&mut c, &offered), vec![(PacketKind::Data, 0), (PacketKind::Ack, 1)]);
    assert_eq!((c.stats.filtered, c.stats.drops), (0, 1));
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

#[test]
fn a_packet_sent_as_the_link_goes_idle_starts_at_the_event_s_time() {
    // ns-2: a link whose transmission ended before the sending event (in
    // floating-point order) is idle, so the next packet starts at that event's
    // clock, not at the previous end; one sent behind a busy link starts there.
    let mut c = channel(QueueLimit::Packets(10));
    admit(&mut c, pkt(1000), SimTime::ZERO);
    let now_s = 0.001 + 1e-15;
    c.advance_for(SimTime(MS), (SimTime::ZERO, now_s), |_, _| {});
    admit(&mut c, pkt(1000), SimTime(MS));
    assert_eq!(c.pipe.get(1).unwrap().tx_end_s, now_s + 0.001);
    admit(&mut c, pkt(1000), SimTime(MS));
    assert_eq!(c.pipe.get(2).unwrap().tx_end_s, c.pipe.get(1).unwrap().tx_end_s + 0.001);
}

#[test]
fn a_scheduled_transmission_ends_before_an_event_in_ns2_s_order() {
    let mut c = channel_with(QueueLimit::Packets(10), ServiceOrder { acks_first: true, filter_acks: false });
    c.advance_for(SimTime(5 * MS), (SimTime(5 * MS), 0.005), |_, _| {});
    c.offer(&pkt(1000), SimTime(5 * MS), &mut vec![]);
    let end = SimTime(6 * MS);
    let end_s = c.pipe.get(0).unwrap().tx_end_s;
    assert!(c.transmission_ends_at(end));
    // Earlier in floating point: the event runs first.
    assert!(!c.transmission_ended_before(end, (SimTime::ZERO, end_s - 1e-15)));
    assert!(c.transmission_ended_before(end, (SimTime::ZERO, end_s + 1e-15)));
    // The same floating-point time: whichever ns-2 scheduled first.
    assert!(!c.transmission_ended_before(end, (SimTime(4 * MS), end_s)));
    assert!(c.transmission_ended_before(end, (SimTime(5 * MS), end_s)));
    // Another nanosecond: no tie.
    assert!(!c.transmission_ended_before(SimTime(6 * MS - 1), (SimTime::ZERO, 1.0)));
}

#[test]
fn departures_are_retired_exactly_when_their_transmissions_end() {
    // Three 1 ms packets back to back: each advance retires what ended by
    // then (the fast path answers the advances in between with one compare).
    let mut c = channel(QueueLimit::Packets(10));
    for _ in 0..3 {
        admit(&mut c, pkt(1000), SimTime::ZERO);
    }
    let mut seen = vec![];
    for now in [MS - 1, MS, MS + 1, 2 * MS - 1, 3 * MS, 4 * MS] {
        c.advance(SimTime(now), |t, held| seen.push((t.0, held)));
        seen.push((now, u32::MAX));
    }
    let m = u32::MAX;
    assert_eq!(
        seen,
        vec![(MS - 1, m), (MS, 2), (MS, m), (MS + 1, m), (2 * MS - 1, m), (2 * MS, 1), (3 * MS, 0), (3 * MS, m), (4 * MS, m)]
    );
    // A packet admitted to the idle link is the next to retire.
    admit(&mut c, pkt(1000), SimTime(5 * MS));
    c.advance(SimTime(6 * MS - 1), |_, _| panic!("still transmitting"));
    assert_eq!(c.held_packets(), 1);
    c.advance(SimTime(6 * MS), |_, _| {});
    assert_eq!(c.held_packets(), 0);
}

#[test]
fn a_hop_s_fields_share_four_cache_lines() {
    use std::mem::offset_of;
    let stats = offset_of!(Channel, stats);
    let hot = [
        offset_of!(Channel, plain),
        offset_of!(Channel, next_departure),
        offset_of!(Channel, event_s),
        offset_of!(Channel, busy_until_s),
        offset_of!(Channel, departed),
        offset_of!(Channel, pipe),
        offset_of!(Channel, limit),
        offset_of!(Channel, delay),
        offset_of!(Channel, serializer),
        offset_of!(Channel, delay_s),
        offset_of!(Channel, held_bytes),
        offset_of!(Channel, features),
        stats + offset_of!(ChannelStats, queue_max_pkts),
    ];
    assert!(hot.iter().all(|&at| at < 4 * 64), "{hot:?}");
    assert_eq!(std::mem::align_of::<Channel>(), 64);
}

#[test]
fn a_quiet_arrival_leaves_admissions_what_an_advancing_one_would() {
    // The same packets offered to two channels at the same times: one
    // advanced at every arrival (a recorded run's path), one quiet, whose
    // arrivals retire only their own packet. Every admission must see the
    // same occupancy, accept or drop alike and start the same transmission.
    let (mut advanced, mut quiet) = (channel(QueueLimit::Packets(3)), channel(QueueLimit::Packets(3)));
    quiet.set_unrecorded(true);
    assert!(quiet.is_quiet() && !advanced.is_quiet());
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next_offer = SimTime::ZERO;
    let (mut arrivals, mut drops) = (0, 0);
    for _ in 0..5_000 {
        let head = advanced.head_arrival();
        assert_eq!(head, quiet.head_arrival());
        if head.is_some_and(|at| at <= next_offer) {
            let now = head.unwrap();
            let origin = advanced.head_origin().unwrap();
            advanced.advance_for(now, origin, |_, _| {});
            let a = advanced.pop_arrival().pkt;
            let q = quiet.pop_arrival_unretired().pkt;
            assert_eq!((a.seq, a.size_bytes), (q.seq, q.size_bytes));
            arrivals += 1;
            continue;
        }
        let now = next_offer;
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let p = Packet::for_test(PacketKind::Data, (state >> 40) as u32, 40 + (state % 1461) as u32);
        let (origin, now_s) = ((now, f64::INFINITY), now.0 as f64 / 1e9);
        advanced.retire(now, origin, |_, _| {});
        quiet.retire(now, origin, |_, _| {});
        assert_eq!((advanced.held_packets(), advanced.held_bytes()), (quiet.held_packets(), quiet.held_bytes()));
        let (a, q) = (advanced.admit_plain(&p, now, now_s), quiet.admit_plain(&p, now, now_s));
        assert_eq!(a, q);
        drops += a.is_none() as u32;
        // Bursts, and now and then a pause longer than the 10 ms flight, so
        // that packets arrive with no admission since they left the wire
        // (1000 B take 1 ms).
        let gap = if state % 8 == 0 { 10 * MS + (state >> 8) % (20 * MS) } else { (state >> 8) % (5 * MS / 2) };
        next_offer = SimTime(now.0 + gap);
    }
    assert_eq!((advanced.stats.queue_max_pkts, advanced.stats.queue_max_bytes), (quiet.stats.queue_max_pkts, quiet.stats.queue_max_bytes));
    assert_eq!((advanced.stats.drops, advanced.stats.arrived), (quiet.stats.drops, quiet.stats.arrived));
    assert!(arrivals > 1_000 && drops > 20, "the sequence exercises both: {arrivals} arrivals, {drops} drops");
}
