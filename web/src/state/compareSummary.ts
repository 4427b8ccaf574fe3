// The summary table of a comparison: per flow, run A's and run B's goodput,
// retransmissions, timeouts and mean RTT, and how B differs.

import type { FlowSummary, Summary } from '../generated/types';
import { numberLocale } from '../i18n';

export type MetricKey = 'goodput_bps' | 'retransmits' | 'timeouts' | 'rtt_mean_s';

export const METRICS: { key: MetricKey; label: string; better: 'higher' | 'lower' }[] = [
  { key: 'goodput_bps', label: 'Goodput', better: 'higher' },
  { key: 'retransmits', label: 'Retransmissions', better: 'lower' },
  { key: 'timeouts', label: 'Timeouts', better: 'lower' },
  { key: 'rtt_mean_s', label: 'Mean RTT', better: 'lower' },
];

export interface MetricDiff {
  key: MetricKey;
  label: string;
  a: number | null;
  b: number | null;
  /** b - a, when both exist. */
  delta: number | null;
  /** (b - a) / a, when both exist and a is not 0. */
  relative: number | null;
  /** Whether B is better, worse or the same by this metric. */
  verdict: 'better' | 'worse' | 'same' | null;
}

export interface FlowDiff {
  id: string;
  variantA: string | null;
  variantB: string | null;
  metrics: MetricDiff[];
}

function metric(f: FlowSummary | undefined, key: MetricKey): number | null {
  const v = f?.[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

export function compareSummaries(a: Summary | null, b: Summary | null): FlowDiff[] {
  const ids = [...new Set([...(a?.flows ?? []).map((f) => f.id), ...(b?.flows ?? []).map((f) => f.id)])];
  return ids.map((id) => {
    const fa = a?.flows.find((f) => f.id === id);
    const fb = b?.flows.find((f) => f.id === id);
    return {
      id,
      variantA: fa?.variant ?? null,
      variantB: fb?.variant ?? null,
      metrics: METRICS.map(({ key, label, better }) => {
        const va = metric(fa, key);
        const vb = metric(fb, key);
        const delta = va !== null && vb !== null ? vb - va : null;
        const relative = delta !== null && va !== null && va !== 0 ? delta / va : null;
        const verdict = delta === null ? null : Math.abs(delta) <= Math.abs(va ?? 0) * 1e-9 ? 'same' : (delta > 0) === (better === 'higher') ? 'better' : 'worse';
        return { key, label, a: va, b: vb, delta, relative, verdict };
      }),
    };
  });
}

/** A row's figures as shown: A, B and B - A in one unit with one number of decimals. */
export interface RowFigures {
  a: string;
  b: string;
  delta: string;
  /** The relative change, "(+1.6%)", or ''. */
  percent: string;
}

const RATE_UNITS: [number, string][] = [
  [1e9, 'Gbit/s'],
  [1e6, 'Mbit/s'],
  [1e3, 'kbit/s'],
  [1, 'bit/s'],
];

/**
 * Figures of a row in a common unit (from the larger of A and B) and a common
 * precision (three significant digits of the smallest non-zero of A, B and
 * their difference, at most three decimals), so "636 kbit/s" never sits
 * beside "-10.4 kbit/s".
 */
export function rowFigures(m: Pick<MetricDiff, 'key' | 'a' | 'b' | 'delta' | 'relative'>): RowFigures {
  const big = Math.max(Math.abs(m.a ?? 0), Math.abs(m.b ?? 0));
  let scale = 1;
  let unit = '';
  if (m.key === 'goodput_bps') [scale, unit] = RATE_UNITS.find(([s]) => big >= s) ?? [1, 'bit/s'];
  else if (m.key === 'rtt_mean_s') [scale, unit] = big >= 1 ? [1, 's'] : [1e-3, 'ms'];
  const counts = m.key === 'retransmits' || m.key === 'timeouts';
  const values = [m.a, m.b, m.delta].filter((v): v is number => v !== null && v !== 0).map((v) => Math.abs(v) / scale);
  const smallest = values.length > 0 ? Math.min(...values) : 1;
  const decimals = counts ? 0 : Math.max(0, Math.min(3, 2 - Math.floor(Math.log10(smallest))));
  const fmt = (v: number) =>
    `${(v / scale).toLocaleString(numberLocale(), { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}${unit ? ` ${unit}` : ''}`;
  const sign = m.delta === null ? '' : m.delta > 0 ? '+' : m.delta < 0 ? '\u2212' : '\u00b1';
  return {
    a: m.a === null ? '\u2013' : fmt(m.a),
    b: m.b === null ? '\u2013' : fmt(m.b),
    delta: m.delta === null ? '\u2013' : `${sign}${fmt(Math.abs(m.delta))}`,
    percent: m.relative === null ? '' : ` (${sign}${Math.abs(m.relative * 100).toFixed(1)}%)`,
  };
}
