// Every shipped scenario laid out at the screens the app is used on: no two
// labels (node names, link labels, queue counts, middlebox gauges, a failed
// link's "down") overlap,
// none covers a node or a queue stack, all stay inside the canvas.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import type { Topology } from '../engine/protocol';
import type { WasmApi } from '../engine/host';
import { allScenarioFiles, loadWasmInNode, validateFn } from '../engine/testing/wasm-node';
import type { SeriesInfo } from '../generated/types';
import { scenarioFiles } from '../state/catalog';
import { textSizes, viewScale } from '../viewScale';
import { gaugeSpecs } from './gauges';
import { stackRect } from './laneGeometry';
import { bufferGaugeSpecs, outageChannels, sharedBuffers } from './linkState';
import { intersects, type Rect } from './placement';
import { ABBREVIATION_MAX_CHARS, buildScene, labelBoxes, sceneHeight, type Scene } from './scene';

let api: WasmApi;
beforeAll(async () => {
  api = await loadWasmInNode();
});
afterAll(async () => {
  await i18next.changeLanguage('en');
});

/**
 * The network canvas' width at each screen, as the app lays it out (measured
 * in Chromium): beside the settings at 1280x720, the whole width in present
 * mode, the phone's width less the panel's padding at 390x844.
 */
const SCREENS = [
  { name: '1280x720', width: 888, text: textSizes(1) },
  { name: 'present', width: 1218, text: textSizes(viewScale(true, { width: 1280, height: 720 })) },
  { name: '390x844', width: 352, text: textSizes(1) },
];

/** Heights the canvas takes: from what is left on the first screen (at least 150 px) up to what the topology asks. */
function heights(natural: number): number[] {
  const low = Math.min(150, natural);
  return [...new Set([low, Math.round((low + natural) / 2), natural])];
}

interface Loaded {
  id: string;
  topology: Topology;
  series: SeriesInfo[];
  buffers: ReturnType<typeof sharedBuffers>;
}

function load(file: string, text: string, overrides: [string, string][] = []): Loaded {
  const resolution = validateFn(api)(text, 'toml', overrides);
  expect(resolution.errors, file).toEqual([]);
  const engine = api.createEngine(text, 'toml', JSON.stringify(overrides), 'summary');
  const topology = JSON.parse(engine.topologyJson()) as Topology;
  const series = JSON.parse(engine.seriesInfoJson()) as SeriesInfo[];
  engine.free();
  return { id: file, topology, series, buffers: resolution.scenario ? sharedBuffers(resolution.scenario, topology) : [] };
}

function scenes(s: Loaded): { where: string; scene: Scene }[] {
  return SCREENS.flatMap((screen) =>
    heights(sceneHeight(s.topology, screen.text)).map((h) => ({
      where: `${s.id} at ${screen.name}, ${screen.width}x${h}`,
      scene: buildScene(s.topology, screen.width, h, {
        buffers: s.buffers,
        text: screen.text,
        gauges: [...gaugeSpecs(s.series, s.topology), ...bufferGaugeSpecs(s.buffers, s.topology)],
        outages: outageChannels(s.series, s.topology),
        downText: i18next.t('network:canvas.down'),
      }),
    })),
  );
}

const show = (r: Rect) => `[${r.x0.toFixed(1)},${r.y0.toFixed(1)} ${r.x1.toFixed(1)},${r.y1.toFixed(1)}]`;

/** Every overlap and every label outside the canvas, in words (empty when the picture is clean). */
function problems(where: string, scene: Scene): string[] {
  const out: string[] = [];
  const labels = labelBoxes(scene);
  const { width, height, nodes, nodeRadius: r, lanes, stackHeight } = scene.geometry;
  labels.forEach((a, i) => {
    const b = a.box;
    if (b.x0 < 0 || b.y0 < 0 || b.x1 > width || b.y1 > height) out.push(`${where}: ${a.kind} "${a.text}" ${show(b)} leaves the canvas`);
    for (const other of labels.slice(i + 1)) {
      if (intersects(b, other.box)) out.push(`${where}: ${a.kind} "${a.text}" ${show(b)} overlaps ${other.kind} "${other.text}" ${show(other.box)}`);
    }
    nodes.forEach((n, k) => {
      if (intersects(b, { x0: n.x - r, y0: n.y - r, x1: n.x + r, y1: n.y + r })) out.push(`${where}: ${a.kind} "${a.text}" covers node ${k}`);
    });
    lanes.forEach((lane, c) => {
      if (scene.showStack[c] && intersects(b, stackRect(lane, stackHeight))) out.push(`${where}: ${a.kind} "${a.text}" covers the queue of channel ${c}`);
    });
  });
  return out;
}

