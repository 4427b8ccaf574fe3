// Reveal texts quote the run they follow: `{flows.ftp.goodput_bps:kbps}` is
// the goodput of flow "ftp" in this step's run, `{step2:flows.ftp.timeouts}`
// the same figure from step 2's run. Numbers are formatted for the language.

import type { Summary } from '../generated/types';
import { PLACEHOLDER, readPlaceholder, type Placeholder } from './schema';

/** Figures of one run, flattened: `flows.ftp.goodput_bps` -> 1.2e6. */
export type RunFigures = Record<string, number | null>;

export function figuresOf(summary: Summary): RunFigures {
  const out: RunFigures = {};
  for (const f of summary.flows) {
    for (const [k, v] of Object.entries(f)) if (typeof v === 'number' || v === null) out[`flows.${f.id}.${k}`] = v;
  }
  for (const m of summary.middleboxes ?? []) {
    for (const [k, v] of Object.entries(m)) if (typeof v === 'number' || v === null) out[`middleboxes.${m.id}.${k}`] = v;
  }
  for (const l of summary.links) {
    for (const [k, v] of Object.entries(l)) if (typeof v === 'number' || v === null) out[`links.${l.id}.${l.direction}.${k}`] = v;
  }
  return out;
}

const UNITS: Record<string, { scale: number; digits: number; unit: string }> = {
  kbps: { scale: 1e-3, digits: 1, unit: ' kbit/s' },
  mbps: { scale: 1e-6, digits: 2, unit: ' Mbit/s' },
  ms: { scale: 1e3, digits: 0, unit: ' ms' },
  s: { scale: 1, digits: 2, unit: ' s' },
  int: { scale: 1, digits: 0, unit: '' },
  pct: { scale: 100, digits: 1, unit: ' %' },
};

export function formatFigure(value: number, format: string | null, lang: string): string {
  const u = format ? UNITS[format] : undefined;
  if (!u) return new Intl.NumberFormat(lang, { maximumFractionDigits: 3 }).format(value);
  const n = new Intl.NumberFormat(lang, { minimumFractionDigits: u.digits, maximumFractionDigits: u.digits }).format(value * u.scale);
  return n + u.unit;
}

export interface FillResult {
  text: string;
  /** Placeholders with no value (a field the run does not have, or an earlier step not run yet). */
  missing: string[];
}

/**
 * Replaces each placeholder with its figure. `runs[n]` holds step n's figures
 * (1-based), `current` this step's run.
 */
export function fillTemplate(text: string, current: RunFigures | null, runs: Record<number, RunFigures | undefined>, lang: string): FillResult {
  const missing: string[] = [];
  const out = text.replace(PLACEHOLDER, (whole, body: string) => {
    const p: Placeholder | null = readPlaceholder(body);
    const figures = p === null ? null : p.step === null ? current : (runs[p.step] ?? null);
    const value = p && figures ? figures[`${p.entity}.${p.field}`] : undefined;
    if (!p || typeof value !== 'number') {
      missing.push(whole);
      return '—';
    }
    return formatFigure(value, p.format, lang);
  });
  return { text: out, missing };
}
