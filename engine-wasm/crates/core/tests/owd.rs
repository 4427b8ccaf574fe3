//! Seed 004's estimator in a whole run: every estimate against the true delay
//! of the very segment it is for, and Fast Increase opening the window sooner
//! when ACKs come back late.

use ackscope_engine::record::Recording;
use ackscope_engine::Simulation;

mod common;
use common::owd_truth::{pair_estimates, Paired};
use common::points as series;

fn run(sets: &[&str], recording: Recording) -> Simulation {
    common::run("seed004/asymmetric.toml", sets, recording)
}

fn paired(sets: &[&str]) -> Vec<Paired> {
    let sim = run(sets, Recording::Full);
    let pairs = pair_estimates(&sim, "tcp", "sender", "receiver");
    assert!(pairs.len() >= 10, "{} estimates", pairs.len());
    pairs
}

#[test]
fn every_estimate_is_within_its_own_segments_round_trip_and_a_millisecond_or_two_of_its_delay() {
    // A queue builds on the forward path (slow start at 256 kbit/s) and drains,
    // while 100 kbit/s of CBR makes the ACKs' delay vary as well.
    let pairs = paired(&["links.asym.forward.rate=256kbps", "flows.rcbr.enabled=true", "flows.rcbr.app.rate=100kbps", "duration=60s"]);
    for p in &pairs {
        assert!(p.estimate_s >= 0.0 && p.estimate_s <= p.rtt_s, "estimate outside [0, RTT]: {p:?}");
        // The marked SYN's delays differ by 40 bytes' serialization: 1.1 ms at 256 kbit/s.
        assert!(p.error_s().abs() < 0.002, "error {:.1} ms: {p:?}", p.error_s() * 1e3);
    }
    // The forward delay really moved, so this is not a constant path.
    let (lo, hi) = pairs.iter().fold((f64::MAX, f64::MIN), |(lo, hi), p| (lo.min(p.truth_s), hi.max(p.truth_s)));
    assert!(hi - lo > 0.1, "forward delay range {:.0} ms", (hi - lo) * 1e3);
}

#[test]
fn the_issues_negative_estimate_is_gone() {
    // 12.8 kbit/s forward, 100 kbit/s of reverse CBR, 100 s: one estimate was -1.5 s.
    let pairs = paired(&["links.asym.forward.rate=12.8kbps", "flows.rcbr.enabled=true", "flows.rcbr.app.rate=100kbps", "duration=100s"]);
    for p in &pairs {
        assert!(p.estimate_s >= 0.0 && p.estimate_s <= p.rtt_s, "{p:?}");
        // A 40-byte SYN takes 25 ms on this forward link and 2.5 ms on the reverse one:
        // t_0 = RTT/2 is 11 ms low, and stays the error.
        assert!(p.error_s().abs() < 0.012, "error {:.1} ms: {p:?}", p.error_s() * 1e3);
    }
}

#[test]
fn without_a_syn_the_first_sample_is_a_data_segment_and_the_error_is_half_its_asymmetry() {
    // At n = 1 a 1500-byte segment out (94 ms on the wire) against a 40-byte ACK
    // back (2.5 ms): t_0 = RTT/2 is (94 - 2.5) / 2 = 46 ms low, one constant error
    // for every segment, as the variation is tracked exactly.
    let pairs = paired(&["links.asym.forward.rate=128kbps", "flows.tcp.tcp.syn=false"]);
    for p in &pairs {
        assert!((p.error_s() + 0.0462).abs() < 0.0005, "error {:.1} ms: {p:?}", p.error_s() * 1e3);
    }
}

#[test]
fn fast_increase_grows_cwnd_sooner_when_the_ack_path_slows_after_the_start() {
    // The sessions path with a 50 ms ACK channel that 160 kbit/s of CBR, from 0.3 s,
    // overloads: the ACKs' delay grows after t_0 is fixed, the estimate keeps the
    // forward delay short (tracked exactly) while ACKs come further apart than twice
    // it, and the cwnd timer acts. (With a constant asymmetry it cannot: see seed004.rs.)
    let sets = ["links.asym.reverse.delay=50ms", "flows.rcbr.app.start=0.3s", "flows.rcbr.app.rate=160kbps"];
    let session = |fi: &str| {
        let mut all = sets.to_vec();
        let fi = format!("flows.s1.tcp.fast_increase={fi}");
        all.push(&fi);
        common::run("seed004/sessions.toml", &all, Recording::Series)
    };
    let (reno, fi) = (session("false"), session("true"));
    let cwnd_at_end = |sim: &Simulation| series(sim, "flows.s1.cwnd").last().unwrap().1;
    assert!(cwnd_at_end(&fi) > cwnd_at_end(&reno), "cwnd at 5 s: Reno {}, FI {}", cwnd_at_end(&reno), cwnd_at_end(&fi));
    let goodput = |sim: &Simulation| common::flow(&sim.summary(), "s1").goodput_bps;
    // Measured: 429.8 against 488.2 kbit/s (+13.6 %).
    assert!(goodput(&fi) > goodput(&reno) * 1.05, "goodput: Reno {}, FI {}", goodput(&reno), goodput(&fi));
}
