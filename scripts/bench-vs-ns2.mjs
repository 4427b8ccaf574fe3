// Side-by-side speed: PERF-1 (10 Reno flows through a 100 Mbit/s dumbbell, 100 s) and
// the same dumbbell with 100 flows, in our native CLI, our wasm engine in Node and
// ns-2 (when `ns` is installed), alternately, whole process each time. Prints the
// median of N runs as delivered data packets per wall second, the ratios to ns-2 and
// how the cost per delivered packet grows from 10 to 100 flows.
// Usage: node scripts/bench-vs-ns2.mjs [runs]   (npm run bench -- --vs-ns2 builds first)
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const runs = Number(process.argv[2] ?? 7);
const cli = join(root, 'engine-wasm/target/release/ackscope');
const scratch = mkdtempSync(join(tmpdir(), 'ackscope-bench-'));
const hasNs2 = spawnSync('sh', ['-c', 'command -v ns'], { encoding: 'utf8' }).status === 0;

/** The PERF-1 dumbbell with `flows` sender/receiver pairs, as scenario TOML. */
function dumbbell(flows) {
  const out = [
    'version = 1',
    `id = "bench/perf-${flows}-flows"`,
    `title = "PERF-1 with ${flows} flows"`,
    'duration = "100s"',
    '[[nodes]]\nid = "left"\nkind = "router"',
    '[[nodes]]\nid = "right"\nkind = "router"',
  ];
  for (let i = 0; i < flows; i++) out.push(`[[nodes]]\nid = "s${i}"`, `[[nodes]]\nid = "r${i}"`);
  const link = (id, a, b, rate, delay) =>
    `[[links]]\nid = "${id}"\na = "${a}"\nb = "${b}"\nrate = "${rate}"\ndelay = "${delay}"\nqueue = { limit = "100pkt" }`;
  out.push(link('bottleneck', 'left', 'right', '100Mbps', '10ms'));
  for (let i = 0; i < flows; i++) {
    out.push(link(`s${i}-left`, `s${i}`, 'left', '1Gbps', '1ms'), link(`right-r${i}`, 'right', `r${i}`, '1Gbps', '1ms'));
  }
  for (let i = 0; i < flows; i++) {
    out.push(`[[flows]]\nid = "f${i}"\nfrom = "s${i}"\nto = "r${i}"\ntcp = { variant = "reno", mss = "1000B", rwnd = "1GiB" }`);
  }
  return `${out.join('\n\n')}\n`;
}

const cases = [
  { name: 'PERF-1 (10 flows)', flows: 10, file: join(root, 'scenarios/bench/perf-1.toml') },
  { name: 'PERF-1 with 100 flows', flows: 100, file: join(scratch, 'perf-100.toml') },
];
writeFileSync(cases[1].file, dumbbell(100));

// Data segments delivered = throughput bytes / MSS (every flow uses 1000 B).
const packetsOf = (summary) =>
  summary.flows.reduce((n, f) => n + Math.round((f.throughput_bps * summary.duration_s) / 8 / 1000), 0);

const wasmRunner = join(scratch, 'run-wasm.mjs');
writeFileSync(
  wasmRunner,
  `import { readFileSync } from 'node:fs';
const pkg = ${JSON.stringify(join(root, 'web/src/engine/pkg/'))};
const t0 = performance.now();
const { initSync, Engine } = await import(pkg + 'ackscope_wasm.js');
initSync({ module: readFileSync(pkg + 'ackscope_wasm_bg.wasm') });
const t1 = performance.now();
// The scenario runs as many times as the second argument says (once by default);
// the phases are the last run's.
const repeat = Number(process.argv[3] ?? 1);
let engine, tb, t2, t3;
for (let i = 0; i < repeat; i++) {
  engine?.free();
  tb = performance.now();
  engine = new Engine(readFileSync(process.argv[2], 'utf8'), 'toml', '[]', 'summary');
  t2 = performance.now();
  while (!engine.runFor(1_000_000)) {}
  t3 = performance.now();
}
// Where the process's time went (ms): Node's start, loading the module, the scenario, the run.
const phases = { start: t0, load: t1 - t0, build: t2 - tb, run: t3 - t2 };
process.stdout.write(JSON.stringify({ summary: JSON.parse(engine.summaryJson()), phases }));
`,
);

/**
 * CPU seconds (user + system) of this process's waited-for children so far, from
 * /proc/self/stat (cutime, cstime); null where there is no /proc. Wall time on a
 * shared machine moves with its load; a process's own CPU time much less.
 */
const ticksPerSecond = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;
function childrenCpu() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 16 and 17 of proc(5); the list starts at field 3.
    return (Number(fields[13]) + Number(fields[14])) / ticksPerSecond;
  } catch {
    return null;
  }
}

function timed(command, args) {
  const cpu0 = childrenCpu();
  const t0 = process.hrtime.bigint();
  const stdout = execFileSync(command, args, { encoding: 'utf8', maxBuffer: 1 << 26, cwd: join(root, 'tools/ns2') });
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  const cpu1 = childrenCpu();
  return { wall, cpu: cpu0 === null || cpu1 === null ? null : cpu1 - cpu0, stdout };
}

