// The summary table of a comparison: per flow, run A's and run B's goodput,
// retransmissions, timeouts and mean RTT, and how B differs.

import type { FlowSummary, Summary } from '../generated/types';

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
