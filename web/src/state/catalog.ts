// The scenario catalogue: every scenarios/**/*.toml file bundled with the app,
// read through the engine (the only TOML parser), grouped by paper.

import type { FieldError, Scenario } from '../generated/types';
import { t as tr } from '../i18n';
import type { Resolution, ScenarioFormat } from '../engine/protocol';

export interface CatalogEntry {
  /** Path under scenarios/, e.g. "seed000/wired.toml". */
  file: string;
  text: string;
  /** How `text` is written (TOML for files; JSON for a custom scenario). */
  format?: ScenarioFormat;
  /** Normalized, when the file is valid. */
  scenario: Scenario | null;
  errors: FieldError[];
}

export interface CatalogGroup {
  key: string;
  label: string;
  /** What the group reproduces, when it is a paper. */
  entries: CatalogEntry[];
}

/** Raw files keyed by their import path (as import.meta.glob returns them). */
export type ScenarioFiles = Record<string, string>;

/** The same from a lazy glob: each file's text, or a function loading it (its own chunk). */
export type LazyScenarioFiles = Record<string, string | (() => Promise<string>)>;

/** Sweeps (`*.sweep.toml`, a base scenario and axes for the CLI) and lessons (`*.lesson.toml`) are not scenarios. */
function scenarioEntries<T>(files: Record<string, T>): { file: string; value: T }[] {
  return Object.entries(files)
    .filter(([path]) => !path.endsWith('.sweep.toml') && !path.endsWith('.lesson.toml'))
    .map(([path, value]) => ({ file: path.replace(/^.*?scenarios\//, ''), value }))
    .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

/** Scenario files, sorted by path under scenarios/. */
export function scenarioFiles(files: ScenarioFiles): { file: string; text: string }[] {
  return scenarioEntries(files).map(({ file, value }) => ({ file, text: value }));
}

/** Scenario files, each with a function giving its text (loading it first when it is lazy). */
export function scenarioSources(files: LazyScenarioFiles): { file: string; load: () => Promise<string> }[] {
  return scenarioEntries(files).map(({ file, value }) => ({ file, load: typeof value === 'string' ? () => Promise.resolve(value) : value }));
}

export function catalogEntry(file: string, text: string, r: Resolution): CatalogEntry {
  return { file, text, scenario: r.ok ? r.scenario : null, errors: r.errors };
}

/** The folder of one-mechanism examples: a group of its own even when an example cites a paper. */
const EXAMPLES = 'examples';

/**
 * Papers first in order of their seed number, then the examples, then other
 * folders, each sorted by title.
 */
export function groupCatalog(entries: readonly CatalogEntry[]): CatalogGroup[] {
  const groups = new Map<string, CatalogGroup>();
  for (const e of entries) {
    const folder = e.file.includes('/') ? (e.file.split('/')[0] ?? '') : '';
    const paper = folder === EXAMPLES ? undefined : e.scenario?.paper?.seed;
    const key = paper ? `paper-${paper}` : `folder-${folder}`;
    let g = groups.get(key);
    if (!g) {
      g = { key, label: groupLabel(key), entries: [] };
      groups.set(key, g);
    }
    g.entries.push(e);
  }
  for (const g of groups.values()) g.entries.sort((a, b) => title(a).localeCompare(title(b)));
  const rank = (g: CatalogGroup) => (g.key.startsWith('paper-') ? 0 : g.key === `folder-${EXAMPLES}` ? 1 : 2);
  return [...groups.values()].sort((a, b) => rank(a) - rank(b) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

export function title(e: CatalogEntry): string {
  return e.scenario?.title ?? e.file;
}

export function findScenario(entries: readonly CatalogEntry[], id: string): CatalogEntry | null {
  return entries.find((e) => e.scenario?.id === id) ?? null;
}

export function scenarioIds(entries: readonly CatalogEntry[]): string[] {
  return entries.flatMap((e) => (e.scenario ? [e.scenario.id] : []));
}

/** A group's name in the current language, from its key (`paper-000`, `folder-examples`). */
export function groupLabel(key: string): string {
  if (key.startsWith('paper-')) return tr('controls:groups.seedPaper', { seed: key.slice('paper-'.length) });
  const folder = key.slice('folder-'.length);
  if (folder === 'bench') return tr('controls:groups.bench');
  if (folder === EXAMPLES) return tr('controls:groups.examples');
  if (folder === '') return tr('controls:groups.other');
  return folder.charAt(0).toUpperCase() + folder.slice(1);
}
