//! Properties that hold for every scenario, checked over random ones: packets
//! are conserved on every channel and at every node (counting what middleboxes
//! create and absorb), receivers get only what was sent for them, losses,
//! RED's work, ARQ retries and fragments appear only where a mechanism makes
//! them, time and series never go backwards, cwnd never falls below one
//! segment, and a run depends only on its scenario and seed (not on recording
//! or stepping). The scenarios mix RED (with and without ECN), ACK priority
//! and filtering, a shared buffer, bit errors, Gilbert-Elliott bursts, outages
//! (drop and hold), ARQ, MTU fragmentation, capacity traces, finite files, CBR
//! over UDP, and a Snoop, split-proxy or M-TCP middlebox on an inner node.

use ackscope_engine::record::Recording;
use ackscope_engine::middlebox::Middlebox;
use ackscope_engine::net::fragment::Fragments;
use ackscope_engine::record::trace::Fate;
use ackscope_engine::{prepare, Format, Simulation};
use proptest::prelude::*;
use proptest::test_runner::{RngSeed, TestCaseError};
use serde_json::{json, Value};

/// Per link: queue kind (0 droptail, 1 RED, 2 RED with ECN), ACK filtering,
/// a share of the shared buffer, Gilbert-Elliott bursts, an outage, ARQ, an MTU
/// and a capacity trace (forward), each optional.
fn link_features() -> impl Strategy<Value = Value> {
    (
        (0u8..3, any::<bool>(), any::<bool>()),
        prop::option::weighted(0.2, (50u64..3000, 5u64..300, prop::sample::select(vec![0.3, 1.0]))),
        prop::option::weighted(0.2, (any::<bool>(), 0u64..8000, 10u64..2000, prop::option::of(1u64..5000))),
        prop::option::weighted(0.2, (1u32..6, 5u64..200)),
        prop::option::weighted(0.2, prop::sample::select(vec![68u32, 296, 576, 1006])),
        prop::option::weighted(0.15, prop::collection::vec(0u64..6, 1..30)),
    )
        .prop_map(|((queue, filter_acks, shared), gilbert, outage, arq, mtu, trace)| {
            let mut link = json!({});
            let mut queue_spec = json!({ "filter_acks": filter_acks });
            if queue > 0 {
                queue_spec["kind"] = json!("red");
                queue_spec["red"] = json!({ "ecn": queue == 2 });
            }
            if shared {
                queue_spec["buffer"] = json!("shared");
            }
            link["queue"] = queue_spec;
            let mut errors = json!({});
            if let Some((good_ms, bad_ms, loss_bad)) = gilbert {
                errors["gilbert"] = json!({ "mean_good": format!("{good_ms}ms"), "mean_bad": format!("{bad_ms}ms"), "loss_bad": loss_bad });
            }
            if let Some((max_tries, retry_ms)) = arq {
                errors["arq"] = json!({ "max_tries": max_tries, "retry_delay": format!("{retry_ms}ms") });
            }
            link["errors"] = errors;
            if let Some((hold, from_ms, len_ms, gap_ms)) = outage {
                let mut o = json!({
                    "mode": if hold { "hold" } else { "drop" },
                    "intervals": [{ "from": format!("{from_ms}ms"), "to": format!("{}ms", from_ms + len_ms) }],
                });
                if let Some(gap) = gap_ms {
                    o["every"] = json!(format!("{}ms", from_ms + len_ms + gap));
                }
                link["outages"] = o;
            }
            if let Some(mtu) = mtu {
                link["mtu"] = json!(format!("{mtu}B"));
            }
            if let Some(gaps) = trace {
                let ms: Vec<u64> = gaps.iter().scan(0, |t, g| { *t += g; Some(*t) }).collect();
                let mut ms = ms;
                *ms.last_mut().unwrap() += 1; // the last timestamp must be above 0
                link["forward"] = json!({ "capacity_trace": { "ms": ms } });
            }
            link
        })
}

/// Per flow: 0 endless TCP, 1 a finite file, 2 CBR over UDP.
fn app() -> impl Strategy<Value = (u8, &'static str, &'static str, &'static str)> {
    (
        0u8..3,
        prop::sample::select(vec!["3KB", "50KB", "500KB"]),
        prop::sample::select(vec!["16kbps", "200kbps", "2Mbps"]),
        prop::sample::select(vec!["200B", "1000B", "1500B"]),
    )
}