describe('label placement on every shipped scenario', () => {
  const files = scenarioFiles(allScenarioFiles());

  it('ships scenarios to check', () => {
    expect(files.length).toBeGreaterThan(30);
  });

  for (const lang of ['en', 'ko']) {
    it(`keeps every label apart and inside the canvas at 1280x720, in present mode and at 390x844 (${lang})`, async () => {
      await i18next.changeLanguage(lang);
      const found: string[] = [];
      let gaugesSeen = 0;
      let downsSeen = 0;
      for (const { file, text } of files) {
        const loaded = load(file, text);
        for (const { where, scene } of scenes(loaded)) {
          found.push(...problems(where, scene));
          // Middlebox state is what some scenarios are about: every gauge finds room.
          const wanted = gaugeSpecs(loaded.series, loaded.topology).length + bufferGaugeSpecs(loaded.buffers, loaded.topology).length;
          gaugesSeen += wanted;
          if (scene.gauges.length !== wanted) found.push(`${where}: ${scene.gauges.length} of ${wanted} gauges placed`);
          downsSeen += scene.downLabels.filter((d) => d !== null).length;
        }
      }
      expect(found).toEqual([]);
      expect(gaugesSeen).toBeGreaterThan(0);
      // The handoff examples' links go down: their marks are among the labels checked.
      expect(downsSeen).toBeGreaterThan(0);
    });
  }
});

describe('seed001: Snoop vs Spoofing, five terminals', () => {
  const text = allScenarioFiles()['../../../scenarios/seed001/snoop-vs-spoofing.toml'] ?? '';
  const five: [string, string][] = ['f2', 'f3', 'f4', 'f5'].map((f) => [`flows.${f}.enabled`, 'true']);

  for (const [name, overrides] of [
    ['Spoofing', five],
    ['Snoop', [...five, ['middleboxes.snoop.enabled', 'true'], ['middleboxes.spoof.enabled', 'false']]],
  ] as [string, [string, string][]][]) {
    it(`${name}: names every terminal, and places the hub's gauges clear of its queue count`, () => {
      const loaded = load(`seed001 (${name})`, text, overrides);
      for (const { where, scene } of scenes(loaded)) {
        expect(problems(where, scene)).toEqual([]);
        const names = scene.nodeLabels.map((l) => l?.lines.join(' ') ?? null);
        expect(names.filter((n) => n === null), where).toEqual([]);
        expect(scene.gauges.length, where).toBe(gaugeSpecs(loaded.series, loaded.topology).length);
        // Packet counts drawn later keep off every label.
        expect(scene.occupied).toEqual(expect.arrayContaining(labelBoxes(scene).map((l) => l.box)));
        // A name drawn short is spelled out under the canvas.
        for (const l of scene.nodeLabels) if (l?.short) expect(scene.abbreviations).toContainEqual({ short: l.lines.join(' '), full: l.full });
      }
    });
  }
});

describe('a 200-character node name', () => {
  it('is cut on the canvas, kept clear of the rest, and spelled out under it at most 40 characters long', () => {
    const text = allScenarioFiles()['../../../scenarios/seed000/wired.toml'] ?? '';
    const long = 'a very long sender name '.repeat(9).trim().slice(0, 200);
    const loaded = load('seed000/wired (long name)', text, [['nodes.sender.label', long]]);
    for (const { where, scene } of scenes(loaded)) {
      expect(problems(where, scene)).toEqual([]);
      const sender = scene.nodeLabels[loaded.topology.nodes.findIndex((n) => n.id === 'sender')];
      expect(sender?.short, where).toBe(true);
      expect(scene.abbreviations, where).toHaveLength(1);
      expect([...(scene.abbreviations[0]?.full ?? '')].length, where).toBeLessThanOrEqual(ABBREVIATION_MAX_CHARS);
    }
  });
});
