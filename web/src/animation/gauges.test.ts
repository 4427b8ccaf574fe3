import { describe, expect, it } from 'vitest';
import type { Topology } from '../engine/protocol';
import type { SeriesQuantity } from '../generated/types';
import type { SeriesView } from '../state/runStore';
import { gaugesAt, gaugeSeries } from './gauges';

const topology: Topology = {
  nodes: [
    { id: 'fh', kind: 'host', label: 'FH' },
    { id: 'bs', kind: 'base_station', label: 'BS' },
  ],
  channels: [],
  flows: [],
};

const view = (name: string, style: SeriesView['info']['style'], pts: [number, number][]): SeriesView => {
  const parts = name.split('.');
  return {
    id: 0,
    info: { name, owner: parts.slice(0, -1).join('.'), quantity: (parts.at(-1) ?? '') as SeriesQuantity, unit: 'packets', style },
    timesMs: Float64Array.from(pts, (p) => p[0]),
    values: Float64Array.from(pts, (p) => p[1]),
  };
};

describe('node gauges', () => {
  const items = gaugeSeries(
    [
      view('nodes.bs.snoop_cache', 'step', [
        [100, 3],
        [200, 7],
        [300, 1],
      ]),
      view('flows.f.cwnd', 'step', [[0, 1]]),
      view('nodes.nope.proxy_buffer', 'step', [[0, 1]]),
      view('nodes.bs.handoff', 'marker', [[5, 1]]),
    ],
    topology,
  );

  it('takes the step series of nodes the topology has', () => {
    expect(items.map((g) => [g.node, g.series.info.name, g.max])).toEqual([[1, 'nodes.bs.snoop_cache', 7]]);
  });

  it('reads the value at the playback time', () => {
    expect(gaugesAt(items, 50)[0]).toMatchObject({ value: 0, max: 7, label: 'snoop cache', unit: 'packets' });
    expect(gaugesAt(items, 200)[0]?.value).toBe(7);
    expect(gaugesAt(items, 250)[0]?.value).toBe(7);
    expect(gaugesAt(items, 1000)[0]?.value).toBe(1);
  });
});
