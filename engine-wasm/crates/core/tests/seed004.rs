//! Seed 004 at the scenario level: the one-way delay estimator over the
//! paper's Tables 1-3 (asymmetry n x reverse CBR), and TCP Fast Increase
//! against Reno in the first 5 s (Figs. 10-11).

use ackscope_engine::packet::{flags, PacketKind};
use ackscope_engine::record::{Fate, Recording};
use ackscope_engine::sweep::{self, Point};
use ackscope_engine::{Override, Simulation};

mod common;
use common::{points as series, scenario_path};

fn run_file(file: &str, overrides: &[Override], recording: Recording) -> Simulation {
    common::run_overrides(&common::scenario_text(&format!("seed004/{file}")), overrides, recording)
}

fn mean_std(v: &[f64]) -> (f64, f64) {
    let n = v.len() as f64;
    let mean = v.iter().sum::<f64>() / n;
    (mean, (v.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n).sqrt())
}

/// True forward delay (s) of each marked segment the receiver got, in arrival order.
fn marked_forward_delays(sim: &Simulation) -> Vec<f64> {
    let receiver = sim.node_ids().iter().position(|n| n == "receiver").unwrap();
    let channels = sim.channels();
    let mut truth: Vec<(u64, f64)> = sim
        .trace()
        .records()
        .iter()
        .filter(|r| r.kind == PacketKind::Data && r.flags & flags::MARKED != 0 && r.fate == Fate::Delivered)
        .filter(|r| channels[r.channel.index()].to.index() == receiver)
        .map(|r| {
            let arrival = r.tx_end.0 + channels[r.channel.index()].delay.as_nanos();
            (arrival, (arrival - r.created.0) as f64 / 1e9)
        })
        .collect();
    truth.sort_by_key(|t| t.0);
    truth.into_iter().map(|t| t.1).collect()
}

/// Estimated and true forward delay of the marked segments of one run, and the
/// naive RTT/2 guess: (estimates, truths, rtt_halves), in seconds.
fn estimates_and_truth(overrides: &[Override]) -> (Vec<f64>, Vec<f64>, Vec<f64>) {
    let sim = run_file("asymmetric.toml", overrides, Recording::Full);
    let est: Vec<f64> = series(&sim, "flows.tcp.owd_fwd_est").iter().map(|e| e.1).collect();
    let truth = marked_forward_delays(&sim);
    // Which marked segments the estimates belong to: the probes (at least the first
    // two) have none, nor a round a timeout abandoned, nor the last one if its echo is
    // still on its way. The estimates are consecutive samples, so they line up with
    // the run of truths that fits them best.
    let spread = |k: usize| {
        let errors: Vec<f64> = est.iter().zip(&truth[k..]).map(|(e, t)| e - t).collect();
        mean_std(&errors).1
    };
    let k = (2..=truth.len() - est.len()).min_by(|&a, &b| spread(a).total_cmp(&spread(b))).unwrap();
    let rtt_half: Vec<f64> = series(&sim, "flows.tcp.rtt_half").iter().map(|e| e.1).collect();
    (est.clone(), truth[k..k + est.len()].to_vec(), rtt_half)
}

#[test]
fn the_estimate_tracks_the_true_forward_delay_in_every_cell_of_tables_1_to_3() {
    let loaded = sweep::load(&scenario_path("seed004/asymmetry.sweep.toml")).unwrap();
    let points = sweep::expand(&loaded.spec);
    assert_eq!(points.len(), 27);
    for Point { labels, overrides } in points {
        let (est, truth, rtt_half) = estimates_and_truth(&overrides);
        let ((em, es), (tm, ts), (hm, _)) = (mean_std(&est), mean_std(&truth), mean_std(&rtt_half));
        // `cargo test --test seed004 -- --nocapture` prints the README's table.
        println!("| {} | {} | {em:.4} | {es:.4} | {tm:.4} | {ts:.4} | {hm:.4} |", labels[0], labels[1]);
        let cell = format!("n = {}, reverse CBR {}", labels[0], labels[1]);
        // The paper's tables: the two standard deviations agree to the printed digits,
        // since only t_0 is guessed and the error is one constant (the variation is
        // tracked exactly). 1e-6 s allows for the summation's rounding only.
        assert!((es - ts).abs() < 1e-6, "{cell}: std {es} against {ts}");
        // The point of the estimator: closer than RTT/2 in every cell, the
        // asymmetric ones (n = 0.1 and 10) by a wide margin.
        assert!((em - tm).abs() < (hm - tm).abs(), "{cell}: estimate {em}, RTT/2 {hm}, truth {tm}");
    }
}

