//! The engine on small valid scenarios: a shipped example with overrides
//! picked from the input, run within a budget, then checked: no panic,
//! packets conserved on every channel, time monotone, no NaN in any series.
#![no_main]

use ackscope_engine::record::Recording;
use ackscope_engine::scenario::{path, Format, Override};
use ackscope_engine::{prepare, Simulation};
use libfuzzer_sys::fuzz_target;

const BASES: [&str; 4] = [
    include_str!("../../scenarios/seed000/wired.toml"),
    include_str!("../../scenarios/examples/split-proxy.toml"),
    include_str!("../../scenarios/examples/snoop.toml"),
    include_str!("../../scenarios/examples/red-ecn.toml"),
];

/// Settings the input chooses among, with values from its bytes.
const KNOBS: [(&str, &[&str]); 10] = [
    ("seed", &["1", "2", "77", "9007199254740991"]),
    ("flows.0.app.start", &["0s", "10ms", "300ms"]),
    ("flows.0.tcp.variant", &["tahoe", "reno", "newreno", "sack1", "fack", "vegas"]),
    ("flows.0.tcp.initial_window", &["1", "2", "4", "10"]),
    ("flows.0.tcp.rwnd", &["1KB", "8KB", "64KB", "1MB"]),
    ("flows.0.tcp.mss", &["100B", "536B", "1460B"]),
    ("flows.0.receiver.delayed_ack", &["true", "false"]),
    ("links.0.errors.ber", &["0", "1e-6", "1e-5", "1e-4"]),
    ("links.0.queue.limit", &["1pkt", "5pkt", "50pkt", "3000B"]),
    ("flows.0.tcp.ecn", &["true", "false"]),
];

fn check(sim: &Simulation) {
    for (ch, rc) in sim.channel_states().iter().zip(sim.channels()) {
        let st = &ch.stats;
        assert_eq!(st.packets, st.arrived + ch.in_flight() as u64 + st.filtered + st.queue_drops, "{}", rc.name);
    }
    for s in sim.series().all() {
        assert!(s.t_ns.windows(2).all(|w| w[0] <= w[1]), "{} goes back in time", s.info.name);
        assert!(s.values.iter().all(|v| !v.is_nan()), "{} has NaN", s.info.name);
    }
    for f in sim.summary().flows {
        assert!(f.goodput_bps.is_finite() && f.throughput_bps.is_finite(), "{}", f.id);
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let base = BASES[pick as usize % BASES.len()];
    // Short runs, so that many fit in a fuzzing session: 20 ms to 1 s simulated.
    let duration = ["20ms", "100ms", "300ms", "1s"][(pick as usize / BASES.len()) % 4];
    let short = Override { path: "duration".into(), value: path::parse_value(duration) };
    let overrides: Vec<Override> = std::iter::once(short).chain(rest
        .chunks(2)
        .filter_map(|c| {
            let (knob, values) = KNOBS[*c.first()? as usize % KNOBS.len()];
            let raw = values[*c.get(1).unwrap_or(&0) as usize % values.len()];
            Some(Override { path: knob.to_string(), value: path::parse_value(raw) })
        }))
        .collect();
    let Ok((_, mut sim)) = prepare(base, Format::Toml, &overrides, Recording::Series) else { return };
    sim.run_within(10_000, |_| false);
    check(&sim);
});