/// A middlebox on an inner node: kind (0 Snoop, 1 split proxy, 2 M-TCP) and its settings.
fn middlebox() -> impl Strategy<Value = Option<(u8, usize, bool, bool, (u64, u64))>> {
    prop::option::weighted(0.5, (0u8..3, 0usize..3, any::<bool>(), any::<bool>(), (0u64..10_000, 10u64..4000)))
}

/// A chain of hosts and routers with random links, flows either way, and the
/// link, application and middlebox mechanisms.
fn scenario() -> impl Strategy<Value = Value> {
    let link = (
        prop::sample::select(vec!["56kbps", "512kbps", "2Mbps", "10Mbps", "100Mbps"]),
        prop::sample::select(vec!["56kbps", "128kbps", "2Mbps", "10Mbps"]),
        0u64..300,
        2u32..80,
        prop::sample::select(vec![0.0, 1e-7, 1e-6, 1e-5]),
        any::<bool>(),
        link_features(),
    );
    let flow = (
        prop::sample::select(vec!["tahoe", "reno", "newreno", "sack1", "fack", "vegas", "cubic", "bbr"]),
        (any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>()),
        (1u32..5, prop::sample::select(vec!["8KB", "64KB", "725KB"]), prop::sample::select(vec![536u32, 1000, 1460])),
        (any::<bool>(), any::<bool>(), any::<bool>(), 0u64..2000),
        app(),
    );
    let buffer = prop::sample::select(vec!["20KB", "100pkt"]);
    (prop::collection::vec(link, 1..5), prop::collection::vec(flow, 1..4), middlebox(), buffer, 1u64..1000, 2u64..30).prop_map(
        |(links, flows, middlebox, buffer, seed, duration_s)| {
            let n = links.len() + 1;
            let nodes: Vec<Value> = (0..n)
                .map(|i| json!({ "id": format!("n{i}"), "kind": if i == 0 || i == n - 1 { "host" } else { "router" } }))
                .collect();
            let links: Vec<Value> = links
                .iter()
                .enumerate()
                .map(|(i, (fwd, rev, delay_ms, limit, ber, acks_first, features))| {
                    let mut l = features.clone();
                    l["id"] = json!(format!("l{i}"));
                    l["a"] = json!(format!("n{i}"));
                    l["b"] = json!(format!("n{}", i + 1));
                    l["delay"] = json!(format!("{delay_ms}ms"));
                    l["queue"]["limit"] = json!(format!("{limit}pkt"));
                    l["queue"]["acks_first"] = json!(acks_first);
                    l["errors"]["ber"] = json!(ber);
                    if l.get("forward").is_none() {
                        l["forward"] = json!({ "rate": fwd });
                    }
                    l["reverse"] = json!({ "rate": rev });
                    l
                })
                .collect();
            let flows: Vec<Value> = flows
                .iter()
                .enumerate()
                .map(|(i, (variant, (delack, sack, ecn, timestamps, syn), (iw, rwnd, mss), (reverse, ns2, owd, start_ms), (app, size, rate, packet)))| {
                    let (from, to) = if *reverse { (n - 1, 0) } else { (0, n - 1) };
                    let mut f = json!({
                        "id": format!("f{i}"), "from": format!("n{from}"), "to": format!("n{to}"),
                        "app": { "start": format!("{start_ms}ms") },
                    });
                    if *app == 2 {
                        f["app"]["kind"] = json!("cbr");
                        f["app"]["rate"] = json!(rate);
                        f["app"]["packet_size"] = json!(packet);
                        return f;
                    }
                    if *app == 1 {
                        f["app"]["kind"] = json!("file");
                        f["app"]["size"] = json!(size);
                    }
                    let fast_increase = *owd && !matches!(*variant, "vegas" | "bbr");
                    f["tcp"] = json!({
                        "variant": variant, "mss": format!("{mss}B"), "initial_window": iw, "rwnd": rwnd,
                        "ecn": ecn, "timestamps": timestamps, "syn": syn,
                        "rto_estimator": if *ns2 { "ns2" } else { "rfc6298" },
                        "owd_estimator": owd, "fast_increase": fast_increase,
                    });
                    f["receiver"] = json!({ "delayed_ack": delack, "sack": sack });
                    f
                })
                .collect();
            let tcp_flows: Vec<&Value> = flows.iter().filter(|f| f.get("tcp").is_some()).collect();
            let mut middleboxes = Vec::new();
            if let (Some((kind, at, opt_a, opt_b, (from_ms, len_ms))), true) = (middlebox, n >= 3 && !tcp_flows.is_empty()) {
                let ids: Vec<&Value> = tcp_flows.iter().map(|f| &f["id"]).collect();
                let node = format!("n{}", 1 + at % (n - 2));
                let mut m = json!({ "id": "mb", "node": node, "flows": ids });
                match kind {
                    0 => {
                        let all_sack = tcp_flows.iter().all(|f| f["receiver"]["sack"] == json!(true));
                        m["kind"] = json!("snoop");
                        m["snoop"] = json!({ "sack": opt_a && all_sack, "dupacks_passed": opt_b as u32 });
                    }
                    1 => {
                        m["kind"] = json!("split");
                        m["split"] = json!({ "buffer": if opt_a { "16KB" } else { "unlimited" } });
                    }
                    _ => {
                        m["kind"] = json!("mtcp");
                        m["mtcp"] = json!({
                            "freeze": opt_a,
                            "disconnections": [{ "from": format!("{from_ms}ms"), "to": format!("{}ms", from_ms + len_ms) }],
                        });
                    }
                }
                middleboxes.push(m);
            }
            json!({
                "version": 1, "id": "random", "title": "random", "seed": seed,
                "duration": format!("{duration_s}s"), "nodes": nodes, "links": links, "flows": flows,
                "buffers": [{ "id": "shared", "limit": buffer }], "middleboxes": middleboxes,
            })
        },
    )
}

