// The plot registry over real runs of the mechanism examples (the wasm engine in Node).

import { describe, expect, it } from 'vitest';
import { runIntoStore } from '../state/testing/runScenario';
import type { RunStore } from '../state/runStore';
import { maxValue } from './model';
import { PLOTS, plotsFor, type PlotInputs } from './registry';

function inputs(store: RunStore, flowId: string): PlotInputs {
  const index = store.getMeta().topology?.flows.findIndex((f) => f.id === flowId) ?? -1;
  return { store, flow: { index, id: flowId }, flowTrace: () => null, endMs: store.getMeta().endMs };
}
const plot = (id: string) => PLOTS.find((p) => p.id === id)!;

describe('plots of the mechanism examples', () => {
  it('offers a CBR flow no cwnd or RTT plot, but its delay, throughput and queues', async () => {
    const store = await runIntoStore('examples/cbr-udp');
    const ids = plotsFor(store.getMeta().seriesInfo, true, { id: 'cbr', variant: 'cbr' }).map((p) => p.id);
    expect(ids).not.toContain('cwnd');
    expect(ids).not.toContain('rtt');
    expect(ids).toEqual(expect.arrayContaining(['tseq', 'tput', 'owd', 'queue']));
    // The delay plot builds without an RTT: the SRTT/2 line is simply empty.
    const owd = plot('owd').build(inputs(store, 'cbr'));
    expect(owd.layers[0]?.data?.timesMs.length).toBeGreaterThan(100);
    expect(Number.isFinite(owd.yMax)).toBe(true);
  }, 60_000);

  it("draws the split proxy's second-leg cwnd on the flow's cwnd plot, within the y range", async () => {
    const store = await runIntoStore('examples/split-proxy');
    const model = plot('cwnd').build(inputs(store, 'ftp'));
    const leg = model.layers.find((l) => l.key === 'leg2:middleboxes.pep.ftp');
    expect(leg?.label).toBe('cwnd, second leg from pep');
    expect(leg?.data?.timesMs.length).toBeGreaterThan(100);
    expect(model.yMax).toBeGreaterThanOrEqual(maxValue(store.seriesByName('middleboxes.pep.ftp.cwnd')));
    // The proxy buffer has a plot of its own.
    expect(plotsFor(store.getMeta().seriesInfo, true, { id: 'ftp', variant: 'reno' }).map((p) => p.id)).toContain('proxy');
  }, 60_000);

  it("draws a bounded proxy buffer against its limit, within the y range", async () => {
    const store = await runIntoStore('examples/split-proxy', [['middleboxes.pep.split.buffer', '64KB']]);
    const model = plot('proxy').build(inputs(store, 'ftp'));
    const limit = model.layers.find((l) => l.key.endsWith('.proxy_buffer_limit'));
    expect(limit?.label).toMatch(/limit$/);
    expect(limit?.dashed).toBe(true);
    expect(Array.from(limit?.data?.values ?? [])).toEqual([64000]);
    expect(model.yMax).toBeGreaterThanOrEqual(64000);
    const held = model.layers.find((l) => l.key.endsWith('.proxy_buffer'));
    expect(Math.max(...Array.from(held?.data?.values ?? [0]))).toBeLessThanOrEqual(64000);
    // No plot of its own.
    expect(plotsFor(store.getMeta().seriesInfo, true, { id: 'ftp', variant: 'reno' }).map((p) => p.id)).not.toContain('q.proxy_buffer_limit');
  }, 60_000);

  it('shades each handoff on the cwnd plot for its duration', async () => {
    const store = await runIntoStore('examples/handoff');
    const bands = plot('cwnd').build(inputs(store, 'ftp')).layers.filter((l) => l.marker === 'band');
    expect(bands.map((b) => b.label)).toEqual(['outage radio \u2192', 'outage radio \u2190']);
    // Every 10 s from 5 s, 0.4 s long (the scenario's schedule).
    expect(Array.from(bands[0]?.data?.timesMs ?? [])).toEqual([5000, 15000, 25000, 35000, 45000, 55000]);
    expect(Array.from(bands[0]?.data?.values ?? [])).toEqual([0.4, 0.4, 0.4, 0.4, 0.4, 0.4].map((v) => v));
  }, 60_000);

  it('marks ECN echoes on the cwnd plot when ECN is on, and none when it is off', async () => {
    const on = await runIntoStore('examples/red-ecn', [
      ['links.bottleneck.queue.red.ecn', 'true'],
      ['flows.f0.tcp.ecn', 'true'],
    ]);
    const echoes = plot('cwnd').build(inputs(on, 'f0')).layers.find((l) => l.key === 'ecn_echo');
    expect(echoes?.data?.timesMs.length).toBeGreaterThan(0);
    const off = await runIntoStore('examples/red-ecn');
    expect(plot('cwnd').build(inputs(off, 'f0')).layers.some((l) => l.key === 'ecn_echo')).toBe(false);
  }, 120_000);

  it("draws RED's average over its queue when both count packets, else in a plot of its own", async () => {
    const packets = await runIntoStore('examples/red-ecn', [['links.bottleneck.queue.red.bytes', 'false']]);
    const layers = plot('queue').build(inputs(packets, 'f0')).layers;
    const average = layers.find((l) => l.key === 'links.bottleneck.forward.red_avg');
    expect(average?.dashed).toBe(true);
    expect(average?.data?.timesMs.length).toBeGreaterThan(100);
    // The average's colour is its queue's.
    expect(average?.colour).toBe(layers.find((l) => l.key === 'links.bottleneck.forward.queue')?.colour);
    const ids = (store: RunStore) => plotsFor(store.getMeta().seriesInfo, true, { id: 'f0', variant: 'reno' }).map((p) => p.id);
    expect(ids(packets)).not.toContain('q.red_avg');
    // ns-2's default counts bytes: no overlay on a plot in packets.
    const bytes = await runIntoStore('examples/red-ecn');
    expect(plot('queue').build(inputs(bytes, 'f0')).layers.some((l) => l.key.endsWith('red_avg'))).toBe(false);
    expect(ids(bytes)).toContain('q.red_avg');
  }, 120_000);
});
