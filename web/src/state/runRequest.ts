// What decides a run: the scenario text, the accepted overrides (seed
// included) — and how run B's overrides sit on top of run A's.

import type { Override } from '../engine/protocol';
import { withSet, type UrlState } from './url';

/** Run B's overrides: A's, then B's (B wins on a path both set). */
export function mergedSets(a: readonly Override[], b: readonly Override[]): Override[] {
  let out = [...a];
  for (const [path, value] of b) out = withSet(out, path, value);
  return out;
}

/**
 * What run B stores for a choice. Its overrides sit on top of A's, so "the
 * scenario's own value" (value null) must be written out when A overrides
 * that path; a value equal to A's is no difference at all.
 */
export function bOverride(aSets: readonly Override[], path: string, value: string | null, raw: string | undefined): string | null {
  const a = aSets.find(([p]) => p === path)?.[1] ?? null;
  if (value === null) return a === null ? null : (raw ?? null);
  return value === a ? null : value;
}

/**
 * Identifies a run: the same key, the same results (runs are deterministic).
 * Order is kept: an override of a table and one of a field inside it apply in turn.
 */
export function runKey(text: string, accepted: readonly Override[]): string {
  return JSON.stringify([text, accepted]);
}

/** The parts of a URL state that decide the run (the rest is how it is viewed). */
export function runFields(s: UrlState): UrlState {
  const out: UrlState = { scenario: s.scenario, seed: s.seed, sets: s.sets, t: s.t };
  // (View fields: flow, plots, zoom, pkt, speed, ev, evflow, lang come from the view stores.)
  if (s.custom !== undefined) out.custom = s.custom;
  if (s.compare !== undefined) out.compare = s.compare;
  return out;
}
