// What the two flow plots show and over which ranges: pure functions of the
// series, so the choices are tested without a browser.

import type { SeriesView } from '../state/runStore';
import type { LayerColour } from '../theme';
import { lowerBound, upperBound } from '../state/search';
import { minmaxIndex } from './minmaxIndex';
import { isWhole } from './timeWindow';

function minOf(a: Float64Array, from: number, to: number): number {
  let m = Number.POSITIVE_INFINITY;
  for (let i = from; i < to; i++) if ((a[i] ?? 0) < m) m = a[i] ?? 0;
  return m;
}

function maxOf(a: Float64Array, from: number, to: number): number {
  let m = Number.NEGATIVE_INFINITY;
  for (let i = from; i < to; i++) if ((a[i] ?? 0) > m) m = a[i] ?? 0;
  return m;
}

/** A series with its values converted to the plot's unit. */
export interface SeriesData {
  timesMs: Float64Array;
  values: Float64Array;
  /** For ranges (SACK blocks): where each vertical bar ends. */
  ends?: Float64Array;
  /** Multiply values by this to get the plot's unit (seconds -> ms: 1000). */
  scale: number;
}

/**
 * step: a step-after line; points: dots; marker: an event line across the
 * plot; range: a vertical bar from value to end at each time (segments in the
 * time-sequence graph); marks: a glyph at each (time, value).
 */
export type LayerStyle = 'step' | 'points' | 'marker' | 'range' | 'marks';
export type MarkerShape = 'triangle' | 'cross' | 'diamond' | 'circle' | 'band';
export type MarkShape = 'x' | 'diamond' | 'square' | 'dot';

export interface PlotLayer {
  key: string;
  label: string;
  /** Theme series colour name (CSS variable --series-<colour>), or a flow colour "flow-<n>". */
  colour: LayerColour;
  style: LayerStyle;
  dashed?: boolean;
  marker?: MarkerShape;
  mark?: MarkShape;
  data: SeriesData | null;
  /** Data computed for the visible range and width (throughput bins); used instead of `data`. */
  compute?: (t0: number, t1: number, widthPx: number) => SeriesData | null;
  /** Run B of a comparison: drawn dashed or hollow. */
  run?: 'A' | 'B';
  /** Leave out of the automatic y range (an initial RTO, a window edge). */
  outOfScale?: boolean;
  /** Drawn under the other layers of its style, hollow: an estimate that must not hide what it estimates. */
  under?: boolean;
}

/** What a plot draws: its layers and its y range. */
export interface PlotModel {
  layers: PlotLayer[];
  /** The y range of the whole run. */
  yMin: number;
  yMax: number;
  /**
   * When zoomed in: fit the y axis to what is visible. "zero" keeps 0 at
   * the bottom; "range" fits both ends (sequence numbers).
   */
  fit: 'zero' | 'range' | 'none';
  /** Fit even the whole run's view to what is drawn (rates binned to the plot's width). */
  fitWhole?: boolean;
  /** The y axis unit when it depends on the data (kbit/s or Mbit/s). */
  unit?: string;
}

/** A layer's data for a range (computed layers compute, others have theirs). */
export function layerData(layer: PlotLayer, t0: number, t1: number, widthPx: number): SeriesData | null {
  return layer.compute ? layer.compute(t0, t1, widthPx) : layer.data;
}

/** Largest value at or after `fromMs` (ignoring NaN); 0 when none. */
export function maxValue(s: SeriesView | null, fromMs = Number.NEGATIVE_INFINITY): number {
  if (!s) return 0;
  let max = 0;
  for (let i = 0; i < s.values.length; i++) {
    const v = s.values[i] ?? 0;
    if ((s.timesMs[i] ?? 0) >= fromMs && v > max) max = v;
  }
  return max;
}

/**
 * cwnd's range sets the scale; ssthresh counts only when it is comparable.
 * Before the first loss ssthresh is effectively infinite (the receive window or
 * more) and would flatten cwnd to the bottom of the plot; it is drawn clipped.
 */
export function cwndDomainMax(cwnd: SeriesView | null, ssthresh: SeriesView | null): number {
  const c = maxValue(cwnd);
  let s = 0;
  if (ssthresh) {
    for (let i = 0; i < ssthresh.values.length; i++) {
      const v = ssthresh.values[i] ?? 0;
      if (v <= 2 * c && v > s) s = v;
    }
  }
  return niceMax(Math.max(c, s, 1) * 1.08);
}

