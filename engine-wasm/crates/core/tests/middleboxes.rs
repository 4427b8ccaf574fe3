//! Middleboxes and applications in whole runs: the example scenarios and
//! small hand-checked ones.

mod common;

use ackscope_engine::packet::PacketKind;
use ackscope_engine::record::Recording;
use ackscope_engine::Simulation;
use common::{run_text, scenario_text, series};

fn example(name: &str) -> String {
    scenario_text(&format!("examples/{name}"))
}

/// The value of a step series at `t_ns` (the last point at or before it).
fn at(sim: &Simulation, name: &str, t_ns: u64) -> f64 {
    let (t, v) = series(sim, name);
    v[t.partition_point(|&x| x <= t_ns) - 1]
}

/// One 1 Mbit/s, 10 ms link: a 1040-byte segment takes 8.32 ms to send, a
/// 40-byte ACK 0.32 ms, a 500-byte datagram 4 ms.
const ONE_LINK: &str = r#"
    version = 1
    id = "t"
    title = "T"
    duration = "1s"
    nodes = [{ id = "a" }, { id = "b" }]
    links = [{ id = "ab", a = "a", b = "b", rate = "1Mbps", delay = "10ms" }]
    [[flows]]
    id = "f"
    from = "a"
    to = "b"
    tcp = { mss = "1000B", header = "40B", initial_window = 1 }
"#;

#[test]
fn a_file_completes_when_its_last_byte_arrives() {
    // Segment 0 arrives at 8.32 + 10 = 18.32 ms, its ACK at 18.32 + 0.32 + 10 = 28.64 ms.
    // cwnd 2: segments 1 and 2 leave back to back; 2 arrives at 28.64 + 2 x 8.32 + 10 = 55.28 ms.
    let sim = run_text(ONE_LINK, &["flows.f.app.kind=file", "flows.f.app.size=3000B"], Recording::Summary);
    let f = &sim.summary().flows[0];
    assert_eq!(f.delivered_bytes, 3000);
    assert_eq!(f.sent_packets, 3);
    assert!((f.completion_s.unwrap() - 0.05528).abs() < 1e-12, "{:?}", f.completion_s);
    // A 2500-byte file ends with a 540-byte packet (4.32 ms): 28.64 + 8.32 + 4.32 + 10 = 51.28 ms.
    let sim = run_text(ONE_LINK, &["flows.f.app.kind=file", "flows.f.app.size=2500B"], Recording::Summary);
    let f = &sim.summary().flows[0];
    assert_eq!(f.delivered_bytes, 2500);
    assert!((f.completion_s.unwrap() - 0.05128).abs() < 1e-12, "{:?}", f.completion_s);
    // An endless transfer has no completion time.
    assert_eq!(run_text(ONE_LINK, &[], Recording::Summary).summary().flows[0].completion_s, None);
}

#[test]
fn cbr_datagrams_arrive_at_the_send_interval_with_the_path_delay() {
    // 500 B at 40 kbit/s: one every 100 ms, from 0 to 1 s inclusive (11); each takes
    // 4 ms + 10 ms, so the one sent at 1 s is still on its way when the run ends.
    let sim = run_text(
        ONE_LINK,
        &["flows.f.app.kind=cbr", "flows.f.app.rate=40kbps", "flows.f.app.packet_size=500B"],
        Recording::Summary,
    );
    let f = &sim.summary().flows[0];
    assert_eq!((f.variant.as_str(), f.sent_packets, f.delivered_bytes), ("cbr", 11, 5000));
    assert_eq!(f.lost_packets, Some(0));
    for gap in [f.inter_arrival_min_s, f.inter_arrival_mean_s, f.inter_arrival_max_s] {
        assert!((gap.unwrap() - 0.1).abs() < 1e-12);
    }
    assert!((f.owd_fwd_mean_s.unwrap() - 0.014).abs() < 1e-12);
    assert_eq!((f.retransmits, f.rtt_mean_s), (0, None));
    // A datagram flow has a receiver's series only: no empty TCP plots.
    let flow_series: Vec<&str> =
        sim.series().all().iter().map(|s| s.info.name.as_str()).filter(|n| n.starts_with("flows.")).collect();
    assert_eq!(flow_series, vec!["flows.f.delivered", "flows.f.owd_fwd"]);
}