const engines = [
  { name: 'native', run: (c) => { const r = timed(cli, ['run', c.file, '--format', 'json']); return { ...r, packets: packetsOf(JSON.parse(r.stdout)) }; } },
  { name: 'wasm', run: (c) => { const r = timed(process.execPath, [wasmRunner, c.file]); const out = JSON.parse(r.stdout); return { ...r, packets: packetsOf(out.summary), phases: out.phases }; } },
  ...(hasNs2
    ? [{ name: 'ns-2', run: (c) => { const r = timed('ns', ['perf-1.tcl', String(c.flows)]); return { ...r, packets: Number(/delivered_packets (\d+)/.exec(r.stdout)[1]) }; } }]
    : []),
];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = {};
const wasmPhases = {};
for (const c of cases) {
  const walls = Object.fromEntries(engines.map((e) => [e.name, []]));
  const cpus = Object.fromEntries(engines.map((e) => [e.name, []]));
  const packets = {};
  const phases = [];
  for (let i = 0; i < runs; i++) {
    for (const e of engines) {
      const r = e.run(c);
      walls[e.name].push(r.wall);
      if (r.cpu !== null) cpus[e.name].push(r.cpu);
      packets[e.name] = r.packets;
      if (r.phases) phases.push(r.phases);
    }
  }
  results[c.name] = Object.fromEntries(
    engines.map((e) => {
      const wall = median(walls[e.name]);
      const cpu = cpus[e.name].length === runs ? median(cpus[e.name]) : null;
      return [e.name, { wall, cpu, packets: packets[e.name], rate: packets[e.name] / wall, cpuRate: cpu ? packets[e.name] / cpu : null }];
    }),
  );
  wasmPhases[c.name] = Object.fromEntries(Object.keys(phases[0]).map((k) => [k, median(phases.map((p) => p[k]))]));
}

const fmt = (x) => Math.round(x).toLocaleString('en');
console.log(`Median of ${runs} alternating runs, whole process, ${new Date().toISOString().slice(0, 10)}`);
for (const [name, byEngine] of Object.entries(results)) {
  console.log(`\n${name}`);
  for (const [engine, r] of Object.entries(byEngine)) {
    const cpu = r.cpu === null ? '' : `  (CPU ${r.cpu.toFixed(3)} s)`;
    console.log(`  ${engine.padEnd(7)} ${r.wall.toFixed(3)} s  ${fmt(r.packets)} packets  ${fmt(r.rate)} packets/s${cpu}`);
  }
  const p = wasmPhases[name];
  console.log(`          wasm process, median ms: Node's start ${p.start.toFixed(0)}, module ${p.load.toFixed(0)}, scenario ${p.build.toFixed(0)}, run ${p.run.toFixed(0)}`);
  if (byEngine['ns-2']) {
    const ns2 = byEngine['ns-2'].rate;
    console.log(`  native/ns-2 ${(byEngine.native.rate / ns2).toFixed(2)}x   wasm/ns-2 ${(byEngine.wasm.rate / ns2).toFixed(2)}x`);
    const ns2Cpu = byEngine['ns-2'].cpuRate;
    if (ns2Cpu && byEngine.native.cpuRate && byEngine.wasm.cpuRate) {
      // The wasm process's CPU includes V8's compiler threads (Node's start and the module's compile).
      console.log(`  by CPU time: native/ns-2 ${(byEngine.native.cpuRate / ns2Cpu).toFixed(2)}x   wasm/ns-2 ${(byEngine.wasm.cpuRate / ns2Cpu).toFixed(2)}x`);
    }
  }
}
const [ten, hundred] = cases.map((c) => results[c.name]);
console.log('\nCost per delivered packet, 100 flows / 10 flows:');
for (const e of engines) {
  const [a, b] = [ten[e.name], hundred[e.name]];
  const cpu = a.cpuRate && b.cpuRate ? `  (by CPU time ${(a.cpuRate / b.cpuRate).toFixed(2)}x)` : '';
  console.log(`  ${e.name.padEnd(7)} ${(a.rate / b.rate).toFixed(2)}x${cpu}`);
}

// The same in a warm wasm process: a cold one also compiles the run-once setup code with
// V8's optimising compiler, more of it with 100 flows (README, Benchmarks).
const WARM_RUN = 4;
const warmRun = (c) => {
  const out = JSON.parse(timed(process.execPath, [wasmRunner, c.file, String(WARM_RUN)]).stdout);
  return { ms: out.phases.run, packets: packetsOf(out.summary) };
};
const warm = cases.map((c) => {
  const samples = Array.from({ length: runs }, () => warmRun(c));
  return { ms: median(samples.map((r) => r.ms)), packets: samples[0].packets };
});
const perPacket = warm.map((w) => w.ms / w.packets);
console.log(
  `  wasm, the run alone in a warm process (a scenario's run ${WARM_RUN} in one process; median ms ${warm.map((w) => w.ms.toFixed(0)).join(' and ')}): ${(perPacket[1] / perPacket[0]).toFixed(2)}x`,
);
