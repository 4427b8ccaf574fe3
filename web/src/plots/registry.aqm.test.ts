// The AQM sojourn plot over real runs of the bufferbloat examples (the wasm engine in Node).

import { describe, expect, it } from 'vitest';
import { runIntoStore } from '../state/testing/runScenario';
import { PLOTS, plotsFor, type PlotInputs } from './registry';
import type { RunStore } from '../state/runStore';

const sojourn = PLOTS.find((p) => p.id === 'sojourn')!;

function inputs(store: RunStore): PlotInputs {
  return { store, flow: { index: 0, id: 'upload' }, flowTrace: () => null, endMs: store.getMeta().endMs };
}

describe('the sojourn plot', () => {
  it("draws a CoDel queue's sojourn times in ms and its drops at the delay each dropped packet saw", async () => {
    const store = await runIntoStore('examples/bufferbloat-codel');
    expect(plotsFor(store.getMeta().seriesInfo, true, { id: 'upload', variant: 'sack1' }).map((p) => p.id)).toContain('sojourn');
    const model = sojourn.build(inputs(store));
    const points = model.layers.find((l) => l.key === 'links.uplink.forward.sojourn');
    expect(points?.style).toBe('points');
    expect(points?.data?.timesMs.length).toBeGreaterThan(1000);
    const drops = model.layers.find((l) => l.key === 'links.uplink.forward.aqm_drop');
    expect(drops?.style).toBe('marks');
    // CoDel drops only packets that waited at least its 5 ms target.
    const dropped = Array.from(drops?.data?.values ?? []).map((v) => v * (drops?.data?.scale ?? 1));
    expect(dropped.length).toBeGreaterThan(0);
    expect(Math.min(...dropped)).toBeGreaterThanOrEqual(5 - 1e-9);
    expect(model.yMax).toBeGreaterThan(0);
  }, 60_000);

  it('is not offered without an AQM', async () => {
    const store = await runIntoStore('examples/bufferbloat');
    expect(plotsFor(store.getMeta().seriesInfo, true, { id: 'upload', variant: 'sack1' }).map((p) => p.id)).not.toContain('sojourn');
  }, 60_000);
});
