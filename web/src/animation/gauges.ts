// Middlebox state drawn at its node: a proxy's buffer, Snoop's cache. Any
// step series a node owns (`nodes.<id>.<quantity>`) becomes a gauge, its
// value at the playback time against the largest value of the run.

import type { Topology } from '../engine/protocol';
import { parseOwner } from '../engine/seriesNames';
import { formatBytes, formatCount, trim } from '../format';
import type { SeriesInfo } from '../generated/types';
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

/** What the layout needs of a gauge before the run has values: where, what it is called, its unit. */
export interface GaugeSpec {
  node: number;
  label: string;
  unit: string;
}

/** The node a series belongs to when it is worth a gauge (a node's step series), else -1. */
function gaugeNode(info: SeriesInfo, topology: Topology): number {
  const owner = parseOwner(info.owner);
  if (owner?.kind !== 'node' || info.style !== 'step') return -1;
  return topology.nodes.findIndex((n) => n.id === owner.node);
}

function gaugeLabel(info: SeriesInfo): string {
  return tr(`network:quantity.${info.quantity}`, { defaultValue: info.quantity.replace(/_/g, ' ') });
}

/** The gauges a run's series give, known from the series list alone. */
export function gaugeSpecs(infos: readonly SeriesInfo[], topology: Topology): GaugeSpec[] {
  return infos.flatMap((info) => {
    const node = gaugeNode(info, topology);
    return node < 0 ? [] : [{ node, label: gaugeLabel(info), unit: info.unit }];
  });
}

/** A gauge's value in words, short: "1.86 MB", "12 pkt", "10.5k pkt". */
export function gaugeValue(value: number, unit: string): string {
  if (unit === 'bytes') return formatBytes(value);
  const n = Math.round(value);
  const count = Math.abs(n) >= 10_000 ? `${trim(n / 1000)}k` : formatCount(n);
  const suffix = unit === 'packets' ? tr('network:canvas.pkt') : unit;
  return suffix ? `${count} ${suffix}` : count;
}

/** About the widest value a gauge of this unit shows, for the room it is given. */
export function widestGaugeValue(unit: string): string {
  return unit === 'bytes' ? gaugeValue(88.8e6, unit) : gaugeValue(8888, unit);
}

/** The node series worth a gauge, with their node indices (computed once per run). */
export function gaugeSeries(series: readonly SeriesView[], topology: Topology): { node: number; series: SeriesView; max: number }[] {
  const out: { node: number; series: SeriesView; max: number }[] = [];
  for (const s of series) {
    const node = gaugeNode(s.info, topology);
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
      label: gaugeLabel(series.info),
      value: i < 0 ? 0 : (series.values[i] ?? 0),
      max,
      unit: series.info.unit,
    };
  });
}
