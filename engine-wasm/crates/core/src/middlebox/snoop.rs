//! Snoop at a base station (Balakrishnan, Seshan, Amir and Katz 1995), as
//! ns-2's tcp/snoop.cc runs it in the link layer of the base station.
//!
//! For each flow it watches, Snoop caches the data segments it passes on
//! towards the mobile host until the mobile acknowledges them, and:
//! - on duplicate ACKs from the mobile, resends the missing segment from its
//!   cache and keeps those duplicates from the sender, so the sender neither
//!   fast-retransmits nor halves its window for a wireless loss;
//! - on its own timer (srtt + 4 rttvar of the wireless hop, at least
//!   `min_rto`), resends the segment the mobile waits for;
//! - with `sack`, resends every hole the mobile's SACK blocks reveal, not
//!   only the first.
//!
//! What it takes from ns-2 (sequence numbers here are ours: an ACK names the
//! next segment expected, ns-2's the last one received):
//! - a segment is cached only if the next queue took it (ns-2: if the
//!   interface queue has room), so congestion drops stay the sender's;
//! - a segment the cache does not hold, or that the sender itself resent,
//!   leaves the duplicate ACKs to the sender;
//! - `dupacks_passed` duplicates go through before the local retransmission
//!   (ns-2's RTX_THRESH, 1), then duplicates are suppressed while segments
//!   passed on beyond the hole explain them;
//! - the RTT of the wireless hop is timed from caching (or the last local
//!   resend) to the ACK, with ns-2's gains: srtt = (srtt + 7 rtt) / 8,
//!   rttvar = (|rtt - srtt| + 7 rttvar) / 8, from srtt 100 ms and rttvar 250 ms;
//! - at most 10 local resends of a segment (SNOOP_MAX_RXMIT), no backoff.
//!
//! Where it differs: ns-2 counts RTX_THRESH with one counter shared by every
//! Snoop agent and never reset; here it counts per connection and per hole.
//! ns-2's explicit loss notification for data from the mobile is not modelled.

use super::{FlowIndex, MiddleboxCtx, Verdict};
use crate::ids::{FlowId, TimerId};
use crate::net::QueueLimit;
use crate::packet::{flags, Packet, PacketKind};
use crate::record::{MiddleboxSummary, SeriesId};
use crate::time::{SimDuration, SimTime};
use std::collections::VecDeque;

/// ns-2's SNOOP_MAX_RXMIT.
const MAX_LOCAL_RETRANSMITS: u32 = 10;
/// ns-2's defaults for Snoop's srtt_ and rttvar_.
const INITIAL_SRTT: SimDuration = SimDuration::from_millis(100);
const INITIAL_RTTVAR: SimDuration = SimDuration::from_millis(250);

#[derive(Clone, Debug, PartialEq)]
pub struct SnoopConfig {
    /// Cache capacity per connection (ns-2's maxbufs_: 100 segments).
    pub cache: QueueLimit,
    /// Resend every hole the SACK blocks of the mobile's ACKs reveal.
    pub sack: bool,
    /// Duplicate ACKs let through before resending (ns-2's RTX_THRESH: 1).
    pub dupacks_passed: u32,
    /// Lower bound of the local retransmission timer (ns-2's snoopTick_: 100 ms).
    pub min_rto: SimDuration,
}

/// A segment passed on towards the mobile and not yet acknowledged.
#[derive(Clone, Copy, Debug)]
struct Cached {
    pkt: Packet,
    /// When it was cached or last resent locally (ns-2's sndTime).
    sent_at: SimTime,
    local_resends: u32,
    /// The sender resent it: its duplicate ACKs are the sender's business.
    sender_resent: bool,
    /// Reported held by the mobile's SACK blocks.
    sacked: bool,
}

/// Snoop's state for one flow.
struct SnoopConn {
    timer: TimerId,
    timer_armed: bool,
    /// Ascending sequence numbers, all at or above `last_ack`.
    cache: VecDeque<Cached>,
    cache_bytes: u64,
    /// The mobile's cumulative ACK (ns-2's lastAck_ + 1).
    last_ack: Option<u32>,
    /// The highest segment seen from the sender (ns-2's lastSeen_).
    last_seen: Option<u32>,
    /// Duplicate ACKs of `last_ack` so far.
    dupacks: u32,
    /// The hole at `last_ack` has been resent locally.
    recovering: bool,
    srtt: SimDuration,
    rttvar: SimDuration,
}

