// The paper tables paper mode shows: every scenarios/seedNNN/*.sweep.toml with
// its base scenario and reference CSVs (the paper's values, ns-2's), bundled.
// The expansion into runs is the engine's (`sweepPoints`); reading the CSVs and
// laying out the table follow crates/core/src/sweep.rs.

import type { FieldError } from '../generated/types';
import type { Override } from '../engine/protocol';

const texts = import.meta.glob<string>('../../../scenarios/seed*/*.{toml,csv}', { query: '?raw', import: 'default', eager: true });

/** Files under scenarios/, keyed "seed003/table1.sweep.toml". */
export function bundledFiles(): Record<string, string> {
  return Object.fromEntries(Object.entries(texts).map(([p, t]) => [p.replace(/^.*\/scenarios\//, ''), t]));
}

export interface SweepSpec {
  id: string;
  title: string;
  description?: string;
  base: string;
  axes: { name: string; points: { label: string }[] }[];
  value: { flow: string; field: string; scale: number; unit: string; decimals: number };
  table?: { rows: string[]; columns: string[] } | null;
  references: { name: string; file: string }[];
}

export interface SweepPoint {
  labels: string[];
  overrides: Override[];
}

export type Expansion = { ok: true; spec: SweepSpec; points: SweepPoint[] } | { ok: false; errors: FieldError[] };

export function readExpansion(json: string): Expansion {
  return JSON.parse(json) as Expansion;
}

/** Sweep files of one seed folder ("003"), sorted by name. */
export function sweepFilesOf(seed: string, files: Record<string, string> = bundledFiles()): string[] {
  return Object.keys(files)
    .filter((f) => f.startsWith(`seed${seed}/`) && f.endsWith('.sweep.toml'))
    .sort();
}

/** A file named relative to a sweep file: "seed003/table1.sweep.toml" + "two-way.toml". */
export function sibling(sweepFile: string, name: string): string {
  const dir = sweepFile.includes('/') ? sweepFile.slice(0, sweepFile.lastIndexOf('/') + 1) : '';
  return dir + name;
}

export type ReferenceTable = Map<string, number>;

/** Key of a cell: its labels in axis order. */
export const cellKey = (labels: readonly string[]) => labels.join('\u0000');

/** A reference CSV: a header naming every axis and `value`, `#` comments (sweep.rs parse_reference). */
export function parseReference(axes: readonly string[], csv: string): ReferenceTable {
  const lines = csv.split(/\r?\n/).filter((l) => l.trim() !== '' && !l.startsWith('#'));
  const header = (lines.shift() ?? '').split(',').map((h) => h.trim());
  const columns = axes.map((a) => {
    const i = header.indexOf(a);
    if (i < 0) throw new Error(`no column "${a}"`);
    return i;
  });
  const valueCol = header.indexOf('value');
  if (valueCol < 0) throw new Error('no column "value"');
  const table: ReferenceTable = new Map();
  lines.forEach((line, n) => {
    const cells = line.split(',').map((c) => c.trim());
    const key = columns.map((c) => cells[c]);
    const value = Number(cells[valueCol]);
    if (key.some((k) => k === undefined) || cells[valueCol] === '' || !Number.isFinite(value)) {
      throw new Error(`row ${n + 2}: needs every axis column and a numeric value`);
    }
    table.set(cellKey(key as string[]), value);
  });
  return table;
}

/** Within 1% of each other (both zero counts as equal), the CLI's agreement rule. */
export function agrees(a: number, b: number): boolean {
  return Math.abs(a - b) <= 0.01 * Math.max(Math.abs(a), Math.abs(b));
}

/** Relative deviation of `value` from `reference`. */
export function deviation(value: number, reference: number): number {
  if (value === reference) return 0;
  return Math.abs(value - reference) / Math.max(Math.abs(reference), Math.abs(value));
}

/** A colour band for a deviation: within 1%, 5%, 20%, beyond. */
export function deviationBand(d: number): 'close' | 'near' | 'off' | 'far' {
  return d <= 0.01 ? 'close' : d <= 0.05 ? 'near' : d <= 0.2 ? 'off' : 'far';
}

export interface Layout {
  rowAxes: string[];
  columnAxes: string[];
  rows: string[][];
  columns: string[][];
  /** Index of the point at (row, column), or -1. */
  at(row: number, column: number): number;
}

/** Rows and columns in the order the points first show them (as the CLI's markdown). */
export function layoutOf(spec: SweepSpec, points: readonly SweepPoint[]): Layout {
  const names = spec.axes.map((a) => a.name);
  const rowIdx = (spec.table?.rows ?? names).map((n) => names.indexOf(n));
  const colIdx = (spec.table?.columns ?? []).map((n) => names.indexOf(n));
  const pick = (p: SweepPoint, idx: number[]) => idx.map((i) => p.labels[i] ?? '');
  const rows: string[][] = [];
  const columns: string[][] = [];
  const index = new Map<string, number>();
  points.forEach((p, i) => {
    const r = pick(p, rowIdx);
    const c = pick(p, colIdx);
    if (!rows.some((x) => cellKey(x) === cellKey(r))) rows.push(r);
    if (!columns.some((x) => cellKey(x) === cellKey(c))) columns.push(c);
    index.set(`${cellKey(r)}|${cellKey(c)}`, i);
  });
  return {
    rowAxes: rowIdx.map((i) => names[i] ?? ''),
    columnAxes: colIdx.map((i) => names[i] ?? ''),
    rows,
    columns,
    at: (r, c) => index.get(`${cellKey(rows[r] ?? [])}|${cellKey(columns[c] ?? [])}`) ?? -1,
  };
}

/**
 * The main view's link to one run: the base scenario, the point's overrides
 * (the last per path wins, as when the CLI applies them in order), `seed` as
 * the URL's own parameter.
 */
export function runSearch(scenarioId: string, overrides: readonly Override[], lang: string | null): string {
  const last = new Map<string, string>();
  for (const [path, value] of overrides) last.set(path, value);
  const q = new URLSearchParams();
  q.append('s', scenarioId);
  const seed = last.get('seed');
  if (seed !== undefined && /^[0-9]+$/.test(seed)) {
    q.append('seed', seed);
    last.delete('seed');
  }
  for (const [path, value] of [...last].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) q.append('set', `${path}=${value}`);
  if (lang) q.append('lang', lang);
  return `?${q.toString()}`;
}
