// What the two flow plots show and over which ranges: pure functions of the
// series, so the choices are tested without a browser.

import type { SeriesView } from '../state/runStore';

/** A series with its values converted to the plot's unit. */
export interface SeriesData {
  timesMs: Float64Array;
  values: Float64Array;
  /** Multiply values by this to get the plot's unit (seconds -> ms: 1000). */
  scale: number;
}

export type LayerStyle = 'step' | 'points' | 'marker';

export interface PlotLayer {
  key: string;
  label: string;
  /** Theme series colour name (CSS variable --series-<colour>). */
  colour: string;
  style: LayerStyle;
  dashed?: boolean;
  marker?: 'triangle' | 'cross';
  data: SeriesData | null;
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

export function asData(s: SeriesView | null, scale = 1): SeriesData | null {
  return s ? { timesMs: s.timesMs, values: s.values, scale } : null;
}

/** Points a layer contributes (for tests and the data-points attribute). */
export function layerPoints(layers: readonly PlotLayer[]): number {
  return layers.reduce((n, l) => n + (l.data?.timesMs.length ?? 0), 0);
}
