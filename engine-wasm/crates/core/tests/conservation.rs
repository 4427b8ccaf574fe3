//! Packet conservation after every shipped scenario, and the split proxy's
//! counters kept per leg.
//!
//! Per link: every packet offered to a channel was refused by its queue,
//! or admitted, and an admitted one has arrived (intact, or corrupted and
//! discarded), is still in flight or queued, or was filtered from the queue.
//! Per flow: the receiver got at most what was sent for it, counting what a
//! middlebox sent on the sender's behalf.

mod common;

use ackscope_engine::middlebox::Middlebox;
use ackscope_engine::record::Recording;
use ackscope_engine::{prepare, Format, Override, Simulation};
use std::path::{Path, PathBuf};

fn shipped(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            shipped(&p, out);
        } else if p.extension().is_some_and(|e| e == "toml")
            && !p.to_string_lossy().ends_with(".sweep.toml")
            && !p.to_string_lossy().ends_with(".lesson.toml")
        {
            out.push(p);
        }
    }
}

/// The scenario run for at most 20 s (its own duration if a window needs it).
fn run(path: &Path) -> Simulation {
    let text = std::fs::read_to_string(path).unwrap();
    let short = [Override::parse("duration=20s").unwrap()];
    let (_, mut sim) = prepare(&text, Format::Toml, &short, Recording::Summary)
        .or_else(|_| prepare(&text, Format::Toml, &[], Recording::Summary))
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    if sim.end().as_secs_f64() > 20.0 {
        sim.run_within(u64::MAX, |s| s.now().as_secs_f64() > 20.0);
    } else {
        sim.run();
    }
    sim
}

fn check(name: &str, sim: &Simulation) {
    for (ch, rc) in sim.channel_states().iter().zip(sim.channels()) {
        let st = &ch.stats;
        assert_eq!(st.packets, st.arrived + ch.in_flight() as u64 + st.filtered + st.queue_drops, "{name}: {} admitted", rc.name);
        assert!(st.corrupted + st.outage_losses <= st.arrived + ch.in_flight() as u64, "{name}: {} lost more than it carried", rc.name);
    }
    let split = sim.middleboxes().find_map(|(_, m)| match m {
        Middlebox::Split(p) => Some(p),
        _ => None,
    });
    let local: u64 = sim.middleboxes().map(|(_, m)| if let Middlebox::Snoop(s) = m { s.stats.local_retransmits } else { 0 }).sum();
    for (i, id) in sim.flow_ids().enumerate() {
        if let Some((tx, rx)) = sim.udp(i) {
            assert!(rx.stats.received_packets <= tx.stats.sent_packets, "{name}: {id}");
            continue;
        }
        let (tx, rx) = (sim.sender(i), sim.sink(i));
        let f = &sim.summary().flows[i];
        match split.and_then(|p| Some((p, p.connection_of(ackscope_engine::ids::FlowId(i as u16))?))) {
            Some((p, c)) => {
                assert!(p.leg1(c).stats.received_packets <= tx.stats().sent_packets, "{name}: {id} leg 1");
                assert!(rx.stats.received_packets <= p.leg2(c).stats().sent_packets, "{name}: {id} leg 2");
                // Duplicates at the proxy come from the sender's own retransmissions.
                assert!(f.spurious_retransmits <= f.retransmits, "{name}: {id}: {} spurious of {} retransmits", f.spurious_retransmits, f.retransmits);
            }
            None => {
                assert!(rx.stats.received_packets <= tx.stats().sent_packets + local, "{name}: {id}");
            }
        }
    }
}

#[test]
fn every_shipped_scenario_conserves_packets() {
    let mut files = vec![];
    shipped(&common::scenario_path(""), &mut files);
    assert!(files.len() > 20, "{} scenarios", files.len());
    for path in files {
        let sim = run(&path);
        check(&path.to_string_lossy(), &sim);
    }
}

#[test]
fn a_split_flow_counts_spurious_retransmissions_per_leg() {
    // examples/split-proxy: the sender never retransmits; the proxy's second
    // leg resends 7 segments needlessly. They were the flow's own before.
    let sim = common::run_text(&common::scenario_text("examples/split-proxy.toml"), &[], Recording::Summary);
    let s = sim.summary();
    let (f, m) = (&s.flows[0], &s.middleboxes[0]);
    assert_eq!((f.retransmits, f.spurious_retransmits, f.spurious_timeouts), (0, 0, 0));
    assert_eq!((m.leg2_spurious_retransmits, m.leg2_spurious_timeouts), (Some(7), Some(1)));
    assert!(m.leg2_retransmits.unwrap() >= 7);
}

#[test]
fn a_middlebox_handles_a_hundred_flows_with_their_own_timers() {
    // Timer kinds were packed as (3i + k) as u8: flows above 85 fired another's timers.
    let mut text = String::from("version = 1\nid = \"t\"\ntitle = \"T\"\nduration = \"3s\"\n");
    text += "nodes = [{ id = \"a\" }, { id = \"p\" }, { id = \"b\" }]\n";
    text += "links = [{ id = \"ap\", a = \"a\", b = \"p\", rate = \"100Mbps\", delay = \"5ms\" }, { id = \"pb\", a = \"p\", b = \"b\", rate = \"10Mbps\", delay = \"20ms\", outages = { mode = \"drop\", intervals = [{ from = \"1s\", to = \"1.5s\" }] } }]\n";
    let ids: Vec<String> = (0..100).map(|i| format!("\"f{i}\"")).collect();
    for i in 0..100 {
        text += &format!("[[flows]]\nid = \"f{i}\"\nfrom = \"a\"\nto = \"b\"\napp = {{ start = \"{}ms\" }}\n", i);
    }
    text += &format!("[[middleboxes]]\nid = \"m\"\nkind = \"split\"\nnode = \"p\"\nflows = [{}]\n", ids.join(", "));
    let sim = common::run_text(&text, &[], Recording::Summary);
    check("100 split flows", &sim);
    let Some((_, Middlebox::Split(p))) = sim.middleboxes().next() else { panic!("a split proxy") };
    // The outage makes second legs with data out time out, each on its own
    // timer; with wrapped kinds those of connections 86 to 99 never fired.
    let timed_out: Vec<usize> = (0..100).filter(|&c| p.leg2(c).stats().timeouts > 0).collect();
    assert!(timed_out.len() >= 50, "{} of 100 timed out", timed_out.len());
    assert!(timed_out.iter().filter(|&&c| c >= 86).count() >= 10, "{timed_out:?}");
}
