use super::*;
use crate::middlebox::script::MbCtx;
use crate::packet::SackBlocks;

const TIMER: TimerId = TimerId(0);
const CACHE: SeriesId = SeriesId(0);

fn snoop(sack: bool, dupacks_passed: u32) -> Snoop {
    snoop_with(sack, dupacks_passed, false)
}

fn snoop_with(sack: bool, dupacks_passed: u32, exp_dupacks: bool) -> Snoop {
    snoop_caching(100, sack, dupacks_passed, exp_dupacks)
}

/// A Snoop whose cache holds `cache` segments.
fn snoop_caching(cache: u32, sack: bool, dupacks_passed: u32, exp_dupacks: bool) -> Snoop {
    let cfg = SnoopConfig {
        cache: QueueLimit::Packets(cache),
        sack,
        dupacks_passed,
        min_rto: SimDuration::from_millis(100),
        exp_dupacks,
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
    let mut s = snoop_caching(2, false, 1, false);
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

/// Segment 1 is lost; 2..5 are cached before its duplicates come back and
/// 6..8 after the local resend. Returns which of the eight duplicates (from
/// 2..8 and one more) reach the sender.
fn duplicates_passed(exp_dupacks: bool) -> (Vec<usize>, u64) {
    let mut s = snoop_with(false, 1, exp_dupacks);
    let mut ctx = MbCtx::default();
    pass_data(&mut s, &mut ctx, 6);
    assert_eq!(s.on_packet(&ack(1), &mut ctx), Verdict::Pass);
    let mut passed = vec![];
    for k in 1..=8 {
        if s.on_packet(&ack(1), &mut ctx) == Verdict::Pass {
            passed.push(k);
        }
        if k == 2 {
            assert_eq!(seqs(&ctx.take_sent()), vec![1], "the second duplicate resends the hole");
            for seq in 6..9 {
                s.on_packet(&data(seq), &mut ctx);
            }
        }
    }
    assert!(ctx.take_sent().is_empty(), "one local resend in all");
    (passed, s.stats.suppressed_dupacks)
}

#[test]
fn ns2_fixes_the_count_at_the_resend_and_lets_two_more_duplicates_through() {
    // Ours: every segment beyond the hole (2..8: seven) explains a duplicate;
    // only the first (RTX_THRESH) and the eighth, which nothing explains, pass.
    assert_eq!(duplicates_passed(false), (vec![1, 8], 6));
    // ns-2: at the resend expDupacks_ = 5 cached - 2 = 3 (duplicates 3..5);
    // then the RTX_THRESH counter passes the sixth and the seventh falls
    // through with a new count of 8 - 1 - 2 = 5, which keeps the eighth back.
    // The sender has seen three duplicates: a fast retransmit.
    assert_eq!(duplicates_passed(true), (vec![1, 6, 7], 5));
}

#[test]
fn ns2_count_of_minus_one_resends_the_hole_once_more() {
    // Only the hole is cached when its duplicates come (the cache holds two
    // segments): expDupacks_ = 1 - 2 = -1, and ns-2 resends again on the next.
    let mut s = snoop_caching(2, false, 1, true);
    let mut ctx = MbCtx::default();
    for seq in 0..5 {
        s.on_packet(&data(seq), &mut ctx);
    }
    ctx.take_forwarded();
    s.on_packet(&ack(1), &mut ctx);
    assert_eq!(s.on_packet(&ack(1), &mut ctx), Verdict::Pass);
    assert_eq!(s.on_packet(&ack(1), &mut ctx), Verdict::Taken);
    assert_eq!(s.on_packet(&ack(1), &mut ctx), Verdict::Taken);
    assert_eq!(seqs(&ctx.take_sent()), vec![1, 1]);
    assert_eq!(s.on_packet(&ack(1), &mut ctx), Verdict::Pass, "twice is ns-2's limit here");
}

#[test]
fn ns2_count_with_a_full_cache_still_keeps_the_cached_segments_duplicates_back() {
    // A cache of 4 filled again right after the new ACK: 1..4 cached, 5 not.
    // ns-2.35 counts `bufhead_ - expNextAck_` on its ring, which reads 0 when
    // the ring is full (head meets tail), so expDupacks_ = -2 and every later
    // duplicate reaches the sender (seed 001: a fast retransmit at each such
    // hole). Ours counts the cached segments.
    let mut s = snoop_caching(4, false, 1, true);
    let mut ctx = MbCtx::default();
    pass_data(&mut s, &mut ctx, 4);
    s.on_packet(&ack(1), &mut ctx);
    for seq in 4..6 {
        s.on_packet(&data(seq), &mut ctx);
    }
    assert_eq!(ctx.values(CACHE).last(), Some(&4.0), "full");
    let passed: Vec<bool> = (0..5).map(|_| s.on_packet(&ack(1), &mut ctx) == Verdict::Pass).collect();
    assert_eq!(seqs(&ctx.take_sent()), vec![1]);
    // First through (RTX_THRESH); the second resends and sets the count to
    // 4 cached less 2; the third and fourth are kept back; the fifth passes
    // (RTX_THRESH again). ns-2's full ring: through, resend, then all through.
    assert_eq!(passed, vec![true, false, false, false, true]);
}
