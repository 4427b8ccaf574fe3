//! CUBIC, BBR, PRR and pacing in whole runs of the example scenarios:
//! analytical bounds and the figures cross-checked against ns-3
//! (tools/ns3/README.md, "TCP variants", explains each tolerance).

mod common;

use ackscope_engine::record::{Recording, Summary};

fn run(rel: &str, sets: &[&str]) -> Summary {
    common::run(rel, sets, Recording::Summary).summary()
}

const PATH: &str = "examples/tcp-20mbps.toml";
/// 20 Mbit/s of 1500-byte packets carrying 1460 bytes each.
const MAX_GOODPUT_BPS: f64 = 20e6 * 1460.0 / 1500.0;
/// 40 ms of propagation plus 0.6 ms to serialize a packet at 20 Mbit/s.
const BASE_RTT_S: f64 = 0.0406;

fn single(variant: &str, buffer: &str) -> Summary {
    run(PATH, &[&format!("flows.flow.tcp.variant={variant}"), &format!("links.bottleneck.queue.limit={buffer}")])
}

fn bottleneck_drops(s: &Summary) -> u64 {
    s.links.iter().find(|l| l.id == "bottleneck" && l.direction == ackscope_engine::scenario::Direction::Forward).map_or(0, |l| l.drops)
}

#[test]
fn cubic_fills_the_link_and_the_buffer_it_is_given() {
    for (buffer, queue_s) in [("68pkt", 0.0406), ("340pkt", 0.203)] {
        let s = single("cubic", buffer);
        let f = &s.flows[0];
        assert!(f.goodput_bps > 0.97 * MAX_GOODPUT_BPS, "{buffer}: {}", f.goodput_bps);
        // A loss-based sender keeps the buffer mostly full: the mean RTT is the
        // base RTT plus more than half the buffer's drain time.
        let rtt = f.rtt_mean_s.unwrap();
        assert!(rtt > BASE_RTT_S + 0.5 * queue_s && rtt < BASE_RTT_S + queue_s, "{buffer}: {rtt}");
        assert!(bottleneck_drops(&s) > 0);
    }
}

#[test]
fn bbr_fills_the_link_with_a_short_queue_whatever_the_buffer() {
    for buffer in ["68pkt", "340pkt"] {
        let s = single("bbr", buffer);
        let f = &s.flows[0];
        assert!(f.goodput_bps > 0.93 * MAX_GOODPUT_BPS, "{buffer}: {}", f.goodput_bps);
        // Paced at the bottleneck rate with at most 2 BDP in flight, the queue
        // stays a fraction of a BDP on average: under 25% above the base RTT.
        let rtt = f.rtt_mean_s.unwrap();
        assert!(rtt < 1.25 * BASE_RTT_S, "{buffer}: {rtt}");
    }
    // In the deep buffer Startup's overshoot fits: nothing is lost.
    assert_eq!(bottleneck_drops(&single("bbr", "340pkt")), 0);
}

#[test]
fn cubic_takes_a_long_fat_network_back_far_faster_than_reno() {
    let s = run("examples/cubic-vs-reno-lfn.toml", &[]);
    let (cubic, reno) = (common::flow(&s, "cubic"), common::flow(&s, "reno"));
    assert!(cubic.goodput_bps > 5.0 * reno.goodput_bps, "cubic {} reno {}", cubic.goodput_bps, reno.goodput_bps);
    // Together they still use the link.
    assert!(cubic.goodput_bps + reno.goodput_bps > 0.85 * 50e6 * 1460.0 / 1500.0);
}

#[test]
fn bbr_keeps_its_rate_through_random_losses_on_the_satellite_link_where_reno_collapses() {
    let bbr = run("examples/bbr-satellite.toml", &[]);
    let reno = run("examples/bbr-satellite.toml", &["flows.ftp.tcp.variant=reno"]);
    assert!(bbr.flows[0].goodput_bps > 4.0 * reno.flows[0].goodput_bps, "bbr {} reno {}", bbr.flows[0].goodput_bps, reno.flows[0].goodput_bps);
}

#[test]
fn prr_spreads_the_reduction_over_the_recovery_without_losing_goodput() {
    // The same CUBIC flow with SACK recovery, with and without PRR: PRR sends
    // through the recovery instead of pausing for half a window, so the
    // flow's goodput is at least as high.
    let with = single("cubic", "68pkt");
    let without = run(PATH, &["flows.flow.tcp.prr=false"]);
    assert!(with.flows[0].goodput_bps >= 0.99 * without.flows[0].goodput_bps);
    assert_eq!(with.flows[0].timeouts, 0);
}

