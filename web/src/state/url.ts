// The URL is the state:
//   ?s=<scenario>[&cs=<custom scenario>]&seed=<n>&set=<path>=<value>...
//    [&cmp=1&bset=<path>=<value>...]&t=<ms>[&speed=<x>][&flow=<id>][&plots=a,b]
//    [&zoom=<t0>,<t1>][&pkt=<record>][&present=1][&lang=en|ko]
// Parsing never fails: each malformed parameter becomes a problem naming the
// parameter and what it allows, and falls back to its default.

import type { Override } from '../engine/protocol';
import { isLanguage, LANGUAGES, t as tr, type Language } from '../i18n';
import { MAX_SPEED, MIN_SPEED } from '../playback/clock';
import { CATEGORY } from './events';
import { DEFAULT_SCENARIO, MAX_SEED, parseSeed } from './runParams';

export { DEFAULT_SCENARIO, MAX_SEED, parseSeed } from './runParams';

/** Event kinds as the `ev` parameter names them (the event list's categories). */
const EVENT_KINDS = Object.keys(CATEGORY);

export interface UrlState {
  /** Scenario id; CUSTOM_SCENARIO with `custom`. */
  scenario: string;
  /** Null: the scenario's own seed. */
  seed: number | null;
  /** Overrides, sorted by path, one per path. */
  sets: Override[];
  /** Playback cursor, ms of simulated time. */
  t: number;
  /** The custom scenario, compressed (the `cs` parameter as written). */
  custom?: string;
  /** Compare mode: run B's overrides on top of A's (present, possibly empty, when on). */
  compare?: Override[];
  /** Playback speed (simulated per wall second). */
  speed?: number;
  /** The flow the plots show. */
  flow?: string;
  /** Visible plots, in order. */
  plots?: string[];
  /** Visible time range of the plots, ms. */
  zoom?: [number, number];
  /** The trace record open in the packet inspector. */
  pkt?: number;
  /** Event list filter: the categories shown (absent: all). */
  ev?: string[];
  /** Event list filter: the flow index shown (absent: all flows). */
  evflow?: number;
  /** Present mode: editing panes hidden, canvas and plot text enlarged for a projector. */
  present?: boolean;
  /** Interface language chosen by the link or the language switch (absent: the browser's). */
  lang?: Language;
}

export interface UrlProblem {
  param: string;
  /** The value given, as typed (shortened when huge). */
  value: string;
  problem: string;
  allowed: string;
}

export const CUSTOM_SCENARIO = 'custom';
export const MAX_PARAM_LENGTH = 2000;
/** A link longer than this, or with more parameters, is cut to its first part (one notice says so). */
export const MAX_URL_LENGTH = 64_000;
export const MAX_URL_PARAMS = 200;
/** Problems listed one by one; the rest are counted in one more. */
export const MAX_PROBLEMS = 20;
const MAX_PLOTS = 24;
const PARAMS = ['s', 'cs', 'seed', 'set', 'cmp', 'bset', 't', 'speed', 'flow', 'plots', 'zoom', 'pkt', 'ev', 'evflow', 'present', 'lang'] as const;
const MULTI = new Set(['set', 'bset']);

/** What each parameter allows, in the current language (read when a problem is reported). */
export const ALLOWED = {
  get seed() {
    return tr('notices:allowed.seed', { max: MAX_SEED });
  },
  get set() {
    return tr('notices:allowed.set');
  },
  get bset() {
    return tr('notices:allowed.bset');
  },
  get t() {
    return tr('notices:allowed.t');
  },
  get cs() {
    return tr('notices:allowed.cs', { custom: CUSTOM_SCENARIO });
  },
  get cmp() {
    return tr('notices:allowed.cmp');
  },
  get speed() {
    return tr('notices:allowed.speed', { min: MIN_SPEED, max: MAX_SPEED });
  },
  get flow() {
    return tr('notices:allowed.flow');
  },
  get plots() {
    return tr('notices:allowed.plots');
  },
  get zoom() {
    return tr('notices:allowed.zoom');
  },
  get pkt() {
    return tr('notices:allowed.pkt');
  },
  get ev() {
    return tr('notices:allowed.ev', { kinds: EVENT_KINDS.join(', ') });
  },
  get evflow() {
    return tr('notices:allowed.evflow');
  },
  get present() {
    return tr('notices:allowed.present');
  },
  lang: LANGUAGES.join(', '),
  params: PARAMS.join(', '),
};