/**
 * RTT samples, srtt and rto, in ms. The rto before the first RTT sample is the
 * configured initial value (3 s in ns-2), not an estimate: it is left out of the
 * scale (and drawn clipped) so the samples stay readable; backed-off RTOs count.
 */
export function rttDomainMaxMs(rtt: SeriesView | null, srtt: SeriesView | null, rto: SeriesView | null): number {
  const firstSample = rtt && rtt.timesMs.length > 0 ? (rtt.timesMs[0] ?? 0) : Number.POSITIVE_INFINITY;
  const m = Math.max(maxValue(rtt), maxValue(srtt), maxValue(rto, firstSample));
  return niceMax(Math.max(m * 1000, 1) * 1.08);
}

/** Rounds up to 1, 2, 2.5 or 5 times a power of ten, for a clean top tick. */
export function niceMax(v: number): number {
  if (!(v > 0) || !Number.isFinite(v)) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  for (const m of [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10]) if (v <= m * p + 1e-12) return m * p;
  return 10 * p;
}

export function asData(s: { timesMs: Float64Array; values: Float64Array; ends?: Float64Array } | null, scale = 1): SeriesData | null {
  if (!s) return null;
  return s.ends ? { timesMs: s.timesMs, values: s.values, ends: s.ends, scale } : { timesMs: s.timesMs, values: s.values, scale };
}

/**
 * The y range of what is visible in [t0, t1]: min and max of values (and
 * range ends) of layers in scale, with the last point before t0 included (a
 * step entering the view). Null when nothing is visible.
 */
export function visibleRange(layers: readonly PlotLayer[], t0: number, t1: number, widthPx: number): [number, number] | null {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const layer of layers) {
    if (layer.outOfScale || layer.style === 'marker') continue;
    const d = layerData(layer, t0, t1, widthPx);
    if (!d) continue;
    const n = d.timesMs.length;
    const a = Math.max(0, lowerBound(d.timesMs, n, t0) - (layer.style === 'step' ? 1 : 0));
    const b = upperBound(d.timesMs, n, t1);
    if (b <= a) continue;
    // Large series: extremes from the block index instead of a scan.
    const vIdx = minmaxIndex(d.values);
    const eIdx = d.ends ? minmaxIndex(d.ends) : null;
    const vLo = (vIdx ? (d.values[vIdx.argmin(a, b)] ?? 0) : minOf(d.values, a, b)) * d.scale;
    const vHi = (vIdx ? (d.values[vIdx.argmax(a, b)] ?? 0) : maxOf(d.values, a, b)) * d.scale;
    const scaledLo = Math.min(vLo, vHi);
    const scaledHi = Math.max(vLo, vHi);
    if (scaledLo < lo) lo = scaledLo;
    if (scaledHi > hi) hi = scaledHi;
    if (d.ends) {
      const e = (eIdx ? (d.ends[eIdx.argmax(a, b)] ?? 0) : maxOf(d.ends, a, b)) * d.scale;
      if (e > hi) hi = e;
    }
  }
  return lo <= hi ? [lo, hi] : null;
}

/** Points the layers have in [t0, t1] (computed layers: their bins), for the data-points attribute. */
export function layerPoints(layers: readonly PlotLayer[], t0 = Number.NEGATIVE_INFINITY, t1 = Number.POSITIVE_INFINITY, widthPx = 600): number {
  return layers.reduce((n, l) => {
    const d = l.compute ? l.compute(Number.isFinite(t0) ? t0 : 0, Number.isFinite(t1) ? t1 : 1, widthPx) : l.data;
    if (!d) return n;
    return n + (l.compute ? d.timesMs.length : lowerBound(d.timesMs, d.timesMs.length, t1 + 1e-9) - lowerBound(d.timesMs, d.timesMs.length, t0));
  }, 0);
}

/** The y range to draw: the model's, or fitted to what is visible when zoomed in. */
export function yDomain(model: PlotModel, t0: number, t1: number, endMs: number, widthPx: number): [number, number] {
  if (model.fit === 'none' || (!model.fitWhole && isWhole({ t0, t1 }, endMs))) return [model.yMin, model.yMax];
  const r = visibleRange(model.layers, t0, t1, widthPx);
  if (!r) return [model.yMin, model.yMax];
  if (model.fit === 'zero') return [0, niceMax(Math.max(r[1], 1e-9) * 1.08)];
  const pad = Math.max(1, (r[1] - r[0]) * 0.04);
  return [Math.max(0, Math.floor(r[0] - pad)), Math.ceil(r[1] + pad)];
}

