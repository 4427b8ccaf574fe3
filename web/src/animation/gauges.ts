// Middlebox state drawn at its node: a proxy's buffer, Snoop's cache. Any
// step series a node owns (`nodes.<id>.<quantity>`) becomes a gauge, its
// value at the playback time against the largest value of the run.

import type { Topology } from '../engine/protocol';
import { parseOwner } from '../engine/seriesNames';
import { t as tr } from '../i18n';
import type { SeriesView } from '../state/runStore';
import { upperBound } from '../state/search';

export interface Gauge {
  node: number;
  /** e.g. "snoop cache". */
  label: string;
  value: number;
  max: number;
  unit: string;
}

/** The node series worth a gauge, with their node indices (computed once per run). */
export function gaugeSeries(series: readonly SeriesView[], topology: Topology): { node: number; series: SeriesView; max: number }[] {
  const out: { node: number; series: SeriesView; max: number }[] = [];
  for (const s of series) {
    const owner = parseOwner(s.info.owner);
    if (owner?.kind !== 'node' || s.info.style !== 'step') continue;
    const node = topology.nodes.findIndex((n) => n.id === owner.node);
    if (node < 0) continue;
    let max = 0;
    for (let i = 0; i < s.values.length; i++) if ((s.values[i] ?? 0) > max) max = s.values[i] ?? 0;
    out.push({ node, series: s, max });
  }
  return out;
}

/** Each gauge's value at t (step-after: the last point at or before t; 0 before the first). */
export function gaugesAt(items: readonly { node: number; series: SeriesView; max: number }[], t: number): Gauge[] {
  return items.map(({ node, series, max }) => {
    const i = upperBound(series.timesMs, series.timesMs.length, t) - 1;
    return {
      node,
      label: tr(`network:quantity.${series.info.quantity}`, { defaultValue: series.info.quantity.replace(/_/g, ' ') }),
      value: i < 0 ? 0 : (series.values[i] ?? 0),
      max,
      unit: series.info.unit,
    };
  });
}