#[derive(Clone, Copy, Debug, Default)]
pub struct SnoopStats {
    pub local_retransmits: u64,
    pub suppressed_dupacks: u64,
    pub cache_max_packets: u64,
}

pub struct Snoop {
    cfg: SnoopConfig,
    index: FlowIndex,
    conns: Vec<SnoopConn>,
    /// `nodes.<node>.snoop_cache`: segments cached, all flows.
    cache_series: SeriesId,
    cached_packets: u64,
    pub stats: SnoopStats,
}

impl Snoop {
    /// One connection per `(flow, timer)`; timer kind i belongs to connection i.
    pub fn new(cfg: SnoopConfig, conns: &[(FlowId, TimerId)], cache_series: SeriesId) -> Self {
        let flows: Vec<FlowId> = conns.iter().map(|c| c.0).collect();
        Snoop {
            cfg,
            index: FlowIndex::new(&flows),
            conns: conns
                .iter()
                .map(|&(_, timer)| SnoopConn {
                    timer,
                    timer_armed: false,
                    cache: VecDeque::new(),
                    cache_bytes: 0,
                    last_ack: None,
                    last_seen: None,
                    dupacks: 0,
                    recovering: false,
                    srtt: INITIAL_SRTT,
                    rttvar: INITIAL_RTTVAR,
                })
                .collect(),
            cache_series,
            cached_packets: 0,
            stats: SnoopStats::default(),
        }
    }

    pub fn on_packet(&mut self, pkt: &Packet, ctx: &mut impl MiddleboxCtx) -> Verdict {
        let Some(i) = self.index.get(pkt.flow) else { return Verdict::Pass };
        match pkt.kind {
            PacketKind::Data => {
                self.on_data(i, pkt, ctx);
                Verdict::Taken
            }
            PacketKind::Ack if self.on_ack(i, pkt, ctx) => Verdict::Taken,
            PacketKind::Ack | PacketKind::Datagram => Verdict::Pass,
        }
    }

    /// Connection `kind`'s local timer fired (ns-2 SnoopRxmitHandler): resend
    /// the segment the mobile waits for, if it is cached.
    pub fn on_timer(&mut self, kind: u16, ctx: &mut impl MiddleboxCtx) {
        let i = kind as usize;
        let c = &mut self.conns[i];
        c.timer_armed = false;
        let expected = c.last_ack.unwrap_or(0);
        match c.cache.front() {
            Some(e) if e.pkt.seq == expected && e.local_resends < MAX_LOCAL_RETRANSMITS => {
                self.resend(i, 0, ctx);
                self.conns[i].recovering = true;
                self.arm(i, ctx);
            }
            _ => {}
        }
    }

    /// Data from the sender: pass it on, cache it.
    fn on_data(&mut self, i: usize, pkt: &Packet, ctx: &mut impl MiddleboxCtx) {
        let admitted = ctx.forward(pkt);
        let now = ctx.now();
        let full = self.is_full(i, pkt);
        let c = &mut self.conns[i];
        let seq = pkt.seq;
        if !admitted || c.last_ack.is_some_and(|a| seq < a) {
            return;
        }
        let restart = match c.cache.binary_search_by_key(&seq, |e| e.pkt.seq) {
            Ok(j) => {
                // Cached before: the sender resent it (ns-2 snoop_insert).
                let e = &mut c.cache[j];
                *e = Cached { pkt: *pkt, sent_at: now, local_resends: 0, sender_resent: true, sacked: false };
                true
            }
            Err(_) if full => {
                c.last_seen = c.last_seen.max(Some(seq));
                false
            }
            Err(j) => {
                let out_of_order = c.last_seen.is_some_and(|l| seq < l);
                c.cache.insert(
                    j,
                    Cached { pkt: *pkt, sent_at: now, local_resends: 0, sender_resent: out_of_order, sacked: false },
                );
                c.cache_bytes += pkt.size_bytes as u64;
                if !out_of_order {
                    c.last_seen = Some(seq);
                }
                self.cached_packets += 1;
                self.stats.cache_max_packets = self.stats.cache_max_packets.max(self.cached_packets);
                ctx.record(self.cache_series, self.cached_packets as f64);
                out_of_order
            }
        };
        if restart || !self.conns[i].timer_armed {
            self.arm(i, ctx);
        }
    }

