//! Scenario-level checks: the shipped scenario files, analytical throughput
//! bounds, conservation of packets and determinism.

mod common;

use ackscope_engine::record::Recording;
use ackscope_engine::{prepare, Format, Override, Simulation};
use common::{run, scenario_path, scenario_text};
use std::path::{Path, PathBuf};

fn build(rel: &str, recording: Recording) -> Simulation {
    common::build_text(&scenario_text(rel), &[], recording)
}

fn all_scenario_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            all_scenario_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "toml") && !p.to_string_lossy().ends_with(".sweep.toml")
            && !p.to_string_lossy().ends_with(".lesson.toml")
        {
            out.push(p);
        }
    }
}

#[test]
fn every_shipped_scenario_is_valid_and_runs() {
    let mut files = vec![];
    all_scenario_files(&scenario_path(""), &mut files);
    assert!(files.len() >= 3);
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let (scenario, _) =
            prepare(&text, Format::Toml, &[], Recording::Summary).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        // A few simulated seconds are enough to show a scenario works (debug builds are slow),
        // unless the scenario measures a later window.
        let short = if scenario.measure.is_none() { vec![Override::parse("duration=3s").unwrap()] } else { vec![] };
        let (_, mut sim) = prepare(&text, Format::Toml, &short, Recording::Summary).unwrap();
        sim.run();
        let summary = sim.summary();
        assert!(summary.flows.iter().all(|fl| fl.delivered_bytes > 0), "{}: nothing delivered", scenario.id);
        assert!(!scenario.description.is_empty(), "{}: say what it shows", scenario.id);
        if scenario.id.starts_with("seed") {
            assert!(scenario.paper.is_some(), "{}: name the figure it reproduces", scenario.id);
        }
    }
}

/// Delivered-bytes rate between two instants, from the step series.
fn steady_goodput_bps(sim: &Simulation, from_s: f64, to_s: f64) -> f64 {
    let delivered = sim.series().all().iter().find(|s| s.info.name == "flows.ftp.delivered").unwrap();
    let at = |t_s: f64| {
        let t = (t_s * 1e9) as u64;
        let i = delivered.t_ns.partition_point(|&x| x <= t);
        delivered.values[i - 1]
    };
    (at(to_s) - at(from_s)) * 8.0 / (to_s - from_s)
}

fn wired_rtt_s() -> f64 {
    // 2 x (0.1 ms + 100 ms) of propagation; a 1040 B segment and a 40 B ACK
    // serialized on both 0.8 Mbit/s links.
    let tx = |bytes: f64| bytes * 8.0 / 0.8e6;
    2.0 * (0.1e-3 + 100e-3) + 2.0 * tx(1040.0) + 2.0 * tx(40.0)
}

fn assert_within(measured: f64, expected: f64, tolerance: f64) {
    let err = (measured - expected).abs() / expected;
    assert!(err < tolerance, "measured {measured:.1} vs expected {expected:.1} ({:.2} %)", err * 100.0);
}

#[test]
fn window_limited_goodput_is_rwnd_over_rtt() {
    // 10 segments in flight never fill the 0.8 Mbit/s pipe (21 segments): no queue, no loss.
    let sim = run("seed000/wired.toml", &["flows.ftp.tcp.rwnd=10000B", "duration=60s"], Recording::Series);
    let summary = sim.summary();
    assert!(summary.links.iter().all(|l| l.drops == 0));
    // Slow start sends two segments per ACK, so up to half the window waits, once.
    assert!(summary.links.iter().all(|l| l.queue_max_pkts <= 5));
    let expected = 10.0 * 1000.0 * 8.0 / wired_rtt_s();
    assert_within(steady_goodput_bps(&sim, 10.0, 60.0), expected, 0.02);
}