fn build(s: &Value, recording: Recording) -> Simulation {
    let (_, sim) = prepare(&s.to_string(), Format::Json, &[], recording).unwrap_or_else(|e| panic!("{e}\n{s}"));
    sim
}

proptest! {
    // A fixed seed keeps CI reproducible; set PROPTEST_RNG_SEED to explore others.
    #![proptest_config(ProptestConfig {
        cases: 512,
        rng_seed: std::env::var("PROPTEST_RNG_SEED").ok().and_then(|s| s.parse().ok()).map_or(RngSeed::Fixed(2026), RngSeed::Fixed),
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_scenarios_keep_the_invariants(s in scenario()) {
        let mut sim = build(&s, Recording::Full);
        sim.run();
        prop_assert!(sim.summary().flows.iter().any(|f| f.sent_packets > 0), "nothing sent: {}", s);
        check_channels(&sim, &s)?;
        check_flows(&sim, &s)?;
        check_nodes(&sim, &s)?;
        for series in sim.series().all() {
            prop_assert!(series.t_ns.windows(2).all(|w| w[0] <= w[1]), "{} goes back in time", series.info.name);
            if series.info.quantity == ackscope_engine::record::SeriesQuantity::Cwnd {
                prop_assert!(series.values.iter().all(|&c| c >= 1.0), "{} below one segment", series.info.name);
            }
        }
        let trace = sim.trace().records();
        prop_assert!(trace.windows(2).all(|w| w[0].enqueued <= w[1].enqueued));
        prop_assert!(trace.iter().all(|r| r.enqueued <= r.tx_start && r.tx_start <= r.tx_end));

        // The same run without recording, and in small steps.
        let mut quiet = build(&s, Recording::Summary);
        while !quiet.step(777) {}
        prop_assert_eq!(sim.summary(), quiet.summary());
    }
}