    fn is_full(&self, i: usize, pkt: &Packet) -> bool {
        let c = &self.conns[i];
        match self.cfg.cache {
            QueueLimit::Packets(n) => c.cache.len() >= n as usize,
            QueueLimit::Bytes(b) => c.cache_bytes + pkt.size_bytes as u64 > b,
        }
    }

    /// An ACK from the mobile; true if it is kept from the sender.
    fn on_ack(&mut self, i: usize, pkt: &Packet, ctx: &mut impl MiddleboxCtx) -> bool {
        let ack = pkt.seq;
        match self.conns[i].last_ack {
            // Reordered: pass it on untouched (ns-2: lastAck_ > ack).
            Some(last) if ack < last => false,
            Some(last) if ack == last => self.on_dupack(i, pkt, ctx),
            _ => {
                self.on_new_ack(i, ack, ctx);
                false
            }
        }
    }

    /// New data acknowledged: free the cache, time the wireless hop, restart the timer.
    fn on_new_ack(&mut self, i: usize, ack: u32, ctx: &mut impl MiddleboxCtx) {
        let now = ctx.now();
        let c = &mut self.conns[i];
        let mut sent_at = None;
        let mut freed = 0;
        while c.cache.front().is_some_and(|e| e.pkt.seq < ack) {
            let e = c.cache.pop_front().expect("checked");
            c.cache_bytes -= e.pkt.size_bytes as u64;
            sent_at = Some(e.sent_at);
            freed += 1;
        }
        if let Some(t) = sent_at {
            c.take_rtt_sample(now.since(t));
        }
        c.last_ack = Some(ack);
        c.dupacks = 0;
        c.recovering = false;
        if freed > 0 {
            self.cached_packets -= freed;
            ctx.record(self.cache_series, self.cached_packets as f64);
        }
        if self.conns[i].cache.is_empty() {
            let c = &mut self.conns[i];
            ctx.cancel_timer(c.timer);
            c.timer_armed = false;
        } else {
            self.arm(i, ctx);
        }
    }

    /// A duplicate ACK; true if it is kept from the sender.
    fn on_dupack(&mut self, i: usize, pkt: &Packet, ctx: &mut impl MiddleboxCtx) -> bool {
        let ack = pkt.seq;
        let sack = self.cfg.sack;
        let c = &mut self.conns[i];
        c.dupacks += 1;
        let Some(&hole) = c.cache.front() else { return false };
        if hole.pkt.seq != ack {
            // The missing segment never got here: lost before the base station.
            return false;
        }
        if sack {
            c.mark_sacked(pkt);
        }
        if !c.recovering {
            if c.dupacks <= self.cfg.dupacks_passed || hole.sender_resent {
                return false;
            }
            // The hole may have gone out already, revealed by SACK blocks before it
            // became the cumulative ACK's: then this is recovery all the same.
            c.recovering = true;
            if self.resend_holes(i, ctx) > 0 {
                self.arm(i, ctx);
            }
        } else if sack {
            self.resend_holes(i, ctx);
        }
        // One duplicate per segment passed on beyond the hole is expected;
        // more means segments Snoop never saw, which the sender must repair.
        let beyond = self.conns[i].cache.len() as u32 - 1;
        if self.conns[i].dupacks <= beyond {
            self.stats.suppressed_dupacks += 1;
            true
        } else {
            false
        }
    }

    /// Resends the hole at the cumulative ACK (and, with SACK, every cached
    /// segment below the highest SACKed one that is neither SACKed nor
    /// resent yet); returns how many went out.
    fn resend_holes(&mut self, i: usize, ctx: &mut impl MiddleboxCtx) -> usize {
        let c = &self.conns[i];
        let mut holes: Vec<usize> = Vec::new();
        if c.cache.front().is_some_and(|e| e.local_resends == 0) {
            holes.push(0);
        }
        if self.cfg.sack {
            let highest_sacked = c.cache.iter().rposition(|e| e.sacked);
            if let Some(top) = highest_sacked {
                holes.extend((1..top).filter(|&j| !c.cache[j].sacked && c.cache[j].local_resends == 0));
            }
        }
        for &j in &holes {
            self.resend(i, j, ctx);
        }
        holes.len()
    }

