// The page's exports are the CLI's: the wasm Exporter, written in small
// slices and taken in chunks as the page's worker does, gives the same pcap
// and ns-2 trace bytes as `ackscope run --pcap/--trace`.
import { beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, loadWasmBesideCli, root, type WasmModule } from './native';

let wasm: WasmModule;

beforeAll(async () => {
  wasm = await loadWasmBesideCli();
});

function inWasm(file: string, sets: [string, string][], kind: 'pcap' | 'ns2'): { bytes: Buffer; chunks: number; items: number } {
  const exporter = new wasm.Exporter(readFileSync(file, 'utf8'), 'toml', JSON.stringify(sets), kind);
  const chunks: Uint8Array[] = [];
  let done = false;
  while (!done) {
    done = exporter.runFor(1_000);
    const chunk = exporter.takeChunk();
    if (chunk.length > 0) chunks.push(chunk);
  }
  const bytes = Buffer.concat(chunks);
  expect(exporter.bytes).toBe(bytes.length);
  const items = exporter.items;
  exporter.free();
  return { bytes, chunks: chunks.length, items };
}

describe('page exports', () => {
  const cases: [string, [string, string][]][] = [
    ['scenarios/seed000/wired.toml', [['flows.ftp.tcp.rwnd', '725KB'], ['duration', '20s']]],
    ['scenarios/examples/cbr-udp.toml', []],
  ];
  for (const [rel, sets] of cases) {
    it(`${rel}: the same pcap and ns-2 trace as the CLI, in many chunks`, () => {
      const dir = mkdtempSync(join(tmpdir(), 'ackscope-export-'));
      try {
        const file = join(root, rel);
        const pcapPath = join(dir, 'run.pcap');
        const tracePath = join(dir, 'run.tr');
        execFileSync(cli, ['run', file, '--pcap', pcapPath, '--trace', tracePath, ...sets.flatMap(([p, v]) => ['--set', `${p}=${v}`])], { stdio: 'ignore' });
        const pcap = inWasm(file, sets, 'pcap');
        expect(pcap.chunks).toBeGreaterThan(5);
        expect(pcap.bytes.equals(readFileSync(pcapPath))).toBe(true);
        const trace = inWasm(file, sets, 'ns2');
        const native = readFileSync(tracePath);
        expect(trace.bytes.equals(native)).toBe(true);
        expect(trace.items).toBe(native.toString('utf8').trimEnd().split('\n').length);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }

  it('refuses an unknown kind with the allowed ones', () => {
    expect(() => new wasm.Exporter('version = 1', 'toml', '[]', 'pcapng')).toThrow();
    const text = readFileSync(join(root, 'scenarios/seed000/wired.toml'), 'utf8');
    expect(() => new wasm.Exporter(text, 'toml', '[]', 'pcapng')).toThrow(/kind: unknown "pcapng" \(allowed: pcap, ns2\)/);
  });
});
