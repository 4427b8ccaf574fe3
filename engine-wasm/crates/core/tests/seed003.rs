//! Seed 003's tables, run in full and compared cell by cell with ns-2.35 on the
//! same setup (scenarios/seed003/ns2-table*.csv, from tools/ns2/seed003-grid.sh).
//! The floors are the agreement reached (every cell, once same-instant events
//! followed ns-2's floating-point order: docs/event-order.md); a change that
//! moves any mechanism these runs use (senders, sinks, timers, ACK priority,
//! two-way queueing) away from ns-2 lowers them.

use ackscope_engine::{sweep, Override};
use std::path::{Path, PathBuf};

fn seed003(file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../scenarios/seed003").join(file)
}

fn agreement_with_ns2(table: &str) -> sweep::Agreement {
    let loaded = sweep::load(&seed003(&format!("{table}.sweep.toml"))).unwrap_or_else(|e| panic!("{table}: {e}"));
    let results = run_all(&loaded, &[]);
    results.agreement().into_iter().find(|a| a.a == "ours" && a.b == "ns-2").expect("an ns-2 reference")
}

/// Every point of a sweep, with `extra(point)` overrides after the point's own.
fn run_all<'a>(loaded: &'a sweep::Loaded, extra: &[(&str, &str)]) -> sweep::Results<'a> {
    run_points(loaded, |labels| old_defaults_for(labels, extra))
}

fn run_points<'a>(loaded: &'a sweep::Loaded, extra: impl Fn(&[String]) -> Vec<Override>) -> sweep::Results<'a> {
    let runs = sweep::expand(&loaded.spec)
        .into_iter()
        .map(|mut p| {
            p.overrides.extend(extra(&p.labels));
            let summary = loaded.run(&p).unwrap();
            (p, summary)
        })
        .collect();
    sweep::Results { spec: &loaded.spec, runs, references: &loaded.references }
}

/// `extra` for both flows, plus, when given, each sender's clock offset for ns-2's
/// 100 ms tick: its boot_time_ is the same draw times the tick, ten times the
/// offsets two-way.toml and the sweep files give for 10 ms ticks (Vegas agents
/// draw twice when built, so theirs are later draws).
fn old_defaults_for(labels: &[String], extra: &[(&str, &str)]) -> Vec<Override> {
    if extra.is_empty() {
        return vec![];
    }
    let has = |label: &str| labels.iter().any(|l| l == label);
    let (ij, ji) = match (has("Vegas"), has("one-way")) {
        (false, true) => ("55588070ns", "8812270ns"),
        (false, false) => ("1420470ns", "8812270ns"),
        (true, true) => ("1420470ns", "79915550ns"),
        (true, false) => ("44117340ns", "79915550ns"),
    };
    let mut sets: Vec<String> = ["ij", "ji"]
        .iter()
        .flat_map(|flow| extra.iter().map(move |(k, v)| format!("flows.{flow}.tcp.{k}={v}")))
        .collect();
    sets.push(format!("flows.ij.tcp.clock_offset={ij}"));
    sets.push(format!("flows.ji.tcp.clock_offset={ji}"));
    sets.iter().map(|s| Override::parse(s).unwrap()).collect()
}

/// ns-2's timer and window defaults before 2001 (tools/ns2/seed003.tcl with `old`).
const PRE_2001: [(&str, &str); 9] = [
    ("clock_granularity", "100ms"),
    ("min_rto", "0s"),
    ("initial_rto", "6s"),
    ("max_rto", "3600s"),
    ("timerfix", "false"),
    ("rfc2988", "false"),
    ("precision_reduce", "false"),
    ("updated_rttvar", "false"),
    ("ts_echo_bugfix", "false"),
];

/// ns-2.35's own defaults (tools/ns2/seed003.tcl with `ns235`): 40 header
/// bytes a segment (ns-2's Vegas adds none), limited transmit, measured over 50-60 s.
fn ns235_defaults_for(labels: &[String]) -> Vec<Override> {
    let mut sets = vec!["duration=60s".to_string(), "measure.from=50s".into(), "measure.to=60s".into()];
    for flow in ["ij", "ji"] {
        sets.push(format!("flows.{flow}.tcp.limited_transmit=true"));
        if !labels.iter().any(|l| l == "Vegas") {
            sets.push(format!("flows.{flow}.tcp.header=40B"));
        }
    }
    sets.iter().map(|s| Override::parse(s).unwrap()).collect()
}