export interface ParseOptions {
  /** Known scenario ids; when given, an unknown `s` is a problem. */
  scenarios?: readonly string[];
  defaultScenario?: string;
  /** Plot names the app knows; when given, others are problems. */
  plots?: { accepts(name: string): boolean; names: readonly string[] };
}

/**
 * The link cut to MAX_URL_LENGTH characters and MAX_URL_PARAMS parameters
 * (at a parameter boundary), and how many parameters were left out.
 */
function bound(search: string): { kept: [string, string][]; dropped: number } {
  let text = search.startsWith('?') ? search.slice(1) : search;
  let dropped = 0;
  if (text.length > MAX_URL_LENGTH) {
    const cut = text.lastIndexOf('&', MAX_URL_LENGTH);
    const rest = text.slice(cut < 0 ? 0 : cut + 1);
    dropped += rest.split('&').filter((p) => p !== '').length;
    text = cut < 0 ? '' : text.slice(0, cut);
  }
  const kept: [string, string][] = [];
  for (const pair of new URLSearchParams(text)) {
    if (kept.length < MAX_URL_PARAMS) kept.push(pair);
    else dropped += 1;
  }
  return { kept, dropped };
}

export function parseUrl(search: string, options: ParseOptions = {}): { state: UrlState; problems: UrlProblem[] } {
  const { kept: params, dropped } = bound(search);
  const problems: UrlProblem[] = [];
  /** Repeats of single-valued parameters, reported once per name. */
  const repeats = new Map<string, { count: number; problem: UrlProblem }>();
  const fallbackScenario = options.defaultScenario ?? DEFAULT_SCENARIO;
  const state: UrlState = { scenario: fallbackScenario, seed: null, sets: [], t: 0 };
  const sets = new Map<string, string>();
  const bsets = new Map<string, string>();
  const seen = new Set<string>();
  // Checked after the loop (s=custom needs cs), reported in its place.
  let scenario: { value: string; shown: string; at: number } | null = null;
  let compare = false;

  for (const [name, value] of params) {
    const shown = shorten(value);
    const problem = (p: string, allowed: string) => problems.push({ param: name, value: shown, problem: p, allowed });
    if (!(PARAMS as readonly string[]).includes(name)) {
      problem(tr('notices:problem.unknownParam'), ALLOWED.params);
      continue;
    }
    if (value.length > MAX_PARAM_LENGTH) {
      problem(tr('notices:problem.tooLong', { max: MAX_PARAM_LENGTH }), tr('notices:allowed.atMost', { max: MAX_PARAM_LENGTH }));
      continue;
    }
    if (!MULTI.has(name) && seen.has(name)) {
      const r = repeats.get(name);
      if (r) r.count += 1;
      else {
        // Reported in the place of the first repeat; its count is filled in below.
        const first: UrlProblem = { param: name, value: shown, problem: '', allowed: tr('notices:allowed.oneValue') };
        problems.push(first);
        repeats.set(name, { count: 1, problem: first });
      }
      continue;
    }
    seen.add(name);
    switch (name) {
      case 's':
        scenario = { value, shown, at: problems.length };
        break;
      case 'cs':
        if (!/^[A-Za-z0-9_-]+$/.test(value)) problem(tr('notices:problem.notCustom', { value: shown }), ALLOWED.cs);
        else state.custom = value;
        break;
      case 'seed': {
        const seed = parseSeed(value);
        if (seed === null) problem(tr('notices:problem.notSeed', { value: shown }), ALLOWED.seed);
        else state.seed = seed;
        break;
      }
      case 'set':
      case 'bset': {
        const target = name === 'set' ? sets : bsets;
        const eq = value.indexOf('=');
        if (eq < 0) problem(tr('notices:problem.noEquals', { value: shown }), ALLOWED[name]);
        else if (eq === 0) problem(tr('notices:problem.emptyPath', { value: shown }), ALLOWED[name]);
        else {
          const path = value.slice(0, eq);
          if (target.has(path)) problem(tr('notices:problem.pathTwice', { path: shorten(path) }), tr('notices:allowed.onePerPath'));
          target.set(path, value.slice(eq + 1));
        }
        break;
      }
      case 'cmp':
        if (value !== '1') problem(tr('notices:problem.notOne', { value: shown }), ALLOWED.cmp);
        else compare = true;
        break;
      case 't': {
        const t = parseTime(value);
        if (t === null) problem(tr('notices:problem.notTime', { value: shown }), ALLOWED.t);
        else state.t = t;
        break;
      }
      case 'speed': {
        const v = value.trim() === '' ? Number.NaN : Number(value);
        if (!(v >= MIN_SPEED && v <= MAX_SPEED)) problem(tr('notices:problem.notSpeed', { value: shown }), ALLOWED.speed);
        else state.speed = v;
        break;
      }
      case 'flow':
        if (!/^[A-Za-z0-9_-]{1,64}$/.test(value)) problem(tr('notices:problem.notFlow', { value: shown }), ALLOWED.flow);
        else state.flow = value;
        break;
      case 'plots': {
        const names = value.split(',').filter((p) => p !== '');
        const known = options.plots;
        const good = names.filter((p) => /^[a-z0-9_.-]{1,64}$/.test(p) && (!known || known.accepts(p)));
        const bad = names.filter((p) => !good.includes(p));
        if (bad.length > 0 || names.length > MAX_PLOTS) {
          const list = bad.map((b) => `"${shorten(b, 30)}"`).join(', ');
          problem(
            names.length > MAX_PLOTS ? tr('notices:problem.tooManyPlots', { max: MAX_PLOTS }) : tr('notices:problem.unknownPlot', { list }),
            known ? known.names.join(', ') : ALLOWED.plots,
          );
        }
        // Keep what is valid; when nothing is, the default plots stay (an
        // unknown name must not empty every plot, nor be written back).
        if (good.length > 0 || names.length === 0) state.plots = [...new Set(good)].slice(0, MAX_PLOTS);
        break;
      }
      case 'zoom': {
        const parts = value.split(',');
        const [a, b] = parts.map((p) => parseTime(p));
        if (parts.length !== 2 || a === null || b === null || a === undefined || b === undefined || !(b > a)) {
          problem(tr('notices:problem.notRange', { value: shown }), ALLOWED.zoom);
        } else state.zoom = [a, b];
        break;
      }
      case 'pkt':
        if (!/^[0-9]{1,9}$/.test(value)) problem(tr('notices:problem.notRecord', { value: shown }), ALLOWED.pkt);
        else state.pkt = Number(value);
        break;
      case 'ev': {
        const kinds = value === '' ? [] : value.split(',');
        const bad = kinds.filter((k) => !(EVENT_KINDS as readonly string[]).includes(k));
        if (bad.length > 0) {
          const list = bad.slice(0, 5).map((b) => `"${shorten(b, 30)}"`).join(', ');
          problem(tr('notices:problem.unknownKind', { list: bad.length > 5 ? `${list}, ...` : list }), ALLOWED.ev);
        }
        const good = [...new Set(kinds.filter((k) => !bad.includes(k)))];
        // As for plots: bad names alone leave the full list, not an empty one.
        if (good.length > 0 || bad.length === 0) state.ev = good;
        break;
      }
      case 'evflow':
        if (!/^[0-9]{1,5}$/.test(value)) problem(tr('notices:problem.notFlowNumber', { value: shown }), ALLOWED.evflow);
        else state.evflow = Number(value);
        break;
      case 'present':
        if (value !== '1') problem(tr('notices:problem.notOne', { value: shown }), ALLOWED.present);
        else state.present = true;
        break;
      case 'lang':
        if (!isLanguage(value)) problem(tr('notices:problem.notLanguage', { value: shown }), ALLOWED.lang);
        else state.lang = value;
        break;
    }
  }

  if (scenario !== null) {
    const { value, shown, at } = scenario;
    const problem = (p: string, allowed: string) => problems.splice(at, 0, { param: 's', value: shown, problem: p, allowed });
    if (value === CUSTOM_SCENARIO) {
      if (state.custom === undefined) problem(tr('notices:problem.needsCs', { custom: CUSTOM_SCENARIO }), ALLOWED.cs);
      else state.scenario = CUSTOM_SCENARIO;
    } else if (options.scenarios && !options.scenarios.includes(value)) {
      problem(value === '' ? tr('notices:problem.emptyScenario') : tr('notices:problem.unknownScenario', { value: shown }), [...options.scenarios, CUSTOM_SCENARIO].join(', '));
    } else if (value === '') {
      problem(tr('notices:problem.emptyScenario'), tr('notices:allowed.scenarioId'));
    } else {
      state.scenario = value;
    }
  }
  for (const r of repeats.values()) {
    r.problem.problem = r.count === 1 ? tr('notices:problem.repeated') : tr('notices:problem.repeatedTimes', { times: r.count + 1 });
  }
  if (dropped > 0) {
    problems.push({
      param: 'link',
      value: String(dropped),
      problem: tr('notices:problem.linkTooLong', { count: dropped, kept: params.length }),
      allowed: tr('notices:allowed.linkBound', { params: MAX_URL_PARAMS, chars: MAX_URL_LENGTH }),
    });
  }
  if (problems.length > MAX_PROBLEMS) {
    const more = problems.length - (MAX_PROBLEMS - 1);
    problems.splice(MAX_PROBLEMS - 1, more, {
      param: 'link',
      value: String(more),
      problem: tr('notices:problem.moreProblems', { count: more }),
      allowed: ALLOWED.params,
    });
  }
  if (state.scenario !== CUSTOM_SCENARIO) delete state.custom;
  state.sets = sortSets([...sets]);
  if (compare || bsets.size > 0) state.compare = sortSets([...bsets]);
  return { state, problems };
}