#[test]
fn rate_limited_goodput_is_the_bottleneck_payload_rate() {
    // 30 segments: 21 fill the pipe, 9 wait in the 50-packet queue; no loss.
    let sim = run("seed000/wired.toml", &["flows.ftp.tcp.rwnd=30000B", "duration=60s"], Recording::Series);
    assert!(sim.summary().links.iter().all(|l| l.drops == 0));
    let expected = 0.8e6 * 1000.0 / 1040.0;
    assert_within(steady_goodput_bps(&sim, 10.0, 60.0), expected, 0.02);
}

#[test]
fn a_window_larger_than_pipe_plus_queue_loses_packets_and_recovers() {
    let sim = run("seed000/wired.toml", &["flows.ftp.tcp.rwnd=725KB", "duration=60s"], Recording::Summary);
    let s = sim.summary();
    assert!(s.links.iter().any(|l| l.drops > 0), "slow start must overflow the 50-packet queue");
    assert!(s.flows[0].retransmits > 0);
    // Tahoe still keeps the bottleneck mostly busy.
    assert!(s.flows[0].goodput_bps > 0.6 * 0.8e6 * 1000.0 / 1040.0, "{}", s.flows[0].goodput_bps);
}

#[test]
fn without_window_scaling_the_window_stops_at_65535_bytes() {
    let capped = run("seed000/wired.toml", &["flows.ftp.tcp.rwnd=725KB", "flows.ftp.tcp.window_scaling=false"], Recording::Summary);
    let plain = run("seed000/wired.toml", &["flows.ftp.tcp.rwnd=65535B"], Recording::Summary);
    assert_eq!(capped.summary().digest, plain.summary().digest);
    assert_eq!(capped.sender(0).config().rwnd_segments, 65);
}

#[test]
fn packets_are_conserved_on_every_channel() {
    for rel in ["seed000/wired.toml", "seed000/satellite-symmetric.toml", "seed000/satellite-asymmetric.toml"] {
        for sets in [&[][..], &["flows.ftp.tcp.rwnd=725KB"][..]] {
            let sim = run(rel, sets, Recording::Summary);
            for ch in sim.channel_states() {
                assert_eq!(ch.stats.packets, ch.stats.arrived + ch.in_flight() as u64, "{rel}");
            }
            let (tx, rx) = (sim.sender(0), sim.sink(0));
            assert!(rx.stats.received_packets <= tx.stats().sent_packets);
            assert_eq!(rx.stats.delivered_bytes % 1000, 0);
            assert!(rx.next_expected() <= tx.snd_max());
        }
    }
}

#[test]
fn same_scenario_and_seed_give_the_same_digest() {
    let rel = "seed000/satellite-symmetric.toml";
    let a = run(rel, &[], Recording::Full).summary();
    let b = run(rel, &[], Recording::Summary).summary();
    assert_eq!(a, b, "recording must not change the run");
    let c = run(rel, &["seed=2"], Recording::Summary).summary();
    assert_ne!(a.digest, c.digest, "another seed draws other bit errors");
}

#[test]
fn stepping_in_slices_gives_the_same_run() {
    let rel = "seed000/satellite-asymmetric.toml";
    let whole = run(rel, &[], Recording::Summary).summary();
    let mut sliced = build(rel, Recording::Summary);
    while !sliced.step(1000) {}
    assert_eq!(whole, sliced.summary());
}

#[test]
fn time_and_series_never_go_backwards() {
    let sim = run("seed000/satellite-asymmetric.toml", &["flows.ftp.tcp.rwnd=725KB"], Recording::Full);
    for s in sim.series().all() {
        assert!(s.t_ns.windows(2).all(|w| w[0] <= w[1]), "{} goes back in time", s.info.name);
    }
    let trace = sim.trace().records();
    assert!(!trace.is_empty());
    assert!(trace.windows(2).all(|w| w[0].enqueued <= w[1].enqueued));
    assert!(trace.iter().all(|r| r.enqueued <= r.tx_start && r.tx_start <= r.tx_end));
}