/// Ours under a preset against ns-2.35 under the same
/// (scenarios/seed003/ns2-<preset>-table*.csv, from `tools/ns2/seed003-grid.sh <preset>`).
fn preset_agreement(table: &str, preset: &str) -> (sweep::Agreement, Vec<String>) {
    let mut loaded = sweep::load(&seed003(&format!("{table}.sweep.toml"))).unwrap();
    let csv = std::fs::read_to_string(seed003(&format!("ns2-{preset}-{table}.csv"))).unwrap();
    loaded.references = vec![(format!("ns-2 {preset}"), sweep::parse_reference(&loaded.spec, &csv).unwrap())];
    let results = match preset {
        "old" => run_all(&loaded, &PRE_2001),
        _ => run_points(&loaded, ns235_defaults_for),
    };
    let reference = &loaded.references[0].1;
    // tools/seed003-preset-table.sh lists these rows in README.md.
    let rows = results
        .runs
        .iter()
        .map(|(p, s)| {
            let ours = sweep::value_of(&loaded.spec.value, s).unwrap();
            let ns2 = reference[&p.labels];
            format!("| {} | {} | {ours:.1} | {ns2:.1} | {:+.1} % |", table, p.labels.join(" / "), (ours / ns2 - 1.0) * 100.0)
        })
        .collect();
    (results.agreement().into_iter().next().unwrap(), rows)
}

#[test]
fn table1_agrees_with_ns2() {
    let a = agreement_with_ns2("table1");
    assert_eq!(a.cells, 240);
    // 239 until same-instant ties followed ns-2 on every link (docs/event-order.md).
    assert!(a.close >= 240, "{a}");
}

#[test]
fn table2_agrees_with_ns2() {
    let a = agreement_with_ns2("table2");
    assert_eq!(a.cells, 240);
    // 237 until same-instant ties followed ns-2 on every link (docs/event-order.md).
    assert!(a.close >= 240, "{a}");
}

#[test]
fn ack_filtering_agrees_with_ns2() {
    // vs-ns2-ack-filtering.sweep.toml: Table 2's two-way runs with ns-2's filteracks_ against none.
    let a = agreement_with_ns2("vs-ns2-ack-filtering");
    assert_eq!(a.cells, 240);
    // 224 when written, with a sender stalled for good (Sack1 10M, SACK sink: 0.0
    // kbit/s): duplicate ACKs were filtered and a refused ACK filtered the queue.
    // 238 until Vegas ran with ns-2's clock offsets (Vegas 2M, TCPSink and Sack1
    // sinks: 1995.2 against 1840.0, pinned by vegas_clock_offsets_are_ns2s_draws).
    assert!(a.close >= 240, "{a}");
}

#[test]
fn under_the_pre_2001_defaults_both_tables_agree_with_ns2_as_well() {
    for table in ["table1", "table2"] {
        let (a, rows) = preset_agreement(table, "old");
        println!("AGREEMENT {table}: {} of {} cells within 1%", a.close, a.cells);
        for r in rows {
            println!("{r}");
        }
        assert_eq!(a.cells, 240);
        // 236 and 233 when written, 238 and 235 once same-instant ties followed
        // ns-2 on FIFO links, 238 and 238 on ACK-priority links too
        // (docs/event-order.md), 240 and 240 once Vegas ran with ns-2's clock
        // offsets (Vegas 56K two-way, TCPSink and Sack1 sinks: 53.6 against 52.8).
        assert!(a.close >= 240, "{table}: {a}");
    }
}

#[test]
fn under_ns2_35s_own_defaults_both_tables_agree_with_ns2_as_well() {
    for table in ["table1", "table2"] {
        let (a, rows) = preset_agreement(table, "ns235");
        println!("AGREEMENT {table}: {} of {} cells within 1%", a.close, a.cells);
        for r in rows {
            println!("{r}");
        }
        assert_eq!(a.cells, 240);
        // 240 and 236 when written; the four ACK-priority cells left closed when
        // their links' ends of transmission followed ns-2's order (docs/event-order.md).
        assert!(a.close >= 240, "{table}: {a}");
    }
}