#[test]
fn with_a_fast_forward_path_the_mean_error_is_a_few_milliseconds_even_with_reverse_traffic() {
    // Tables 1-3 at n = 10 and 7 with 0 and 30 kbit/s of reverse CBR: the paper's
    // mean error is 1 ms. Ours is t_0's error, 1-6 ms in these cells (t_0 is RTT/2 of
    // a first round trip of about 213 ms, nearly symmetric before queues build); 10 ms
    // bounds it while a t_0 of 3/4 or 1/4 of that RTT (about 53 ms off) fails. The 100 kbit/s
    // column is left out: there the ACK queue grows while t_0 is chosen, t_0 is RTT/4
    // and the error 56-63 ms (README.md).
    for (rate, cbr) in [("1280kbps", None), ("1280kbps", Some("30kbps")), ("896kbps", None), ("896kbps", Some("30kbps"))] {
        let mut sets = vec![format!("links.asym.forward.rate={rate}")];
        if let Some(c) = cbr {
            sets.push("flows.rcbr.enabled=true".into());
            sets.push(format!("flows.rcbr.app.rate={c}"));
        }
        let overrides = common::overrides(&sets);
        let (est, truth, _) = estimates_and_truth(&overrides);
        let error = mean_std(&est).0 - mean_std(&truth).0;
        assert!(error.abs() < 0.010, "{rate}, CBR {cbr:?}: mean error {:.1} ms", error * 1e3);
    }
}

/// The sessions scenario with Fast Increase off or on for session 1 (the only one enabled).
fn session(fast_increase: bool, extra: &[&str]) -> Simulation {
    let mut sets = vec![format!("flows.s1.tcp.fast_increase={fast_increase}")];
    sets.extend(extra.iter().map(|s| s.to_string()));
    let overrides = common::overrides(&sets);
    run_file("sessions.toml", &overrides, Recording::Series)
}

fn cwnd_at(sim: &Simulation, t_s: f64) -> f64 {
    series(sim, "flows.s1.cwnd").iter().take_while(|(t, _)| *t as f64 / 1e9 <= t_s).last().unwrap().1
}

fn goodput_bps(sim: &Simulation) -> f64 {
    sim.summary().flows.iter().find(|f| f.id == "s1").unwrap().goodput_bps
}

#[test]
fn fast_increase_is_ahead_of_reno_in_the_first_five_seconds() {
    let (reno, fi) = (session(false, &[]), session(true, &[]));
    // Fig. 10: FI's cwnd is never behind Reno's, and ahead while slow start runs
    // (here 36 against 32 segments at 4 s; both reach the 44-segment window by 5 s).
    for tenth in 1..=50 {
        let t = tenth as f64 / 10.0;
        assert!(cwnd_at(&fi, t) >= cwnd_at(&reno, t), "at {t} s: FI {} < Reno {}", cwnd_at(&fi, t), cwnd_at(&reno, t));
    }
    assert!(cwnd_at(&fi, 4.0) >= cwnd_at(&reno, 4.0) + 2.0, "at 4 s: FI {}, Reno {}", cwnd_at(&fi, 4.0), cwnd_at(&reno, 4.0));
    // Fig. 11: more data through in the 5 s. The paper: ~17 %; ours 5.7 %
    // (README.md); 3 % keeps clear of a timer that never fires (0 %).
    let gain = goodput_bps(&fi) / goodput_bps(&reno) - 1.0;
    assert!(gain > 0.03, "FI gains {:.1} %", gain * 100.0);
}

#[test]
fn without_reverse_traffic_the_delays_hold_still_and_fast_increase_never_fires() {
    // t_0 is then RTT/2, FI's timer period a whole RTT, and every ACK comes sooner:
    // FI and Reno make the very same run (see sessions.toml).
    let (reno, fi) = (session(false, &["flows.rcbr.enabled=false"]), session(true, &["flows.rcbr.enabled=false"]));
    assert_eq!(series(&fi, "flows.s1.cwnd"), series(&reno, "flows.s1.cwnd"));
    assert_eq!(goodput_bps(&fi), goodput_bps(&reno));
}