    /// Sends cached segment `j` of connection `i` again, marked as a local retransmission.
    fn resend(&mut self, i: usize, j: usize, ctx: &mut impl MiddleboxCtx) {
        let now = ctx.now();
        let e = &mut self.conns[i].cache[j];
        e.local_resends += 1;
        e.sent_at = now;
        let mut copy = e.pkt;
        copy.flags |= flags::LOCAL_RETRANSMIT;
        ctx.send(copy);
        self.stats.local_retransmits += 1;
    }

    fn arm(&mut self, i: usize, ctx: &mut impl MiddleboxCtx) {
        let c = &mut self.conns[i];
        let rto = (c.srtt + c.rttvar.saturating_mul(4)).max(self.cfg.min_rto);
        ctx.set_timer(c.timer, ctx.now() + rto);
        c.timer_armed = true;
    }

    pub fn fill_summary(&self, s: &mut MiddleboxSummary) {
        s.kind = "snoop".into();
        s.local_retransmits = Some(self.stats.local_retransmits);
        s.suppressed_dupacks = Some(self.stats.suppressed_dupacks);
        s.cache_max_packets = Some(self.stats.cache_max_packets);
    }
}

impl SnoopConn {
    /// ns-2 Snoop::snoop_rtt, whose gain g_ = 1/8 weighs the old value.
    fn take_rtt_sample(&mut self, rtt: SimDuration) {
        if rtt.as_nanos() == 0 {
            return;
        }
        self.srtt = SimDuration((self.srtt.as_nanos() + 7 * rtt.as_nanos()) / 8);
        let delta = SimDuration(rtt.as_nanos().abs_diff(self.srtt.as_nanos()));
        self.rttvar = if self.rttvar.as_nanos() == 0 {
            delta
        } else {
            SimDuration((delta.as_nanos() + 7 * self.rttvar.as_nanos()) / 8)
        };
    }

