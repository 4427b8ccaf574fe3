// Engine speed in WebAssembly (Node), on the same scenarios as the criterion
// benchmark: delivered data packets per wall second. Each of the N rounds is a
// fresh Node process that compiles the module and runs the scenario twice:
//   cold  the first run, as a page's first run or `bench-vs-ns2` (one process a
//         run) sees it: V8 runs the engine in its baseline compiler (Liftoff)
//         until its optimising compiler (TurboFan) has compiled the hot code in
//         the background; the module's compiling is not counted;
//   warm  the second run in the same process, with the optimised code.
// Also prints the medians of compiling the module (`new WebAssembly.Module`, as
// `initSync` does), of building the scenario (`new Engine`) cold and warm, and
// of the CPU time of all the process's threads up to the end of the cold run
// (Node's start, compiling, and V8's background compiles included; Linux only).
// Prints the medians over the rounds.
// Usage: node scripts/bench-wasm.mjs [rounds] [--pkg DIR] (DIR: another build of
// web/src/engine/pkg, for before/after runs)
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkgAt = process.argv.indexOf('--pkg');
const pkg = pkgAt > 0 ? `${process.argv[pkgAt + 1].replace(/\/$/, '')}/` : `${root}web/src/engine/pkg/`;

/** CPU time of all the process's threads so far, ms (0 without /proc). */
function processCpuMs() {
  try {
    return readdirSync('/proc/self/task').reduce((sum, task) => {
      try {
        return sum + Number(readFileSync(`/proc/self/task/${task}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
      } catch {
        return sum; // the thread ended meanwhile
      }
    }, 0);
  } catch {
    return 0;
  }
}

/** Child mode: two runs of one scenario, as JSON {compile, builds, walls, cpu, packets, digest}. */
async function child(file) {
  const { initSync, Engine } = await import(`${pkg}ackscope_wasm.js`);
  const bytes = readFileSync(`${pkg}ackscope_wasm_bg.wasm`);
  const c0 = performance.now();
  const module = new WebAssembly.Module(bytes);
  const compile = (performance.now() - c0) / 1000;
  initSync({ module });
  const text = readFileSync(`${root}${file}`, 'utf8');
  const builds = [];
  const walls = [];
  let cpu = 0;
  let packets = 0;
  let digest = '';
  for (let i = 0; i < 2; i++) {
    const t0 = performance.now();
    const engine = new Engine(text, 'toml', '[]', 'summary');
    builds.push((performance.now() - t0) / 1000);
    while (!engine.runFor(1_000_000)) { /* run to the end */ }
    walls.push((performance.now() - t0) / 1000);
    if (i === 0) cpu = processCpuMs() / 1000;
    const summary = JSON.parse(engine.summaryJson());
    // Data segments received = throughput bytes / MSS (all flows use 1000 B).
    packets = summary.flows.reduce((n, f) => n + Math.round((f.throughput_bps * summary.duration_s) / 8 / 1000), 0);
    digest = engine.digest;
    engine.free();
  }
  process.stdout.write(JSON.stringify({ compile, builds, walls, cpu, packets, digest }));
}

if (process.argv[2] === '--child') {
  await child(process.argv[3]);
} else {
  const rounds = Number(process.argv[2]?.startsWith('--') ? 5 : (process.argv[2] ?? 5));
  const pkgArgs = pkgAt > 0 ? ['--pkg', pkg] : [];
  const scenarios = [
    ['bulk_10mbps_60s', 'scenarios/bench/bulk-10mbps.toml'],
    ['perf1_dumbbell_100s', 'scenarios/bench/perf-1.toml'],
  ];
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const rate = (packets, s) => Math.round(packets / s).toLocaleString('en');
  for (const [name, file] of scenarios) {
    const cold = [];
    const warm = [];
    const compiles = [];
    const coldBuilds = [];
    const warmBuilds = [];
    const cpus = [];
    let last;
    for (let i = 0; i < rounds; i++) {
      last = JSON.parse(execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--child', file, ...pkgArgs], { encoding: 'utf8' }));
      cold.push(last.walls[0]);
      warm.push(last.walls[1]);
      compiles.push(last.compile);
      coldBuilds.push(last.builds[0]);
      warmBuilds.push(last.builds[1]);
      cpus.push(last.cpu);
    }
    const [c, w] = [median(cold), median(warm)];
    console.log(
      `${name}: ${last.packets} packets; cold ${c.toFixed(3)} s = ${rate(last.packets, c)} packets/s, ` +
        `warm ${w.toFixed(3)} s = ${rate(last.packets, w)} packets/s (median of ${rounds}, digest ${last.digest})`,
    );
    const ms = (xs) => `${(median(xs) * 1000).toFixed(1)} ms`;
    console.log(
      `  compiling the module ${ms(compiles)}; building the scenario cold ${ms(coldBuilds)}, warm ${ms(warmBuilds)}; ` +
        `CPU of all threads to the end of the cold run ${ms(cpus)}`,
    );
  }
}
