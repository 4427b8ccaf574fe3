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
//! How many duplicates to keep back, two ways:
//! - by default, one per segment passed on beyond the hole, those cached
//!   after the local resend included (the Snoop paper's intent);
//! - with `exp_dupacks`, ns-2's count (`expDupacks_` in snoop_ack): fixed
//!   when the hole is resent, from the segments cached at that moment less
//!   `dupacks_passed + 1`; once it runs out, the RTX_THRESH counter passes
//!   one duplicate and the next falls through (the hole was resent already)
//!   and sets a new count from the segments cached since. Those two reach the
//!   sender, which with the one passed before the resend makes three: a fast
//!   retransmit for a wireless loss whenever a hole takes long to repair.
//!   A count of -1 (only the hole cached) resends the hole once more.
//!
//! Where it differs: ns-2 counts RTX_THRESH with one counter shared by every
//! Snoop agent and never reset; here it counts per connection (by default
//! also per hole). ns-2's explicit loss notification for data from the
//! mobile is not modelled. ns-2 counts the cached segments on its ring as
//! `bufhead_ - expNextAck_`, which reads 0 when the ring is full and adds
//! SNOOP_MAXWIND (100), not `maxbufs_`, when it has wrapped; here the count
//! is the cache's (seed 001's README: with a 62-segment ring under a
//! 65-segment window, ns-2 passes every duplicate of a hole met with the ring
//! full, and its sender fast-retransmits).

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
    /// Count the duplicates to keep back as ns-2 does (`expDupacks_`), not
    /// per segment beyond the hole. No SACK in this mode (ns-2 has none).
    pub exp_dupacks: bool,
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
    /// ns-2's expDupacks_: duplicates still to keep back (-1: miscounted).
    exp_dupacks: i64,
    /// ns-2's expNextAck_, as a position in the cache (0: the hole).
    exp_next: usize,
    /// ns-2's RTX_THRESH counter (never reset on a new ACK).
    thresh: u32,
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
                    exp_dupacks: 0,
                    exp_next: 0,
                    thresh: 0,
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
                let c = &mut self.conns[i];
                c.recovering = true;
                c.exp_next = 1;
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
                if out_of_order {
                    // ns-2 snoop_insert: expNextAck_ back to the tail.
                    c.exp_next = 0;
                }
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
        c.exp_dupacks = 0;
        c.exp_next = 0;
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
        if self.cfg.exp_dupacks {
            return self.on_dupack_ns2(i, ctx);
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

    /// ns-2's snoop_ack for a duplicate of a cached hole; true if kept back.
    fn on_dupack_ns2(&mut self, i: usize, ctx: &mut impl MiddleboxCtx) -> bool {
        let passed = self.cfg.dupacks_passed;
        let c = &mut self.conns[i];
        let hole = *c.cache.front().expect("checked by the caller");
        match c.exp_dupacks {
            0 => {
                if c.thresh < passed {
                    c.thresh += 1;
                    return false;
                }
                c.thresh = 0;
                if hole.sender_resent {
                    return false;
                }
                // The segments cached from expNextAck_ on, less those already seen.
                c.exp_dupacks = c.cache.len().saturating_sub(c.exp_next) as i64 - (passed as i64 + 1);
                c.exp_next = 1;
                c.recovering = true;
                // Resent already (by the timer): this one falls through to the sender.
                hole.local_resends == 0 && self.resend_hole_ns2(i, ctx)
            }
            n if n > 0 => {
                c.exp_dupacks -= 1;
                self.stats.suppressed_dupacks += 1;
                true
            }
            -1 => hole.local_resends < 2 && self.resend_hole_ns2(i, ctx),
            _ => false,
        }
    }

    /// ns-2 snoop_rxmit: resends the hole and restarts the timer, keeping the
    /// duplicate back; past SNOOP_MAX_RXMIT it lets it through.
    fn resend_hole_ns2(&mut self, i: usize, ctx: &mut impl MiddleboxCtx) -> bool {
        if self.conns[i].cache[0].local_resends >= MAX_LOCAL_RETRANSMITS {
            return false;
        }
        self.resend(i, 0, ctx);
        self.arm(i, ctx);
        self.stats.suppressed_dupacks += 1;
        true
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
mod tests;