/** The canonical query string of a state: equal states give equal strings. */
export function serializeUrl(state: UrlState): string {
  const params = new URLSearchParams();
  params.append('s', state.scenario);
  if (state.scenario === CUSTOM_SCENARIO && state.custom) params.append('cs', state.custom);
  if (state.seed !== null) params.append('seed', String(state.seed));
  for (const [path, value] of sortSets(state.sets)) params.append('set', `${path}=${value}`);
  if (state.compare) {
    params.append('cmp', '1');
    for (const [path, value] of sortSets(state.compare)) params.append('bset', `${path}=${value}`);
  }
  if (state.t > 0) params.append('t', formatTime(state.t));
  if (state.speed !== undefined) params.append('speed', String(state.speed));
  if (state.flow !== undefined) params.append('flow', state.flow);
  if (state.plots !== undefined) params.append('plots', state.plots.join(','));
  if (state.zoom) params.append('zoom', `${formatTime(state.zoom[0])},${formatTime(state.zoom[1])}`);
  if (state.pkt !== undefined) params.append('pkt', String(state.pkt));
  if (state.ev !== undefined) params.append('ev', state.ev.join(','));
  if (state.evflow !== undefined) params.append('evflow', String(state.evflow));
  if (state.present) params.append('present', '1');
  if (state.lang !== undefined) params.append('lang', state.lang);
  // Commas need no escaping in a query; leaving them makes lists readable.
  return `?${params.toString().replace(/%2C/g, ',')}`;
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

export function describeProblem(p: UrlProblem): string {
  return tr('notices:withAllowed', { problem: p.problem, allowed: p.allowed });
}

function shorten(value: string, max = 80): string {
  return value.length > max ? `${value.slice(0, max - 3)}...` : value;
}