#[test]
fn cbr_above_the_radio_rate_loses_only_at_the_full_buffer() {
    let text = example("cbr-udp.toml");
    let slow = run_text(&text, &["flows.cbr.app.rate=120kbps"], Recording::Summary).summary();
    assert_eq!(slow.flows[0].lost_packets, Some(0));
    let fast = run_text(&text, &[], Recording::Summary).summary();
    let f = &fast.flows[0];
    // 160 kbit/s into 144 kbit/s: once 120 KB are queued (after about 60 s), a tenth of
    // the datagrams is dropped, so about 5 % over the 120 s run.
    let lost = f.lost_packets.unwrap() as f64 / f.sent_packets as f64;
    assert!(lost > 0.03 && lost < 0.07, "lost {lost}");
    assert!(f.inter_arrival_max_s.unwrap() < 0.06, "1000 B at 144 kbit/s: 55.6 ms apart at most");
    let radio = fast.links.iter().find(|l| l.id == "radio" && l.from == "bsc").unwrap();
    assert!(radio.drops > 0);
}

#[test]
fn snoop_hides_wireless_losses_from_the_sender() {
    let text = example("snoop.toml");
    let with = run_text(&text, &["middleboxes.snoop.snoop.dupacks_passed=0"], Recording::Full);
    let without = run_text(&text, &["middleboxes.snoop.enabled=false"], Recording::Summary);
    let (w, wo) = (with.summary(), without.summary());
    let snoop = &w.middleboxes[0];
    assert!(snoop.local_retransmits.unwrap() > 100);
    // Every loss is repaired locally; only a segment lost three times running on the
    // wireless hop can hold the ACKs back past the sender's RTO (it happens once here).
    assert_eq!(with.sender(0).stats().fast_retransmits, 0);
    assert!(w.flows[0].timeouts <= 2, "{} timeouts", w.flows[0].timeouts);
    assert!(wo.flows[0].timeouts > 0);
    assert!(w.flows[0].goodput_bps > 2.0 * wo.flows[0].goodput_bps);
    // Hardly a duplicate ACK reaches the fixed host, against thousands kept back: those
    // that do answer segments the mobile got twice (a local resend that waited in the
    // base station's queue past Snoop's timer, as in ns-2), which Snoop cannot explain.
    let sender = with.node_ids().iter().position(|n| n == "fh").unwrap();
    let acks: Vec<u32> = with
        .trace()
        .records()
        .iter()
        .filter(|r| r.kind == PacketKind::Ack && with.channels()[r.channel.index()].to.index() == sender)
        .map(|r| r.seq)
        .collect();
    let duplicates = acks.windows(2).filter(|w| w[1] <= w[0]).count();
    assert!(acks.len() > 2000, "{} ACKs", acks.len());
    assert!(duplicates < 20 && snoop.suppressed_dupacks.unwrap() > 1000, "{duplicates} duplicates reached the sender");
    // The cache series exists under the node, and empties when everything is acknowledged.
    let (_, cache) = series(&with, "nodes.bs.snoop_cache");
    assert_eq!(cache.iter().cloned().fold(0.0, f64::max) as u64, snoop.cache_max_packets.unwrap());
}

#[test]
fn a_disabled_middlebox_changes_nothing() {
    let text = example("snoop.toml");
    let off = run_text(&text, &["middleboxes.snoop.enabled=false"], Recording::Summary).summary();
    // The same scenario with the middlebox (and the knobs naming it) cut out.
    let bare = &text[..text.find("[[middleboxes]]").unwrap()];
    let without = run_text(bare, &[], Recording::Summary).summary();
    assert_eq!(off.digest, without.digest);
    assert_eq!(off.flows, without.flows);
}