    fn mark_sacked(&mut self, pkt: &Packet) {
        for (start, end) in pkt.sack().iter() {
            for e in self.cache.iter_mut().filter(|e| (start..end).contains(&e.pkt.seq)) {
                e.sacked = true;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::middlebox::script::MbCtx;
    use crate::packet::SackBlocks;

    const TIMER: TimerId = TimerId(0);
    const CACHE: SeriesId = SeriesId(0);

    fn snoop(sack: bool, dupacks_passed: u32) -> Snoop {
        let cfg = SnoopConfig {
            cache: QueueLimit::Packets(100),
            sack,
            dupacks_passed,
            min_rto: SimDuration::from_millis(100),
        };
        Snoop::new(cfg, &[(FlowId(0), TIMER)], CACHE)
    }

    fn data(seq: u32) -> Packet {
        Packet::for_test(PacketKind::Data, seq, 1040)
    }

    fn ack(seq: u32) -> Packet {
        Packet::for_test(PacketKind::Ack, seq, 40)
    }

    fn sack_ack(seq: u32, blocks: &[(u32, u32)]) -> Packet {
        let mut a = ack(seq);
        let mut s = SackBlocks::default();
        for (k, &b) in blocks.iter().enumerate() {
            s.blocks[k] = b;
        }
        s.len = blocks.len() as u8;
        a.set_sack(s);
        a
    }

    fn seqs(pkts: &[Packet]) -> Vec<u32> {
        pkts.iter().map(|p| p.seq).collect()
    }

    fn ms(t: u64) -> SimTime {
        SimTime::ZERO + SimDuration::from_millis(t)
    }

    /// Segments 0..n pass towards the mobile at time 0.
    fn pass_data(s: &mut Snoop, ctx: &mut MbCtx, n: u32) {
        for seq in 0..n {
            assert_eq!(s.on_packet(&data(seq), ctx), Verdict::Taken);
        }
        assert_eq!(seqs(&ctx.take_forwarded()), (0..n).collect::<Vec<_>>());
    }

    #[test]
    fn snoop_retransmits_locally_and_the_sender_sees_no_duplicate_ack() {
        // Balakrishnan's Snoop: resend on the first duplicate, let none through.
        let mut s = snoop(false, 0);
        let mut ctx = MbCtx::default();
        pass_data(&mut s, &mut ctx, 6);
        assert_eq!(ctx.values(CACHE).last(), Some(&6.0));
        // Segment 1 is lost on the wireless hop; 2..5 each bring a duplicate ACK of 1.
        ctx.inner.now = ms(40);
        assert_eq!(s.on_packet(&ack(1), &mut ctx), Verdict::Pass, "the new ACK goes to the sender");
        for _ in 2..6 {
            assert_eq!(s.on_packet(&ack(1), &mut ctx), Verdict::Taken, "duplicates are kept back");
        }
        let resent = ctx.take_sent();
        assert_eq!(seqs(&resent), vec![1], "one local retransmission of the hole");
        assert!(resent[0].has(flags::LOCAL_RETRANSMIT));
        assert_eq!((s.stats.local_retransmits, s.stats.suppressed_dupacks), (1, 4));
        // The resent segment arrives: the mobile acknowledges everything.
        ctx.inner.now = ms(80);
        assert_eq!(s.on_packet(&ack(6), &mut ctx), Verdict::Pass);
        assert_eq!(ctx.values(CACHE).last(), Some(&0.0));
        assert_eq!(ctx.timer(TIMER), None, "nothing left to time");
    }

    #[test]
    fn like_ns2_the_first_duplicate_goes_through_and_the_second_triggers_the_resend() {
        let mut s = snoop(false, 1);
        let mut ctx = MbCtx::default();
        pass_data(&mut s, &mut ctx, 6);
        s.on_packet(&ack(1), &mut ctx);
        assert_eq!(s.on_packet(&ack(1), &mut ctx), Verdict::Pass);
        assert!(ctx.take_sent().is_empty());
        assert_eq!(s.on_packet(&ack(1), &mut ctx), Verdict::Taken);
        assert_eq!(seqs(&ctx.take_sent()), vec![1]);
        // Segments 2..5 explain four duplicates in all: two more are kept back, a fifth is not.
        assert_eq!(s.on_packet(&ack(1), &mut ctx), Verdict::Taken);
        assert_eq!(s.on_packet(&ack(1), &mut ctx), Verdict::Taken);
        assert_eq!(s.on_packet(&ack(1), &mut ctx), Verdict::Pass);
    }

    #[test]
    fn a_segment_lost_before_the_base_station_is_left_to_the_sender() {
        let mut s = snoop(false, 0);
        let mut ctx = MbCtx::default();
        // Segment 1 never arrives from the sender.
        for seq in [0, 2, 3] {
            s.on_packet(&data(seq), &mut ctx);
        }
        s.on_packet(&ack(1), &mut ctx);
        assert_eq!(s.on_packet(&ack(1), &mut ctx), Verdict::Pass);
        assert_eq!(s.on_packet(&ack(1), &mut ctx), Verdict::Pass);
        assert!(ctx.take_sent().is_empty());
        // The sender's retransmission passes and is cached; its duplicates stay the sender's.
        s.on_packet(&data(1), &mut ctx);
        assert_eq!(s.on_packet(&ack(1), &mut ctx), Verdict::Pass);
        assert!(ctx.take_sent().is_empty());
    }

    #[test]
    fn a_segment_the_queue_refused_is_not_cached() {
        let mut s = snoop(false, 0);
        let mut ctx = MbCtx::default();
        s.on_packet(&data(0), &mut ctx);
        ctx.queue_full = true;
        s.on_packet(&data(1), &mut ctx);
        ctx.queue_full = false;
        s.on_packet(&data(2), &mut ctx);
        assert_eq!(ctx.values(CACHE), vec![1.0, 2.0]);
        s.on_packet(&ack(1), &mut ctx);
        assert_eq!(s.on_packet(&ack(1), &mut ctx), Verdict::Pass, "a congestion drop: the sender's to repair");
    }

    #[test]
    fn the_local_timer_resends_the_awaited_segment_after_srtt_plus_four_rttvar() {
        let mut s = snoop(false, 1);
        let mut ctx = MbCtx::default();
        pass_data(&mut s, &mut ctx, 3);
        // Before any sample: ns-2's 100 ms + 4 x 250 ms.
        assert_eq!(ctx.timer(TIMER), Some(ms(1100)));
        // Segment 0's ACK after 20 ms: srtt = (100 + 7 x 20) / 8 = 30 ms,
        // rttvar = (|20 - 30| + 7 x 250) / 8 = 220 ms; timeout 30 + 880 = 910 ms.
        ctx.inner.now = ms(20);
        s.on_packet(&ack(1), &mut ctx);
        assert_eq!(ctx.timer(TIMER), Some(ms(930)));
        // Segment 1 and its followers vanish: the timer resends it, and again later.
        ctx.inner.now = ms(930);
        s.on_timer(0, &mut ctx);
        assert_eq!(seqs(&ctx.take_sent()), vec![1]);
        assert_eq!(ctx.timer(TIMER), Some(ms(1840)), "no backoff");
    }

    #[test]
    fn with_sack_every_revealed_hole_is_resent_once() {
        let mut s = snoop(true, 0);
        let mut ctx = MbCtx::default();
        pass_data(&mut s, &mut ctx, 8);
        // Segments 1 and 3 are lost: 2 arrives, then 4.
        s.on_packet(&ack(1), &mut ctx);
        assert_eq!(s.on_packet(&sack_ack(1, &[(2, 3)]), &mut ctx), Verdict::Taken);
        assert_eq!(seqs(&ctx.take_sent()), vec![1], "only the first hole is known yet");
        assert_eq!(s.on_packet(&sack_ack(1, &[(4, 5), (2, 3)]), &mut ctx), Verdict::Taken);
        assert_eq!(seqs(&ctx.take_sent()), vec![3], "the SACK blocks reveal hole 3");
        assert_eq!(s.on_packet(&sack_ack(1, &[(4, 6), (2, 3)]), &mut ctx), Verdict::Taken);
        assert!(ctx.take_sent().is_empty(), "each hole once");
        // Without SACK only hole 1 would have gone out: the timer would find 3.
        let mut plain = snoop(false, 0);
        let mut ctx = MbCtx::default();
        pass_data(&mut plain, &mut ctx, 8);
        plain.on_packet(&ack(1), &mut ctx);
        plain.on_packet(&sack_ack(1, &[(2, 3)]), &mut ctx);
        plain.on_packet(&sack_ack(1, &[(4, 5), (2, 3)]), &mut ctx);
        assert_eq!(seqs(&ctx.take_sent()), vec![1]);
    }

    #[test]
    fn a_hole_already_resent_from_sack_blocks_is_not_resent_again_when_it_becomes_the_first() {
        let mut s = snoop(true, 0);
        let mut ctx = MbCtx::default();
        pass_data(&mut s, &mut ctx, 8);
        s.on_packet(&ack(1), &mut ctx);
        s.on_packet(&sack_ack(1, &[(2, 3)]), &mut ctx);
        s.on_packet(&sack_ack(1, &[(4, 5), (2, 3)]), &mut ctx);
        assert_eq!(seqs(&ctx.take_sent()), vec![1, 3]);
        // The resent 1 arrives: ACK 3, then segments 5..7 repeat it.
        assert_eq!(s.on_packet(&sack_ack(3, &[(4, 5)]), &mut ctx), Verdict::Pass);
        for end in 6..8 {
            assert_eq!(s.on_packet(&sack_ack(3, &[(4, end)]), &mut ctx), Verdict::Taken);
        }
        assert!(ctx.take_sent().is_empty(), "3 is on its way already");
    }

    #[test]
    fn the_cache_stops_at_its_limit() {
        let cfg = SnoopConfig {
            cache: QueueLimit::Packets(2),
            sack: false,
            dupacks_passed: 1,
            min_rto: SimDuration::from_millis(100),
        };
        let mut s = Snoop::new(cfg, &[(FlowId(0), TIMER)], CACHE);
        let mut ctx = MbCtx::default();
        pass_data(&mut s, &mut ctx, 4);
        assert_eq!(ctx.values(CACHE), vec![1.0, 2.0]);
        assert_eq!(s.stats.cache_max_packets, 2);
    }

    #[test]
    fn other_flows_pass_untouched() {
        let mut s = snoop(false, 0);
        let mut ctx = MbCtx::default();
        let mut other = data(0);
        other.flow = FlowId(3);
        assert_eq!(s.on_packet(&other, &mut ctx), Verdict::Pass);
        assert!(ctx.take_forwarded().is_empty());
    }
}
