// The same scenario and seed give the same run natively and in WebAssembly:
// the CLI's JSON summary (digest included) must equal the wasm engine's.
import { describe, expect, it, beforeAll } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { cli, loadWasmBesideCli, root, type WasmModule } from './native';

let wasm: WasmModule;

beforeAll(async () => {
  wasm = await loadWasmBesideCli();
});

function scenarioFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return scenarioFiles(path);
    // Sweep files (*.sweep.toml) describe grids of runs, lessons (*.lesson.toml) steps, not one scenario.
    return name.endsWith('.toml') && !name.endsWith('.sweep.toml') && !name.endsWith('.lesson.toml') ? [path] : [];
  });
}

function native(file: string, sets: [string, string][]): unknown {
  const args = ['run', file, '--format', 'json', ...sets.flatMap(([p, v]) => ['--set', `${p}=${v}`])];
  return JSON.parse(execFileSync(cli, args, { encoding: 'utf8' }));
}

function inWasm(file: string, sets: [string, string][]): unknown {
  const engine = new wasm.Engine(readFileSync(file, 'utf8'), 'toml', JSON.stringify(sets), 'summary');
  while (!engine.runFor(200_000)) {
    /* run to the end */
  }
  const summary = JSON.parse(engine.summaryJson());
  engine.free();
  return summary;
}

/** 20-second runs keep this quick; a scenario whose events lie later runs whole. */
function shortened(file: string): [string, string][] {
  const short: [string, string][] = [['duration', '20s']];
  try {
    execFileSync(cli, ['validate', file, '--set', 'duration=20s'], { stdio: 'ignore' });
    return short;
  } catch {
    return [];
  }
}

describe('native and wasm runs are identical', () => {
  // Lossy scenarios still draw thousands of random numbers in 20 s.
  const cases: [string, [string, string][]][] = scenarioFiles(join(root, 'scenarios')).flatMap((file) => {
    const short = shortened(file);
    return [
      [file, short],
      [file, [...short, ['seed', '42']]],
    ];
  });
  cases.push([join(root, 'scenarios/seed000/wired.toml'), [['flows.ftp.tcp.rwnd', '725KB'], ['flows.ftp.tcp.variant', 'reno']]]);

  it.each(cases)('%s %j', (file, sets) => {
    const a = native(file, sets) as { digest: string; events: number };
    const b = inWasm(file, sets);
    expect(a.events).toBeGreaterThan(100);
    expect(b).toEqual(a);
  });
});
