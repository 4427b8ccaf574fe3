//! Seed 000's claims on its wireless and satellite paths, in whole runs of the
//! shipped scenarios (scenarios/seed000/). Margins are stated at each check;
//! the measured values they guard are in scenarios/seed000/README.md.

mod common;

use ackscope_engine::record::{Recording, Summary};

fn run(rel: &str, sets: &[&str]) -> Summary {
    common::run(rel, sets, Recording::Summary).summary()
}

fn goodput(s: &Summary) -> f64 {
    s.flows[0].goodput_bps
}

const ITCP: &str = "seed000/wireless-itcp.toml";
/// The paper's I-TCP curves (hundreds of kbit/s) need the 2 Mbit/s radio; 60 s
/// of the 200 s run are enough for the ordering.
const ITCP_2M: [&str; 2] = ["links.radio.rate=2Mbps", "duration=60s"];

#[test]
fn snoop_lifts_goodput_on_the_itcp_path_and_sack_lifts_it_again() {
    let e2e = run(ITCP, &[ITCP_2M[0], ITCP_2M[1], "middleboxes.itcp.enabled=false"]);
    let snoop = run(ITCP, &[ITCP_2M[0], ITCP_2M[1], "middleboxes.itcp.enabled=false", "middleboxes.snoop.enabled=true"]);
    let snoop_sack = run(
        ITCP,
        &[
            ITCP_2M[0],
            ITCP_2M[1],
            "middleboxes.itcp.enabled=false",
            "middleboxes.snoop.enabled=true",
            "middleboxes.snoop.snoop.sack=true",
            "flows.ftp.tcp.variant=sack1",
            "flows.ftp.receiver.sack=true",
        ],
    );
    // Measured 185 -> 312 kbit/s (seeds 2 and 3: x1.30, x1.43); 20 % is the floor a
    // Snoop that failed to hide radio losses (each one halving Reno's window) would miss.
    assert!(goodput(&snoop) > 1.2 * goodput(&e2e), "Snoop {} vs end to end {}", goodput(&snoop), goodput(&e2e));
    assert!(snoop.middleboxes[0].local_retransmits.unwrap() > 0);
    // The paper: SACK adds 40-50 kbit/s to Snoop (Fig. 15(b)); ours adds far more
    // (312 -> 659 kbit/s), since Snoop then resends every hole the SACK blocks show.
    assert!(goodput(&snoop_sack) > goodput(&snoop) + 40e3, "Snoop+SACK {} vs Snoop {}", goodput(&snoop_sack), goodput(&snoop));
}

#[test]
fn the_itcp_split_acknowledges_at_the_base_station() {
    let split = run(ITCP, &ITCP_2M);
    let e2e = run(ITCP, &[ITCP_2M[0], ITCP_2M[1], "middleboxes.itcp.enabled=false"]);
    // The fixed host's RTT is the wired one: 4 ms plus its own 50-packet queue at
    // 2 Mbit/s (at most 208 ms; 153 ms on average here), below the radio's 400 ms.
    assert!(split.flows[0].rtt_mean_s.unwrap() < 0.25, "{:?}", split.flows[0].rtt_mean_s);
    assert!(e2e.flows[0].rtt_mean_s.unwrap() > 0.4);
    assert!(split.middleboxes[0].spoofed_acks.unwrap() > 1000);
}

#[test]
fn mtcp_avoids_timeouts_during_handoffs() {
    // Bit errors off, so every timeout is a handoff's.
    let rel = "seed000/wireless-mtcp.toml";
    let frozen = run(rel, &["links.radio.errors.ber=0"]);
    let plain = run(rel, &["links.radio.errors.ber=0", "middleboxes.mtcp.mtcp.freeze=false"]);
    assert_eq!(frozen.flows[0].timeouts, 0);
    assert_eq!(frozen.middleboxes[0].freezes, Some(2));
    // At least one timeout per handoff without the freeze (the 3 s one backs off twice).
    assert!(plain.flows[0].timeouts >= 2, "{}", plain.flows[0].timeouts);
    assert!(goodput(&frozen) > goodput(&plain));
}

const ASYM: &str = "seed000/satellite-asymmetric.toml";

