// Engine speed in WebAssembly (Node), on the same scenarios as the criterion
// benchmark: delivered data packets per wall second, best of a few runs.
// Usage: node scripts/bench-wasm.mjs [runs]
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = `${root}web/src/engine/pkg/`;
const { initSync, Engine } = await import(`${pkg}ackscope_wasm.js`);
initSync({ module: readFileSync(`${pkg}ackscope_wasm_bg.wasm`) });

const runs = Number(process.argv[2] ?? 5);
const scenarios = [
  ['bulk_10mbps_60s', 'scenarios/bench/bulk-10mbps.toml'],
  ['perf1_dumbbell_100s', 'scenarios/bench/perf-1.toml'],
];

for (const [name, file] of scenarios) {
  const text = readFileSync(`${root}${file}`, 'utf8');
  let best = Infinity;
  let packets = 0;
  let digest = '';
  for (let i = 0; i < runs; i++) {
    const engine = new Engine(text, 'toml', '[]', 'summary');
    const t0 = performance.now();
    while (!engine.runFor(1_000_000)) { /* run to the end */ }
    best = Math.min(best, (performance.now() - t0) / 1000);
    const summary = JSON.parse(engine.summaryJson());
    // Data segments received = throughput bytes / MSS (all flows use 1000 B).
    packets = summary.flows.reduce((n, f) => n + Math.round((f.throughput_bps * summary.duration_s) / 8 / 1000), 0);
    digest = engine.digest;
    engine.free();
  }
  console.log(`${name}: ${packets} packets in ${best.toFixed(3)} s = ${Math.round(packets / best).toLocaleString('en')} packets/s (digest ${digest})`);
}