/// Every packet a channel admitted arrived, is still there, or was filtered
/// out of its queue; losses and fragments only where a mechanism makes them.
fn check_channels(sim: &Simulation, s: &Value) -> Result<(), TestCaseError> {
    let trace = sim.trace().records();
    for (k, (ch, rc)) in sim.channel_states().iter().zip(sim.channels()).enumerate() {
        let st = &ch.stats;
        prop_assert_eq!(st.packets, st.arrived + ch.in_flight() as u64 + st.filtered + st.queue_drops, "{}", rc.name);
        prop_assert!(st.corrupted + st.outage_losses <= st.packets, "{}", rc.name);
        prop_assert!(st.early_drops <= st.drops, "{}", rc.name);
        let link = &s["links"][rc.link.trim_start_matches('l').parse::<usize>().unwrap()];
        match link["mtu"].as_str() {
            None => prop_assert_eq!(st.fragments, 0, "{}: fragments without an MTU", rc.name),
            Some(mtu) => {
                // At most the fragments of every packet that entered and was not refused.
                let mtu: u32 = mtu.trim_end_matches('B').parse().unwrap();
                let most: u64 = trace
                    .iter()
                    .filter(|r| r.channel.index() == k && r.fate != Fate::QueueDrop && r.size_bytes > mtu)
                    .map(|r| Fragments::of(r.size_bytes, mtu).count as u64)
                    .sum();
                prop_assert!(st.fragments <= most, "{}: {} fragments, at most {most}", rc.name, st.fragments);
            }
        }
        if link["queue"]["kind"].is_null() {
            prop_assert_eq!(st.early_drops + st.marks, 0, "{}: RED at work on a droptail queue", rc.name);
        }
        if link["errors"]["arq"].is_null() {
            prop_assert_eq!(st.arq_retries, 0, "{}", rc.name);
        }
        if link["outages"].is_null() {
            prop_assert_eq!(st.outage_losses, 0, "{}", rc.name);
        }
    }
    Ok(())
}

/// Index of flow `id` in the middlebox's flow list (its connection number).
fn conn_of(s: &Value, id: &str) -> Option<usize> {
    s["middleboxes"][0]["flows"].as_array()?.iter().position(|f| f == id)
}

/// What each receiver got was sent: by the sender, or by a middlebox on its
/// behalf (Snoop's local retransmissions, a split proxy's second leg).
fn check_flows(sim: &Simulation, s: &Value) -> Result<(), TestCaseError> {
    let local_retransmits = sim.middleboxes().map(|(_, m)| match m {
        Middlebox::Snoop(snoop) => snoop.stats.local_retransmits,
        _ => 0,
    }).sum::<u64>();
    let split = sim.middleboxes().find_map(|(_, m)| match m {
        Middlebox::Split(p) => Some(p),
        _ => None,
    });
    let (mut tcp_sent, mut tcp_received) = (0, 0);
    for (i, id) in sim.flow_ids().enumerate() {
        let spec = &s["flows"][i];
        if let Some((tx, rx)) = sim.udp(i) {
            prop_assert!(rx.stats.received_packets <= tx.stats.sent_packets, "{id}");
            prop_assert!(rx.stats.seen_end <= tx.stats.sent_packets, "{id}");
            continue;
        }
        let (tx, rx) = (sim.sender(i), sim.sink(i));
        prop_assert!(rx.stats.delivered_bytes <= rx.stats.received_bytes, "{id}");
        if let Some(size) = spec["app"]["size"].as_str() {
            let size = size.trim_end_matches("KB").parse::<u64>().unwrap() * 1000;
            let f = &sim.summary().flows[i];
            prop_assert!(f.delivered_bytes <= size, "{id}: {} of a {size}-byte file", f.delivered_bytes);
            prop_assert_eq!(f.completion_s.is_some(), f.delivered_bytes == size, "{}", id);
        }
        match (split, conn_of(s, id)) {
            (Some(proxy), Some(c)) => {
                // Leg 1 ends at the proxy, leg 2 starts there; same segments on both.
                let (leg1, leg2) = (proxy.leg1(c), proxy.leg2(c));
                prop_assert!(leg1.stats.received_packets <= tx.stats().sent_packets, "{id}: leg 1");
                prop_assert!(leg1.next_expected() <= tx.snd_max(), "{id}: leg 1");
                prop_assert!(rx.stats.received_packets <= leg2.stats().sent_packets, "{id}: leg 2");
                prop_assert!(rx.next_expected() <= leg2.snd_max(), "{id}: leg 2");
                prop_assert!(rx.stats.delivered_bytes <= leg1.stats.delivered_bytes, "{id}: more out than in");
            }
            _ => {
                prop_assert!(rx.next_expected() <= tx.snd_max(), "{id}");
                tcp_sent += tx.stats().sent_packets;
                tcp_received += rx.stats.received_packets;
            }
        }
    }
    prop_assert!(tcp_received <= tcp_sent + local_retransmits, "received {tcp_received}, sent {tcp_sent} + {local_retransmits} local");
    Ok(())
}

