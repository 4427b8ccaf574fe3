// The URL is the state: `?s=<scenario>&seed=<n>&set=<path>=<value>...&t=<ms>`.
// Parsing never fails: each malformed parameter becomes a problem naming the
// parameter and what it allows, and falls back to its default.

import type { Override } from '../engine/protocol';

export interface UrlState {
  /** Scenario id. */
  scenario: string;
  /** Null: the scenario's own seed. */
  seed: number | null;
  /** Overrides, sorted by path, one per path. */
  sets: Override[];
  /** Playback cursor, ms of simulated time. */
  t: number;
}

export interface UrlProblem {
  param: string;
  /** The value given, as typed (shortened when huge). */
  value: string;
  problem: string;
  allowed: string;
}

export const DEFAULT_SCENARIO = 'seed000/wired';
export const MAX_SEED = Number.MAX_SAFE_INTEGER; // 2^53 - 1, the engine's limit too
export const MAX_PARAM_LENGTH = 2000;
const PARAMS = ['s', 'seed', 'set', 't'] as const;

export const ALLOWED = {
  seed: `an integer from 0 to ${MAX_SEED}`,
  set: 'path=value with a non-empty path, e.g. set=flows.ftp.tcp.variant=reno',
  t: 'a number of milliseconds, 0 or more',
  params: PARAMS.join(', '),
} as const;

export interface ParseOptions {
  /** Known scenario ids; when given, an unknown `s` is a problem. */
  scenarios?: readonly string[];
  defaultScenario?: string;
}

export function parseUrl(search: string, options: ParseOptions = {}): { state: UrlState; problems: UrlProblem[] } {
  const params = new URLSearchParams(search);
  const problems: UrlProblem[] = [];
  const fallbackScenario = options.defaultScenario ?? DEFAULT_SCENARIO;
  const state: UrlState = { scenario: fallbackScenario, seed: null, sets: [], t: 0 };
  const sets = new Map<string, string>();
  const seen = new Set<string>();

  for (const [name, value] of params) {
    const shown = shorten(value);
    const problem = (p: string, allowed: string) => problems.push({ param: name, value: shown, problem: p, allowed });
    if (!(PARAMS as readonly string[]).includes(name)) {
      problem('unknown parameter', ALLOWED.params);
      continue;
    }
    if (value.length > MAX_PARAM_LENGTH) {
      problem(`longer than ${MAX_PARAM_LENGTH} characters`, `at most ${MAX_PARAM_LENGTH} characters`);
      continue;
    }
    if (name !== 'set' && seen.has(name)) {
      problem('given more than once; the first is used', 'one value');
      continue;
    }
    seen.add(name);
    switch (name) {
      case 's':
        if (options.scenarios && !options.scenarios.includes(value)) {
          problem(value === '' ? 'empty scenario id' : `unknown scenario "${shown}"`, options.scenarios.join(', '));
        } else if (value === '') {
          problem('empty scenario id', 'a scenario id');
        } else {
          state.scenario = value;
        }
        break;
      case 'seed': {
        const seed = parseSeed(value);
        if (seed === null) problem(`"${shown}" is not a valid seed`, ALLOWED.seed);
        else state.seed = seed;
        break;
      }
      case 'set': {
        const eq = value.indexOf('=');
        if (eq < 0) problem(`"${shown}" has no "="`, ALLOWED.set);
        else if (eq === 0) problem(`"${shown}" has an empty path`, ALLOWED.set);
        else {
          const path = value.slice(0, eq);
          if (sets.has(path)) problem(`path "${shorten(path)}" is set more than once; the last value is used`, 'one value per path');
          sets.set(path, value.slice(eq + 1));
        }
        break;
      }
      case 't': {
        const t = parseTime(value);
        if (t === null) problem(`"${shown}" is not a time`, ALLOWED.t);
        else state.t = t;
        break;
      }
    }
  }
  state.sets = sortSets([...sets]);
  return { state, problems };
}

/** The canonical query string of a state: equal states give equal strings. */
export function serializeUrl(state: UrlState): string {
  const params = new URLSearchParams();
  params.append('s', state.scenario);
  if (state.seed !== null) params.append('seed', String(state.seed));
  for (const [path, value] of sortSets(state.sets)) params.append('set', `${path}=${value}`);
  if (state.t > 0) params.append('t', formatTime(state.t));
  return `?${params.toString()}`;
}

export function parseSeed(text: string): number | null {
  if (!/^[0-9]{1,16}$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) && n <= MAX_SEED ? n : null;
}

function parseTime(text: string): number | null {
  if (text.trim() === '') return null;
  const t = Number(text);
  return Number.isFinite(t) && t >= 0 ? t : null;
}

/** Milliseconds to the microsecond, without float noise (5000.0000001 -> "5000"). */
export function formatTime(t: number): string {
  return String(Math.round(t * 1000) / 1000);
}

export function sortSets(sets: readonly Override[]): Override[] {
  return [...sets].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Replaces (or, with value null, removes) the override of one path. */
export function withSet(sets: readonly Override[], path: string, value: string | null): Override[] {
  const rest = sets.filter(([p]) => p !== path);
  return sortSets(value === null ? rest : [...rest, [path, value]]);
}

/** The problem and what is allowed; the parameter is named by the caller. */
export function describeProblem(p: UrlProblem): string {
  return `${p.problem} (allowed: ${p.allowed}).`;
}

function shorten(value: string): string {
  return value.length > 80 ? `${value.slice(0, 77)}...` : value;
}