#[test]
fn window_scaling_gains_on_the_satellite() {
    // Loss-free, so the window alone decides: 64 KB per 0.4 s is 1.3 Mbit/s on Fig. 8's
    // 2 Mbit/s downlink. The paper: +12-13 % on satellite; ours +27 % over 60 s
    // (Reno's slow start overshoots the 50-packet queue once with the larger window,
    // so the gain shows only after it has recovered). 10 % is the paper's floor.
    // At 10 Mbit/s the gain is +27 % too, as in ns-2.35 (tools/seed000-window-scale.sh).
    let no_errors = ["links.hub-sat.errors.ber=0", "links.sat-terminal.errors.ber=0", "links.hub-sat.forward.rate=2Mbps", "links.sat-terminal.forward.rate=2Mbps"];
    let plain = run(ASYM, &no_errors);
    let with = |extra: &[&'static str]| run(ASYM, &[&no_errors[..], extra].concat());
    let scaled = with(&["flows.ftp.tcp.rwnd=725KB"]);
    assert!(goodput(&scaled) > 1.10 * goodput(&plain), "725KB {} vs 64KB {}", goodput(&scaled), goodput(&plain));
    // Without the option the 725 KB buffer is worth 65535 B: the same run.
    let unscaled = with(&["flows.ftp.tcp.rwnd=725KB", "flows.ftp.tcp.window_scaling=false"]);
    assert_eq!(unscaled.digest, plain.digest);
}

/// Mean bytes delivered in 10 s over four seeds (bit errors make single runs noisy).
fn delivered_with_downlink_ber(ber: &str) -> f64 {
    let runs = (1..=4).map(|seed| {
        let sets = [
            "duration=10s".to_string(),
            format!("seed={seed}"),
            "links.hub-sat.forward.rate=2Mbps".into(),
            "links.sat-terminal.forward.rate=2Mbps".into(),
            "flows.ftp.tcp.rwnd=725KB".into(),
            "links.hub-sat.errors.ber=0".into(),
            "links.sat-terminal.errors.ber=0".into(),
            format!("links.sat-terminal.forward.errors.ber={ber}"),
        ];
        let sets: Vec<&str> = sets.iter().map(String::as_str).collect();
        run(ASYM, &sets).flows[0].delivered_bytes as f64
    });
    runs.sum::<f64>() / 4.0
}

#[test]
fn bit_errors_cut_the_satellite_transfer() {
    // Fig. 8's setting: 2 Mbit/s down, 1 Mbit/s up, window scaling, errors on the
    // data's way down. The paper: BER 1e-6 delivers about 64 % and 1e-5 about 29 % of
    // the loss-free transfer. Ours over 10 s: about 59 % and 9 % (eight seeds). The
    // 1e-6 ratio is held to 45-80 % around the paper's 64 %; at 1e-5 a 1040 B segment
    // is lost with 8 %, and no loss-driven TCP keeps 29 % of a loss-free run at that
    // rate over a 0.4 s RTT, so we only require it below the paper's figure and below
    // half the 1e-6 one (README.md discusses the gap).
    let clean = delivered_with_downlink_ber("0");
    let (r6, r5) = (delivered_with_downlink_ber("1e-6") / clean, delivered_with_downlink_ber("1e-5") / clean);
    assert!((0.45..0.80).contains(&r6), "BER 1e-6 delivers {:.0} %", r6 * 100.0);
    assert!(r5 < 0.29 && r5 < r6 / 2.0 && r5 > 0.0, "BER 1e-5 delivers {:.0} %", r5 * 100.0);
}

#[test]
fn added_knobs_leave_the_default_runs_alone() {
    // The ECN and Snoop knobs' "off" settings are the files' defaults.
    for (rel, link) in [("seed000/wired.toml", "access"), ("seed000/satellite-symmetric.toml", "uplink"), (ASYM, "hub-sat")] {
        let base = run(rel, &["duration=5s"]);
        let off = run(
            rel,
            &["duration=5s", &format!("links.{link}.queue.kind=droptail"), &format!("links.{link}.queue.red.ecn=false"), "flows.ftp.tcp.ecn=false"],
        );
        assert_eq!(base.digest, off.digest, "{rel}");
    }
}