/// docs/event-order.md, rule 4: an ACK releases two packets onto a full queue at the
/// nanosecond the link ends a transmission. ns-2 (FIFO among equal floating-point
/// times) lets the ACK in first and drops both; running the end of transmission
/// first dropped one and gave 1665.6 kbit/s. ns-2.35: 1246.4 kbit/s
/// (`ns tools/ns2/seed003.tcl TCP/Fack TCPSink 2Mb 1 0 1`).
#[test]
fn ties_at_one_instant_follow_ns2() {
    let text = std::fs::read_to_string(seed003("two-way.toml")).unwrap();
    let mut sets: Vec<String> = ["flows.ij.tcp.variant=fack", "flows.ji.tcp.variant=fack", "links.ij.rate=2Mbps"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    for flow in ["ij", "ji"] {
        sets.extend(PRE_2001.iter().map(|(k, v)| format!("flows.{flow}.tcp.{k}={v}")));
    }
    sets.push("flows.ij.tcp.clock_offset=1420470ns".into());
    sets.push("flows.ji.tcp.clock_offset=8812270ns".into());
    let overrides: Vec<Override> = sets.iter().map(|s| Override::parse(s).unwrap()).collect();
    let (_, mut sim) =
        ackscope_engine::prepare(&text, ackscope_engine::Format::Toml, &overrides, ackscope_engine::record::Recording::Summary)
            .unwrap();
    sim.run();
    let kbps = sim.summary().flows[0].goodput_bps / 1000.0;
    assert!((kbps / 1246.4 - 1.0).abs() < 0.01, "{kbps} kbit/s against ns-2's 1246.4");
}

/// docs/event-order.md, rule 5: on a link with ACK priority, ns-2 ends a data packet's
/// transmission before an arrival at the same instant whose ACK then waits behind the
/// next data packet. Letting the ACK in first gave 8238.4 kbit/s. ns-2.35: 8496.0
/// (`ns tools/ns2/seed003.tcl TCP/Vegas TCPSink/DelAck 10Mb 1 1`).
#[test]
fn ack_priority_ties_follow_ns2() {
    let text = std::fs::read_to_string(seed003("two-way.toml")).unwrap();
    let overrides: Vec<Override> = [
        "flows.ij.tcp.variant=vegas",
        "flows.ji.tcp.variant=vegas",
        "flows.ij.tcp.clock_offset=4411734ns",
        "flows.ji.tcp.clock_offset=7991555ns",
        "flows.ij.receiver.delayed_ack=true",
        "flows.ji.receiver.delayed_ack=true",
        "links.ij.queue.acks_first=true",
    ]
    .iter()
    .map(|s| Override::parse(s).unwrap())
    .collect();
    let (_, mut sim) =
        ackscope_engine::prepare(&text, ackscope_engine::Format::Toml, &overrides, ackscope_engine::record::Recording::Summary)
            .unwrap();
    sim.run();
    let kbps = sim.summary().flows[0].goodput_bps / 1000.0;
    assert!((kbps / 8496.0 - 1.0).abs() < 0.001, "{kbps} kbit/s against ns-2's 8496.0");
}

/// ns-2's Vegas agent draws its clock offset (`boot_time_`) twice when it is built
/// (`TcpAgent::delay_bind_init_all` and `VegasTcpAgent::delay_bind_init_all` both call
/// `reset()`), so two-way its senders hold the default stream's 5th and 6th draws, not
/// the 3rd and 4th as every other agent (ns-2's default stream stands at its 7th draw
/// at 1 s in a two-way Vegas run, at its 5th in the others). With the other agents'
/// offsets ours timed one RTT sample a tick longer or shorter than ns-2, fired a
/// retransmission timeout 20 ms early at 5.41 s and gave 1995.2 kbit/s in this cell
/// with ACK filtering; with ns-2's draws the packet traces are equal through 19.97 s.
/// ns-2.35: 1840.0 (`ns tools/ns2/seed003.tcl TCP/Vegas TCPSink 2Mb 1 filter`).
#[test]
fn vegas_clock_offsets_are_ns2s_draws() {
    let loaded = sweep::load(&seed003("vs-ns2-ack-filtering.sweep.toml")).unwrap();
    let labels = ["Vegas", "2M", "TCPSink", "filter"].map(String::from);
    let point = sweep::expand(&loaded.spec).into_iter().find(|p| p.labels == labels).expect("the Vegas 2M cell");
    let kbps = |p: &sweep::Point| sweep::value_of(&loaded.spec.value, &loaded.run(p).unwrap()).unwrap();
    let ns2 = loaded.references[0].1[&labels.to_vec()];
    assert_eq!(ns2, 1840.0);
    let ours = kbps(&point);
    assert!((ours / ns2 - 1.0).abs() < 0.001, "{ours} kbit/s against ns-2's {ns2}");
    // The cell depends on the offsets: with the other agents' draws it is 8 % off.
    let mut others = point.clone();
    others.overrides.extend(["flows.ij.tcp.clock_offset=142047ns", "flows.ji.tcp.clock_offset=881227ns"].map(|s| Override::parse(s).unwrap()));
    assert!((kbps(&others) / ns2 - 1.0).abs() > 0.05);
}
