//! Seed 004's estimator in a whole run: its error is the same for every marked
//! segment (only t_0 is guessed), and Fast Increase opens the window sooner
//! when ACKs come back late.

use ackscope_engine::packet::{flags, PacketKind};
use ackscope_engine::record::{Fate, Recording};
use ackscope_engine::Simulation;

mod common;
use common::points as series;

fn run(sets: &[&str], recording: Recording) -> Simulation {
    common::run("seed004/asymmetric.toml", sets, recording)
}

#[test]
fn the_estimate_is_off_by_one_constant_for_every_marked_segment() {
    // A queue builds on the forward path (slow start at 256 kbit/s) and drains.
    let sim = run(&["links.asym.forward.rate=256kbps", "duration=60s"], Recording::Full);
    let receiver = sim.node_ids().iter().position(|n| n == "receiver").unwrap();
    let channels = sim.channels();
    // True forward delay of each marked segment, in arrival order.
    let mut truth: Vec<(u64, i64)> = sim
        .trace()
        .records()
        .iter()
        .filter(|r| r.kind == PacketKind::Data && r.flags & flags::MARKED != 0 && r.fate == Fate::Delivered)
        .filter(|r| channels[r.channel.index()].to.index() == receiver)
        .map(|r| {
            let arrival = r.tx_end.0 + channels[r.channel.index()].delay.as_nanos();
            (arrival, arrival as i64 - r.created.0 as i64)
        })
        .collect();
    truth.sort();
    let estimates = series(&sim, "flows.tcp.owd_fwd_est");
    assert!(estimates.len() > 15, "{} estimates", estimates.len());
    // The first two marked segments are probes without estimates.
    let errors: Vec<i64> = estimates
        .iter()
        .zip(&truth[2..])
        .map(|((_, est_s), (_, true_ns))| (est_s * 1e9).round() as i64 - true_ns)
        .collect();
    assert!(errors.iter().all(|&e| e == errors[0]), "errors vary: {:?}", &errors[..10]);
    // The forward delay really moved, so this is not a constant path.
    let (lo, hi) = truth.iter().fold((i64::MAX, i64::MIN), |(lo, hi), t| (lo.min(t.1), hi.max(t.1)));
    assert!(hi - lo > 100_000_000, "forward delay range {} ms", (hi - lo) / 1_000_000);
}

#[test]
fn fast_increase_grows_cwnd_sooner_when_acks_are_late() {
    // An ACK path so slow that ACKs come further apart than twice the forward
    // delay (40 B at 1 kbit/s: 320 ms), where the cwnd timer acts.
    let sets = ["links.asym.forward.rate=1280kbps", "links.asym.reverse.rate=1kbps", "duration=5s"];
    let cwnd_at = |fi: &str, t_s: f64| {
        let mut all = sets.to_vec();
        let fi = format!("flows.tcp.tcp.fast_increase={fi}");
        all.push(&fi);
        let sim = run(&all, Recording::Series);
        let cwnd = series(&sim, "flows.tcp.cwnd");
        cwnd.iter().take_while(|(t, _)| *t as f64 / 1e9 <= t_s).last().unwrap().1
    };
    let (reno, fi) = (cwnd_at("false", 5.0), cwnd_at("true", 5.0));
    assert!(fi > reno, "cwnd at 5 s: Reno {reno}, FI {fi}");
}
