// Engine speed in WebAssembly (Node), on the same scenarios as the criterion
// benchmark: delivered data packets per wall second. Each of the N rounds is a
// fresh Node process that runs the scenario twice:
//   cold  the first run, as a page's first run or `bench-vs-ns2` (one process a
//         run) sees it: V8 runs the engine in its baseline compiler (Liftoff)
//         until its optimising compiler (TurboFan) has compiled the hot code in
//         the background; the module's instantiation is not counted;
//   warm  the second run in the same process, with the optimised code.
// Prints the medians over the rounds.
// Usage: node scripts/bench-wasm.mjs [rounds]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = `${root}web/src/engine/pkg/`;

/** Child mode: two runs of one scenario, as JSON {walls, packets, digest}. */
async function child(file) {
  const { initSync, Engine } = await import(`${pkg}ackscope_wasm.js`);
  initSync({ module: readFileSync(`${pkg}ackscope_wasm_bg.wasm`) });
  const text = readFileSync(`${root}${file}`, 'utf8');
  const walls = [];
  let packets = 0;
  let digest = '';
  for (let i = 0; i < 2; i++) {
    const t0 = performance.now();
    const engine = new Engine(text, 'toml', '[]', 'summary');
    while (!engine.runFor(1_000_000)) { /* run to the end */ }
    walls.push((performance.now() - t0) / 1000);
    const summary = JSON.parse(engine.summaryJson());
    // Data segments received = throughput bytes / MSS (all flows use 1000 B).
    packets = summary.flows.reduce((n, f) => n + Math.round((f.throughput_bps * summary.duration_s) / 8 / 1000), 0);
    digest = engine.digest;
    engine.free();
  }
  process.stdout.write(JSON.stringify({ walls, packets, digest }));
}

if (process.argv[2] === '--child') {
  await child(process.argv[3]);
} else {
  const rounds = Number(process.argv[2] ?? 5);
  const scenarios = [
    ['bulk_10mbps_60s', 'scenarios/bench/bulk-10mbps.toml'],
    ['perf1_dumbbell_100s', 'scenarios/bench/perf-1.toml'],
  ];
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const rate = (packets, s) => Math.round(packets / s).toLocaleString('en');
  for (const [name, file] of scenarios) {
    const cold = [];
    const warm = [];
    let last;
    for (let i = 0; i < rounds; i++) {
      last = JSON.parse(execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--child', file], { encoding: 'utf8' }));
      cold.push(last.walls[0]);
      warm.push(last.walls[1]);
    }
    const [c, w] = [median(cold), median(warm)];
    console.log(
      `${name}: ${last.packets} packets; cold ${c.toFixed(3)} s = ${rate(last.packets, c)} packets/s, ` +
        `warm ${w.toFixed(3)} s = ${rate(last.packets, w)} packets/s (median of ${rounds}, digest ${last.digest})`,
    );
  }
}