/// Packet conservation at every node: what arrives intact, plus what the node
/// creates, equals what it consumes plus what it offers onwards (admitted or
/// dropped). Routers create and consume nothing; an end host sends what its
/// agents made; a middlebox adds what it made and takes what it absorbed.
/// Packets lost on a link are discarded when they arrive, so a lost one still
/// in flight at the end leaves arrivals known within that many packets.
fn check_nodes(sim: &Simulation, s: &Value) -> Result<(), TestCaseError> {
    let n = sim.node_ids().len();
    let (mut offered, mut in_low, mut in_high) = (vec![0u64; n], vec![0u64; n], vec![0u64; n]);
    for (ch, rc) in sim.channel_states().iter().zip(sim.channels()) {
        let st = &ch.stats;
        offered[rc.from.index()] += st.packets + st.drops;
        let lost = st.corrupted + st.outage_losses;
        let lost_in_flight_most = lost.min(ch.in_flight() as u64);
        in_low[rc.to.index()] += st.arrived.saturating_sub(lost);
        in_high[rc.to.index()] += st.arrived.saturating_sub(lost - lost_in_flight_most);
    }
    // Made and taken at each node: agents at the ends, the middlebox inside.
    let (mut made, mut taken) = (vec![0u64; n], vec![0u64; n]);
    // Taken for sure, and what may be taken on top (ACKs a sender or a split proxy's leg 2 reads).
    let mut taken_more = vec![0u64; n];
    let node = |name: &str| sim.node_ids().iter().position(|x| x == name).unwrap();
    let middlebox_at = |id: &str| node(s["middleboxes"].as_array().unwrap().iter().find(|x| x["id"] == id).unwrap()["node"].as_str().unwrap());
    let split_at = sim.middleboxes().find(|(_, m)| matches!(m, Middlebox::Split(_))).map(|(id, _)| middlebox_at(id));
    for (i, id) in sim.flow_ids().enumerate() {
        let (from, to) = (node(s["flows"][i]["from"].as_str().unwrap()), node(s["flows"][i]["to"].as_str().unwrap()));
        if let Some((tx, rx)) = sim.udp(i) {
            made[from] += tx.stats.sent_packets;
            taken[to] += rx.stats.received_packets;
        } else {
            let (tx, rx) = (sim.sender(i), sim.sink(i));
            made[from] += tx.stats().sent_packets;
            made[to] += rx.stats.acks_sent;
            taken[to] += rx.stats.received_packets;
            // A split flow's sender reads the proxy's ACKs (counted below), the proxy the receiver's.
            if split_at.is_some() && conn_of(s, id).is_some() {
                taken_more[split_at.unwrap()] += rx.stats.acks_sent;
            } else {
                taken_more[from] += rx.stats.acks_sent;
            }
        }
    }
    for (id, m) in sim.middleboxes() {
        let at = middlebox_at(id);
        match m {
            Middlebox::Snoop(snoop) => {
                made[at] += snoop.stats.local_retransmits;
                taken[at] += snoop.stats.suppressed_dupacks;
            }
            Middlebox::Mtcp(mtcp) => {
                let acks = mtcp.stats.freezes + mtcp.stats.window_updates;
                made[at] += acks;
                taken[at] += mtcp.stats.disconnected_drops;
                // The mobile's ACKs, repeated to senders at either end.
                taken_more[0] += acks;
                taken_more[n - 1] += acks;
            }
            Middlebox::Split(proxy) => {
                for c in 0..s["middleboxes"][0]["flows"].as_array().unwrap().len() {
                    made[at] += proxy.leg2(c).stats().sent_packets;
                    taken[at] += proxy.leg1(c).stats.received_packets;
                }
                made[at] += proxy.stats.spoofed_acks;
                taken[at] += proxy.stats.beyond_window;
                // Its ACKs go to senders at either end.
                taken_more[0] += proxy.stats.spoofed_acks;
                taken_more[n - 1] += proxy.stats.spoofed_acks;
            }
        }
    }
    for k in 0..n {
        // in + made = taken + offered, with taken in [taken, taken + taken_more].
        let name = &sim.node_ids()[k];
        let low = (taken[k] + offered[k]).saturating_sub(made[k]);
        let high = (taken[k] + taken_more[k] + offered[k]).saturating_sub(made[k]);
        prop_assert!(
            in_high[k] >= low && in_low[k] <= high,
            "node {name}: {}..{} in, {} made, {}(+{}) taken, {} offered",
            in_low[k], in_high[k], made[k], taken[k], taken_more[k], offered[k]
        );
    }
    Ok(())
}
