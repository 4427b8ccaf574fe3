//! Five TCP flows through a 10 Mbit/s bottleneck under DropTail, CoDel,
//! FQ-CoDel and PIE (scenarios/examples/aqm-five-flows.toml) against ns-3.44
//! on the same setup (`python3 tools/ns3/aqm.py --time 30`). The table and
//! the reasons for each tolerance are in tools/ns3/README.md: goodput within
//! 2%, mean RTT within 10%, mean sojourn time within 25% (CoDel's 20%: ns-3's
//! sojourn leaves out the wait in the device's one-packet queue), drops within
//! 50% (a handful of loss episodes in 25 s decide them), Jain's index within 0.05.

mod common;

use ackscope_engine::record::Recording;
use common::{run, series};

struct Ns3 {
    queue: &'static str,
    goodput_total_bps: f64,
    rtt_mean_s: f64,
    /// Mean sojourn time in the bottleneck queue (ns-3's SojournTime trace).
    sojourn_mean_s: f64,
    drops: f64,
    jain: f64,
}

/// tools/ns3/aqm.py's output (ns-3.44, RngRun 1, 30 s, goodput from 5 s).
const NS3: &[Ns3] = &[
    Ns3 { queue: "droptail", goodput_total_bps: 9_487_360.0, rtt_mean_s: 0.19509, sojourn_mean_s: 0.13297, drops: 297.0, jain: 0.8781 },
    Ns3 { queue: "codel", goodput_total_bps: 9_265_280.0, rtt_mean_s: 0.07244, sojourn_mean_s: 0.01085, drops: 260.0, jain: 0.8370 },
    Ns3 { queue: "fq_codel", goodput_total_bps: 9_371_520.0, rtt_mean_s: 0.07129, sojourn_mean_s: 0.01040, drops: 379.0, jain: 0.9665 },
    Ns3 { queue: "pie", goodput_total_bps: 9_357_120.0, rtt_mean_s: 0.08077, sojourn_mean_s: 0.01920, drops: 548.0, jain: 0.8733 },
];

fn jain(x: &[f64]) -> f64 {
    let sum: f64 = x.iter().sum();
    sum * sum / (x.len() as f64 * x.iter().map(|v| v * v).sum::<f64>())
}

fn within(what: &str, queue: &str, ours: f64, theirs: f64, tolerance: f64) {
    let off = (ours - theirs).abs() / theirs;
    assert!(off <= tolerance, "{queue} {what}: ours {ours}, ns-3 {theirs} ({:.1}% apart, allowed {:.0}%)", off * 100.0, tolerance * 100.0);
}

#[test]
fn five_flows_under_each_queue_agree_with_ns3() {
    for reference in NS3 {
        let q = reference.queue;
        let set = format!("links.bottleneck.queue.kind={q}");
        let sim = run("examples/aqm-five-flows.toml", &[&set], Recording::Series);
        let summary = sim.summary();
        let goodputs: Vec<f64> = summary.flows.iter().map(|f| f.goodput_bps).collect();
        let rtt = summary.flows.iter().map(|f| f.rtt_mean_s.expect("RTT samples")).sum::<f64>() / 5.0;
        let link = summary.links.iter().find(|l| l.id == "bottleneck" && l.from == "r1").expect("the bottleneck");
        within("goodput", q, goodputs.iter().sum(), reference.goodput_total_bps, 0.02);
        within("mean RTT", q, rtt, reference.rtt_mean_s, 0.10);
        within("drops", q, link.drops as f64, reference.drops, 0.50);
        let j = jain(&goodputs);
        assert!((j - reference.jain).abs() <= 0.05, "{q} Jain's index: ours {j}, ns-3 {}", reference.jain);
        if q != "droptail" {
            let (_, sojourns) = series(&sim, "links.bottleneck.forward.sojourn");
            let mean = sojourns.iter().sum::<f64>() / sojourns.len() as f64;
            within("mean sojourn", q, mean, reference.sojourn_mean_s, 0.25);
        }
    }
}

#[test]
fn codel_cures_bufferbloat_for_the_voice_call() {
    let voice_delay = |file: &str| {
        let sim = run(file, &[], Recording::Summary);
        sim.summary().flows.iter().find(|f| f.id == "voice").unwrap().owd_fwd_mean_s.expect("one-way delays")
    };
    let bloated = voice_delay("examples/bufferbloat.toml");
    // DropTail: a 1000-packet buffer kept nearly full, most of 0.83 s.
    assert!(bloated > 0.3, "DropTail: {bloated} s");
    for file in ["examples/bufferbloat-codel.toml", "examples/bufferbloat-fq-codel.toml", "examples/bufferbloat-pie.toml"] {
        let cured = voice_delay(file);
        // 10 ms of propagation plus a queue near the 5 ms (CoDel) or 15 ms (PIE) target.
        assert!(cured < 0.05, "{file}: {cured} s");
    }
}