#[test]
fn a_split_proxy_acks_early_and_its_bounded_buffer_holds() {
    let text = example("split-proxy.toml");
    let unlimited = run_text(&text, &["links.sat.forward.errors.ber=0"], Recording::Series);
    let capped = run_text(&text, &["links.sat.forward.errors.ber=0", "middleboxes.pep.split.buffer=64KB"], Recording::Series);
    let end_to_end = run_text(&text, &["links.sat.forward.errors.ber=0", "middleboxes.pep.enabled=false"], Recording::Summary);
    let (u, c, e) = (unlimited.summary(), capped.summary(), end_to_end.summary());
    // The sender's RTT is the wired one (20 ms plus queueing), not the satellite's 520 ms.
    assert!(u.flows[0].rtt_mean_s.unwrap() < 0.1);
    assert!(e.flows[0].rtt_mean_s.unwrap() > 0.5);
    // Unlimited, the server outruns the satellite and the buffer keeps growing.
    assert!(u.middleboxes[0].buffer_max_bytes.unwrap() > 10_000_000);
    // Capped, the buffer never exceeds 64 KB and the server waits without a timeout.
    let (_, held) = series(&capped, "nodes.hub.proxy_buffer");
    assert!(held.iter().all(|&b| b <= 64_000.0));
    assert_eq!(c.middleboxes[0].buffer_max_bytes, Some(64_000));
    assert_eq!(c.flows[0].timeouts, 0);
    assert!(capped.sender(0).stats().zero_window_probes > 0 || c.middleboxes[0].spoofed_acks.unwrap() > 0);
    // 64 KB per 520 ms across the satellite: about 1 Mbit/s, where the unlimited proxy fills 2.
    assert!(c.flows[0].goodput_bps < 0.6 * u.flows[0].goodput_bps);
    assert!(u.flows[0].goodput_bps > 1.7e6);
    // Goodput is what the terminal got in order, not what the proxy acknowledged.
    assert!(u.flows[0].delivered_bytes < unlimited.sender(0).acked_bytes());
}

#[test]
fn mtcp_freezes_the_sender_through_handoffs() {
    let text = example("mtcp-handoff.toml");
    let frozen = run_text(&text, &[], Recording::Series);
    let plain = run_text(&text, &["middleboxes.mtcp.mtcp.freeze=false"], Recording::Series);
    let (f, p) = (frozen.summary(), plain.summary());
    assert_eq!(f.flows[0].timeouts, 0);
    assert_eq!(f.middleboxes[0].freezes, Some(2));
    assert!(p.flows[0].timeouts >= 2);
    // Through the 3 s handoff at 20 s (the zero window reaches the sender 20 ms later)
    // the frozen sender keeps its window; the other collapses.
    let before = at(&frozen, "flows.ftp.cwnd", 20_100_000_000);
    assert_eq!(at(&frozen, "flows.ftp.cwnd", 22_999_999_999), before);
    assert!(before > 10.0);
    assert_eq!(at(&plain, "flows.ftp.cwnd", 22_999_999_999), 1.0);
    assert!(f.flows[0].goodput_bps > p.flows[0].goodput_bps);
}

#[test]
fn middlebox_runs_are_deterministic_and_slice_independent() {
    for name in ["snoop.toml", "split-proxy.toml", "mtcp-handoff.toml", "file-transfer.toml", "cbr-udp.toml"] {
        let text = example(name);
        let whole = run_text(&text, &["duration=5s"], Recording::Summary).summary();
        let again = run_text(&text, &["duration=5s"], Recording::Full).summary();
        assert_eq!(whole, again, "{name}");
        let mut sliced = common::build_text(&text, &common::overrides(&["duration=5s"]), Recording::Summary);
        while !sliced.step(777) {}
        assert_eq!(whole, sliced.summary(), "{name}");
    }
}