/// ns-3.44's figures for the same setups (tools/ns3/tcp_variants.py; the
/// README's table): goodput bit/s and mean RTT s.
mod ns3 {
    pub const CUBIC_GOODPUT_BPS: f64 = 19_439_258.0;
    pub const CUBIC_1BDP_RTT_S: f64 = 0.06164;
    pub const CUBIC_5BDP_RTT_S: f64 = 0.16707;
    pub const BBR_GOODPUT_BPS: f64 = 19_078_112.0;
    /// cubic-vs-newreno: CUBIC's share of the two flows' goodput with
    /// TcpPrrRecovery, and with TcpClassicRecovery (`--recovery classic`).
    pub const CUBIC_SHARE: f64 = 10_413_187.0 / (10_413_187.0 + 9_025_837.0);
    pub const CUBIC_SHARE_CLASSIC: f64 = 12_199_760.0 / (12_199_760.0 + 7_240_899.0);
    /// bbr-two-rtts: the 80 ms flow's share.
    pub const BBR_LONG_SHARE: f64 = 16_304_813.0 / (16_304_813.0 + 2_576_141.0);
}

#[test]
fn single_flows_match_ns3_in_goodput_and_cubic_in_rtt_within_the_readmes_tolerances() {
    for (buffer, ns3_rtt) in [("68pkt", ns3::CUBIC_1BDP_RTT_S), ("340pkt", ns3::CUBIC_5BDP_RTT_S)] {
        let f = &single("cubic", buffer).flows[0];
        // Both fill the link: within 1%.
        assert!((f.goodput_bps / ns3::CUBIC_GOODPUT_BPS - 1.0).abs() < 0.01, "{buffer}: {}", f.goodput_bps);
        // Ours regrows faster (see the README): a fuller queue, RTT up to 30% above ns-3's, never below.
        let r = f.rtt_mean_s.unwrap() / ns3_rtt;
        assert!((1.0..1.3).contains(&r), "{buffer}: rtt ratio {r}");
        // The slow-start overshoot's losses continue into the first recovery; an
        // RFC 6675 scoreboard remembers what arrived above its end, so next time
        // hardly anything the receiver holds is resent (320 when it was forgotten).
        assert!(f.spurious_retransmits <= 5, "{buffer}: {} spurious retransmissions", f.spurious_retransmits);
        let b = &single("bbr", buffer).flows[0];
        // BBR: within 3% (ours loses a little more to Startup's overshoot in 1 BDP).
        assert!((b.goodput_bps / ns3::BBR_GOODPUT_BPS - 1.0).abs() < 0.03, "{buffer}: {}", b.goodput_bps);
    }
}

fn cubic_share(sets: &[&str]) -> f64 {
    let s = run("examples/cubic-vs-newreno.toml", sets);
    let (c, n) = (common::flow(&s, "cubic").goodput_bps, common::flow(&s, "newreno").goodput_bps);
    assert!(c + n > 0.97 * MAX_GOODPUT_BPS);
    c / (c + n)
}

#[test]
fn cubic_and_newreno_share_as_in_ns3() {
    // RFC 6675 recovery without PRR on both sides: ns-3 63%, ours 65%.
    let classic = cubic_share(&["flows.cubic.tcp.prr=false", "flows.newreno.tcp.prr=false"]);
    assert!((classic - ns3::CUBIC_SHARE_CLASSIC).abs() < 0.05, "share without PRR {classic}");
    // With PRR CUBIC stays ahead; ns-3's 53% is not a reference here: its PRR
    // counts each SACKed segment twice and overflows the queue on entering
    // recovery, so every loss episode cuts twice (README).
    let prr = cubic_share(&[]);
    assert!(prr > 0.5 && prr < 0.8, "share with PRR {prr} (ns-3 {})", ns3::CUBIC_SHARE);
}

#[test]
fn two_bbr_flows_favour_the_longer_rtt_as_in_ns3() {
    let s = run("examples/bbr-two-rtts.toml", &[]);
    let (short, long) = (common::flow(&s, "short").goodput_bps, common::flow(&s, "long").goodput_bps);
    let share = long / (short + long);
    // BBR v1's RTT unfairness: ns-3 gives the 80 ms flow 86%, ours 90%.
    assert!((share - ns3::BBR_LONG_SHARE).abs() < 0.08, "long share {share}");
}
