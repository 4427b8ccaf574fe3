import { beforeAll, describe, expect, it } from 'vitest';
import type { Topology } from '../engine/protocol';
import type { WasmApi } from '../engine/host';
import { loadWasmInNode, scenarioText } from '../engine/testing/wasm-node';
import { buildScene, sceneHeight } from './scene';
import { wrapLines } from './wrapLines';

let api: WasmApi;
beforeAll(async () => {
  api = await loadWasmInNode();
});

function scene(id: string) {
  const engine = api.createEngine(scenarioText(id), 'toml', '[]', 'summary');
  const topology = JSON.parse(engine.topologyJson()) as Topology;
  engine.free();
  return buildScene(topology, 980, sceneHeight(topology));
}

describe('buildScene', () => {
  it('shows every queue, its limit and every link label on a chain', () => {
    const s = scene('seed000/wired');
    expect(s.showStack).toEqual([true, true, true, true]);
    expect(s.showQueueLabel).toEqual([true, true, true, true]);
    expect(s.limits.map((l) => l.text)).toEqual(['50pkt', '50pkt', '50pkt', '50pkt']);
    // Symmetric links get one label each.
    expect(s.linkLabels.map((l) => l.text)).toEqual(['access: 800 kbit/s \u00b7 0.1 ms', 'bottleneck: 800 kbit/s \u00b7 100 ms']);
  });

  it('labels both directions of an asymmetric link', () => {
    const s = scene('seed000/satellite-asymmetric');
    expect(s.linkLabels.map((l) => l.text)).toContain('\u25c2 1 Mbit/s \u00b7 100 ms');
    expect(s.linkLabels.map((l) => l.text)).toContain('hub-sat \u25b8 10 Mbit/s \u00b7 100 ms');
  });

  it('keeps the bottleneck queue of a crowded dumbbell and drops what has no room', () => {
    const s = scene('bench/perf-1');
    const bottleneck = s.topology.channels.findIndex((c) => c.name === 'links.bottleneck.forward');
    expect(bottleneck).toBeGreaterThanOrEqual(0);
    expect(s.showStack[bottleneck]).toBe(true);
    expect(s.showStack.filter(Boolean).length).toBeLessThan(s.showStack.length);
    expect(s.linkLabels.length).toBeLessThan(s.topology.channels.length / 2 + 1);
  });
});

describe('node names', () => {
  // 7 px per character, as a 12 px font roughly measures.
  const measure = (s: string) => s.length * 7;

  it('wraps a 200-character name into two lines within the node room, ending in an ellipsis', () => {
    const long = `${'very long node name '.repeat(10)}`.trim();
    expect(long.length).toBeGreaterThan(190);
    const lines = wrapLines(long, 84, 2, measure);
    expect(lines).toHaveLength(2);
    for (const l of lines) expect(measure(l)).toBeLessThanOrEqual(84);
    expect(lines[1]?.endsWith('\u2026')).toBe(true);
  });

  it('cuts a single word longer than the line', () => {
    const lines = wrapLines('x'.repeat(200), 84, 2, measure);
    expect(lines).toHaveLength(1);
    expect(measure(lines[0] ?? '')).toBeLessThanOrEqual(84);
    expect(lines[0]?.endsWith('\u2026')).toBe(true);
  });

  it('leaves short names alone', () => {
    expect(wrapLines('base station', 84, 2, measure)).toEqual(['base station']);
    expect(wrapLines('sender', 84, 2, measure)).toEqual(['sender']);
  });
});
