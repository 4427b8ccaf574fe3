//! Engine speed on the benchmark scenarios, in delivered data packets per
//! wall second (criterion's "elements"): (a) one 10 Mbit/s bulk flow for
//! 60 s; (b) PERF-1, ten Reno flows through a 100 Mbit/s dumbbell for 100 s.
//! Summary-only recording, fixed seed.

use ackscope_engine::record::Recording;
use ackscope_engine::{prepare, Format, Simulation};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::path::Path;

fn load(rel: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../scenarios").join(rel);
    std::fs::read_to_string(path).expect("benchmark scenario")
}

fn build(text: &str) -> Simulation {
    prepare(text, Format::Toml, &[], Recording::Summary).expect("valid benchmark scenario").1
}

/// Data segments that reached their receivers in a full run.
fn delivered_packets(text: &str) -> u64 {
    let mut sim = build(text);
    sim.run();
    (0..sim.flow_ids().count()).map(|i| sim.sink(i).stats.received_packets).sum()
}

fn bench_scenario(c: &mut Criterion, name: &str, rel: &str) {
    let text = load(rel);
    let mut group = c.benchmark_group(name);
    group.sample_size(10);
    group.throughput(Throughput::Elements(delivered_packets(&text)));
    group.bench_function("run", |b| {
        b.iter_batched(|| build(&text), |mut sim| sim.run(), criterion::BatchSize::PerIteration)
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    bench_scenario(c, "bulk_10mbps_60s", "bench/bulk-10mbps.toml");
    bench_scenario(c, "perf1_dumbbell_100s", "bench/perf-1.toml");
}

criterion_group!(engine, benches);
criterion_main!(engine);
