// The app's state machine: reads the URL, asks the engine to resolve the
// scenario with the user's overrides, starts runs, and writes every change back
// to the URL. Views read its snapshot and call its methods; they hold no state
// of their own beyond text being typed.

import type { EngineClient, RunRequest } from '../engine/client';
import type { TraceChunk } from '../engine/traceColumns';
import { t as tr } from '../i18n';
import type { FieldError, Scenario } from '../generated/types';
import { formatFieldError, type KnobOptionValues, type Override, type PresetValues, type Resolution, type RunMessage } from '../engine/protocol';
import { DEFAULT_SPEED } from '../playback/clock';
import type { Playback } from '../playback/playback';
import type { TimeWindow } from '../plots/timeWindow';
import {
  catalogEntry,
  findScenario,
  groupCatalog,
  scenarioFiles,
  scenarioIds,
  type CatalogEntry,
  type CatalogGroup,
  type ScenarioFiles,
} from './catalog';
import { localNotice, removeNotices, reworded, upsertNotice, type Notice } from './notices';
import { overrideEffects } from './overrideEffects';
import type { RunStore } from './runStore';
import { decodeScenario, encodeForUrl } from './customScenario';
import { ALLOWED, CUSTOM_SCENARIO, DEFAULT_SCENARIO, describeProblem, formatTime, parseUrl, serializeUrl, withSet, type UrlProblem, type UrlState } from './url';
import { ALL_CATEGORIES, CATEGORY, type Category } from './events';
import { ViewStore } from './viewStore';

export interface HistoryPort {
  search(): string;
  push(search: string): void;
  replace(search: string): void;
  onPop(listener: () => void): () => void;
}

export interface AppSnapshot {
  phase: 'loading' | 'ready' | 'failed';
  entries: CatalogEntry[];
  groups: CatalogGroup[];
  /** What the URL asks for (canonical); `sets` includes refused overrides, kept as typed. */
  request: UrlState;
  entry: CatalogEntry | null;
  resolution: Resolution | null;
  knobOptions: KnobOptionValues[] | null;
  presetValues: PresetValues[] | null;
  /** Run B's resolution (A's overrides with B's on top), in compare mode. */
  resolutionB: Resolution | null;
  notices: Notice[];
}

export interface ControllerDeps {
  client: EngineClient;
  store: RunStore;
  playback: Playback;
  files: ScenarioFiles;
  history: HistoryPort;
  /** What is being looked at (flow, plots, selected event); created when not given. */
  view?: ViewStore;
  /** Run B of a comparison: its own engine (created on first use) and store. */
  clientB?: () => EngineClient;
  storeB?: RunStore;
  /** The plots' shared time range; created when not given. */
  window?: TimeWindow | null;
  /** Names the `plots` parameter accepts. */
  plotNames?: { accepts(name: string): boolean; names: readonly string[] };
}

type HistoryMode = 'push' | 'replace' | 'none';

const FALLBACK_PARAMS = new Set(['s', 'seed', 'set', 't', 'speed', 'flow', 'plots', 'zoom', 'pkt', 'ev', 'evflow', 'cs', 'cmp', 'bset', 'present', 'lang']);

/** What the app does instead of a bad URL parameter, in the current language. */
function fallback(param: string): string {
  return tr(`notices:fallback.${FALLBACK_PARAMS.has(param) ? param : 'other'}`);
}

export class AppController {
  private snapshot: AppSnapshot = {
    phase: 'loading',
    entries: [],
    groups: [],
    request: { scenario: DEFAULT_SCENARIO, seed: null, sets: [], t: 0 },
    entry: null,
    resolution: null,
    knobOptions: null,
    presetValues: null,
    resolutionB: null,
    notices: [],
  };
  private readonly listeners = new Set<() => void>();
  private readonly knobCache = new Map<string, { options: KnobOptionValues[]; presets: PresetValues[] }>();
  /** Bumped per apply(): replies to older requests are ignored. */
  private token = 0;
  private pendingSeekMs: number | null = null;
  private movingPlayback = false;
  /** The query string last read (its problems are the url: notices). */
  private readSearch = '';
  private cursorTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly unsubscribe: (() => void)[] = [];
  readonly view: ViewStore;
  private lastSpeed: number;
  private clientB: EngineClient | null = null;
  /** What each run is running: an unchanged run is not started again. */
  private runningA: string | null = null;
  /** What run A was started with (for trace windows of it). */
  private runRequestA: Omit<RunRequest, 'recording'> | null = null;
  private runningB: string | null = null;
  private readonly customCache = new Map<string, CatalogEntry | null>();

  constructor(private readonly deps: ControllerDeps) {
    this.view = deps.view ?? new ViewStore();
    this.lastSpeed = deps.playback.getSnapshot().speed;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): AppSnapshot => this.snapshot;

  /** Loads the catalogue, then applies the URL. */
  async start(): Promise<void> {
    this.unsubscribe.push(this.deps.playback.subscribe(() => this.onPlayback()));
    this.unsubscribe.push(this.deps.history.onPop(() => this.applyLocation('none')));
    this.unsubscribe.push(this.view.subscribe(() => this.scheduleUrlWrite()));
    if (this.deps.window) this.unsubscribe.push(this.deps.window.subscribe(() => this.scheduleUrlWrite()));
    let entries: CatalogEntry[];
    try {
      entries = await Promise.all(
        scenarioFiles(this.deps.files).map(async ({ file, text }) =>
          catalogEntry(file, text, await this.deps.client.validate(text, 'toml', [])),
        ),
      );
    } catch (e) {
      this.set({ phase: 'failed', notices: this.withError('engine', 'notices:engineStart', e) });
      return;
    }
    if (scenarioIds(entries).length === 0) {
      this.set({
        phase: 'failed',
        entries,
        groups: groupCatalog(entries),
        notices: upsertNotice(this.snapshot.notices, localNotice('catalog', 'error', () => ({
          title: tr('notices:noScenario'),
          lines: entries.map((e) => `${e.file}: ${e.errors.map(formatFieldError).join('; ')}`),
        }))),
      });
      return;
    }
    this.set({ phase: 'ready', entries, groups: groupCatalog(entries) });
    this.applyLocation('replace');
  }

  dispose(): void {
    for (const u of this.unsubscribe) u();
    this.unsubscribe.length = 0;
    this.token += 1;
    if (this.cursorTimer !== null) clearTimeout(this.cursorTimer);
    this.cursorTimer = null;
  }

  selectScenario(id: string): void {
    if (id === this.snapshot.request.scenario) return;
    // Flow ids and indices belong to the old scenario.
    this.view.set({ selected: null, flow: null, filter: { ...this.view.getSnapshot().filter, flow: null } });
    this.deps.window?.reset();
    void this.apply({ scenario: id, seed: null, sets: [], t: 0 }, 'push', 0);
  }

  /**
   * Sets (or with null, removes) the override of one field path and re-runs.
   * `raw` is the value as chosen: in compare mode, run B needs it to differ
   * from an override of run A even when it is the scenario's own value.
   */
  setOverride(path: string, value: string | null, raw?: string): void {
    this.setOverrides([[path, value, raw]]);
  }

  /** Sets several overrides at once (a preset), as one step of history; of run B while editing B. */
  setOverrides(pairs: readonly (readonly [path: string, value: string | null, raw?: string])[]): void {
    const r = this.snapshot.request;
    this.view.set({ selected: null });
    if (r.compare !== undefined && this.view.getSnapshot().editing === 'B') {
      let compare = r.compare;
      for (const [path, value, raw] of pairs) compare = withSet(compare, path, bOverride(r.sets, path, value, raw));
      void this.apply({ ...r, compare, t: this.cursor() }, 'push', null);
      return;
    }
    let sets = r.sets;
    for (const [path, value] of pairs) sets = withSet(sets, path, value);
    void this.apply({ ...r, sets, t: this.cursor() }, 'push', null);
  }

  /** Drops every override (of run B while editing B): the scenario as written (the seed is kept). */
  resetOverrides(): void {
    const r = this.snapshot.request;
    this.view.set({ selected: null });
    if (r.compare !== undefined && this.view.getSnapshot().editing === 'B') {
      if (r.compare.length > 0) void this.apply({ ...r, compare: [], t: this.cursor() }, 'push', null);
      return;
    }
    if (r.sets.length === 0) return;
    void this.apply({ ...r, sets: [], t: this.cursor() }, 'push', null);
  }

  /** Compare mode: run B starts as a copy of run A, with the same seed; the settings then edit B. */
  startCompare(): void {
    const r = this.snapshot.request;
    if (r.compare !== undefined) return;
    this.view.set({ editing: 'B' });
    void this.apply({ ...r, compare: [], t: this.cursor() }, 'push', null);
  }

  stopCompare(): void {
    const r = this.snapshot.request;
    if (r.compare === undefined) return;
    const { compare: _dropped, ...rest } = r;
    this.view.set({ editing: 'A' });
    void this.apply({ ...rest, t: this.cursor() }, 'push', null);
  }

  /** Removes one of run B's differences. */
  removeDifference(path: string): void {
    const r = this.snapshot.request;
    if (r.compare === undefined) return;
    void this.apply({ ...r, compare: withSet(r.compare, path, null), t: this.cursor() }, 'push', null);
  }

  setSeed(seed: number): void {
    const r = this.snapshot.request;
    if (seed === r.seed) return;
    this.view.set({ selected: null });
    void this.apply({ ...r, seed, t: this.cursor() }, 'push', null);
  }

  /** Runs the current request again (after a cancel or an error). */
  rerun(): void {
    this.runningA = null;
    this.runningB = null;
    void this.apply({ ...this.snapshot.request, t: this.cursor() }, 'none', null);
  }

  /** Gives a run stopped at its budget one more budget. */
  continueRun(): void {
    this.deps.client.continueRun();
    this.deps.store.resume();
  }

  cancel(): void {
    this.deps.client.cancel();
    this.clientB?.cancel();
  }

  /**
   * Words the notices again in the current language, after a language switch:
   * those from the catalogs by their own wording, the URL's by reading the URL again.
   */
  relocalize(): void {
    let notices = reworded(this.snapshot.notices);
    if (notices.some((n) => n.key.startsWith('url:') && !n.render)) {
      const { problems } = this.parseLocation(this.readSearch);
      const fresh = new Map(problems.map((p, i) => [urlNotice(p, i).key, urlNotice(p, i)]));
      // Only those still shown: a dismissed notice stays dismissed.
      notices = notices.map((n) => (n.render ? n : (fresh.get(n.key) ?? n)));
    }
    this.set({ notices });
  }

  dismissAll(): void {
    this.set({ notices: [] });
  }

  dismiss(key: string): void {
    this.set({ notices: removeNotices(this.snapshot.notices, (k) => k === key) });
  }

  private cursor(): number {
    return this.deps.playback.getSnapshot().cursorMs;
  }

  /** A URL as state, and its problems (worded in the current language). */
  private parseLocation(search: string): ReturnType<typeof parseUrl> {
    const ids = scenarioIds(this.snapshot.entries);
    const fallbackScenario = ids.includes(DEFAULT_SCENARIO) ? DEFAULT_SCENARIO : (ids[0] ?? DEFAULT_SCENARIO);
    return parseUrl(search, {
      scenarios: ids,
      defaultScenario: fallbackScenario,
      ...(this.deps.plotNames ? { plots: this.deps.plotNames } : {}),
    });
  }

  private applyLocation(history: HistoryMode): void {
    // Kept: the notices of its problems are worded again from it after a language switch.
    this.readSearch = this.deps.history.search();
    const { state, problems } = this.parseLocation(this.readSearch);
    // View parameters apply at once; they never re-run anything.
    this.view.set({
      flow: state.flow ?? null,
      plots: state.plots ?? null,
      selected: state.pkt !== undefined ? { type: 'record', index: state.pkt } : null,
      filter: {
        categories: state.ev === undefined ? ALL_CATEGORIES : state.ev.reduce((bits, k) => bits | (CATEGORY[k as Category] ?? 0), 0),
        flow: state.evflow ?? null,
      },
      lang: state.lang ?? null,
      present: state.present === true,
    });
    this.deps.window?.set(state.zoom ? { t0: state.zoom[0], t1: state.zoom[1] } : null);
    this.lastSpeed = state.speed ?? DEFAULT_SPEED;
    this.movingPlayback = true;
    this.deps.playback.setSpeed(this.lastSpeed);
    this.movingPlayback = false;
    let notices = removeNotices(this.snapshot.notices, (k) => k.startsWith('url:'));
    problems.forEach((p, i) => {
      notices = upsertNotice(notices, urlNotice(p, i));
    });
    this.set({ notices });
    void this.apply(state, history, state.t);
  }

  private async apply(requested: UrlState, history: HistoryMode, seekToMs: number | null): Promise<void> {
    let entry: CatalogEntry | null;
    if (requested.scenario === CUSTOM_SCENARIO) {
      const token = ++this.token;
      entry = await this.customEntry(requested.custom ?? '');
      if (token !== this.token) return;
      if (!entry) {
        // Not runnable: the default scenario instead (the notice says why).
        await this.apply({ scenario: this.defaultScenario(), seed: null, sets: [], t: 0 }, history === 'none' ? 'replace' : history, 0);
        return;
      }
    } else {
      entry = findScenario(this.snapshot.entries, requested.scenario);
    }
    if (!entry?.scenario) return;
    const format = entry.format ?? 'toml';
    const request: UrlState = { ...runFields(requested), seed: requested.seed ?? entry.scenario.seed ?? 0 };
    const token = ++this.token;
    const sameScenario = this.snapshot.entry === entry;
    this.set({
      request,
      entry,
      ...(sameScenario
        ? {}
        : {
            resolution: null,
            knobOptions: this.knobCache.get(entry.text)?.options ?? null,
            presetValues: this.knobCache.get(entry.text)?.presets ?? null,
          }),
    });
    this.writeUrl(history);
    if (seekToMs !== null) this.pendingSeekMs = seekToMs;

    // Keyed by the scenario's text: every custom scenario has the id "custom".
    const cached = this.knobCache.get(entry.text);
    const overrides: Override[] = [...request.sets, ['seed', String(request.seed)]];
    let resolution: Resolution;
    try {
      resolution = await this.deps.client.validate(entry.text, format, overrides, { knobOptions: !cached });
    } catch (e) {
      if (token !== this.token) return;
      this.set({ notices: this.withError('run', 'notices:notChecked', e) });
      return;
    }
    if (token !== this.token) return;
    const knobOptions = cached?.options ?? resolution.knobOptions;
    const presetValues = cached?.presets ?? resolution.presetValues;
    if (!cached && knobOptions) this.knobCache.set(entry.text, { options: knobOptions, presets: presetValues ?? [] });

    let notices = removeNotices(this.snapshot.notices, (k) => k.startsWith('override:') || k === 'run');
    for (const r of resolution.rejected) {
      const [path, value] = r.override;
      notices = upsertNotice(notices, localNotice(`override:${path}`, 'error', () => ({
        title: path === 'seed' ? tr('notices:seedNotUsed', { value }) : tr('notices:overrideNotApplied', { path, value }),
        lines: [...r.errors.map(formatFieldError), tr('notices:runsWithout')],
      })));
    }
    // Accepted but not shown as set: no setting is ignored or cut short without a word.
    for (const e of overrideEffects(resolution.accepted)) {
      const value = e.value.length > 40 ? `${e.value.slice(0, 37)}...` : e.value;
      notices = upsertNotice(notices, localNotice(`override:effect:${e.path}`, 'warning', () => ({
        title: tr(e.kind === 'ignored' ? 'common:layout.overrideIgnoredTitle' : 'common:layout.overrideClippedTitle', { path: e.path, value }),
        lines: [tr(e.kind === 'ignored' ? 'common:layout.overrideIgnored' : 'common:layout.overrideClipped', { path: e.path, chars: e.shownChars ?? 0, length: [...e.value].length })],
      })));
    }
    if (!resolution.ok) {
      notices = upsertNotice(notices, localNotice('run', 'error', () => ({
        title: tr('notices:scenarioInvalid', { file: entry.file }),
        lines: resolution.errors.map(formatFieldError),
      })));
    }
    this.set({ resolution, knobOptions, presetValues, notices });
    if (!resolution.ok) return;

    // An unchanged run A (only run B's settings changed) keeps its results.
    const keyA = runKey(entry.text, resolution.accepted);
    const meta = this.deps.store.getMeta();
    const alive = meta.status === 'running' || meta.status === 'paused' || meta.status === 'done';
    if (keyA !== this.runningA || !alive) {
      this.runningA = keyA;
      this.runRequestA = { text: entry.text, format, overrides: resolution.accepted };
      const runId = this.deps.client.run(
        { text: entry.text, format, overrides: resolution.accepted, recording: 'full' },
        (msg) => this.onRunMessage(msg),
      );
      this.deps.store.begin(runId);
    } else if (seekToMs !== null) {
      this.deps.playback.seek(seekToMs);
      this.pendingSeekMs = null;
    }
    await this.applyB(entry, request, token);
  }

  /** Runs (or stops) run B: the scenario with A's requested overrides and B's on top, the same seed. */
  private async applyB(entry: CatalogEntry, request: UrlState, token: number): Promise<void> {
    const storeB = this.deps.storeB;
    if (request.compare === undefined || !storeB || !this.deps.clientB) {
      if (this.runningB !== null) {
        this.clientB?.cancel();
        storeB?.reset();
        this.runningB = null;
      }
      this.set({ resolutionB: null, notices: removeNotices(this.snapshot.notices, (k) => k.startsWith('overrideB:')) });
      return;
    }
    this.clientB ??= this.deps.clientB();
    const overrides: Override[] = [...mergedSets(request.sets, request.compare), ['seed', String(request.seed)]];
    let resolution: Resolution;
    try {
      resolution = await this.clientB.validate(entry.text, entry.format ?? 'toml', overrides);
    } catch (e) {
      if (token !== this.token) return;
      this.set({ notices: this.withError('runB', 'notices:runBNotChecked', e) });
      return;
    }
    if (token !== this.token) return;
    let notices = removeNotices(this.snapshot.notices, (k) => k.startsWith('overrideB:') || k === 'runB');
    for (const r of resolution.rejected) {
      const [path, value] = r.override;
      // A's refused overrides are already reported; these are B's own.
      if (!request.compare.some(([p]) => p === path)) continue;
      notices = upsertNotice(notices, localNotice(`overrideB:${path}`, 'error', () => ({
        title: tr('notices:runBOverride', { path, value }),
        lines: [...r.errors.map(formatFieldError), tr('notices:runBWithout')],
      })));
    }
    this.set({ resolutionB: resolution, notices });
    if (!resolution.ok) return;
    const keyB = runKey(entry.text, resolution.accepted);
    const meta = storeB.getMeta();
    if (keyB === this.runningB && (meta.status === 'running' || meta.status === 'done')) return;
    this.runningB = keyB;
    const runId = this.clientB.run({ text: entry.text, format: entry.format ?? 'toml', overrides: resolution.accepted, recording: 'full' }, (msg) => {
      storeB.receive(msg);
      if (msg.type === 'error') {
        const lines = msg.error.fieldErrors.length > 0 ? msg.error.fieldErrors.map(formatFieldError) : [msg.error.message];
        this.set({ notices: upsertNotice(this.snapshot.notices, localNotice('runB', 'error', () => ({ title: tr('notices:runBFailed'), lines }))) });
      }
    });
    storeB.begin(runId);
  }

  private onRunMessage(msg: RunMessage): void {
    this.deps.store.receive(msg);
    if (msg.type === 'started') {
      // Moving the playback here is not a user seek: keep the URL's t.
      this.movingPlayback = true;
      this.deps.playback.setEnd(msg.endMs);
      this.deps.window?.setEnd(msg.endMs);
      if (this.pendingSeekMs !== null) this.deps.playback.seek(this.pendingSeekMs);
      this.pendingSeekMs = null;
      this.movingPlayback = false;
      this.onPlayback();
    } else if (msg.type === 'error') {
      const lines = msg.error.fieldErrors.length > 0 ? msg.error.fieldErrors.map(formatFieldError) : [msg.error.message];
      this.set({
        notices: upsertNotice(this.snapshot.notices, localNotice('run', 'error', () => ({
          title: msg.error.panic ? tr('notices:engineFailed') : tr('notices:runFailed'),
          lines,
        }))),
      });
    }
  }

  /**
   * A paused cursor is part of the URL: replaced, not pushed (scrubbing is not
   * history), and at most every 200 ms, since browsers limit replaceState calls.
   */
  private onPlayback(): void {
    if (this.movingPlayback || this.pendingSeekMs !== null || this.snapshot.phase !== 'ready') return;
    const p = this.deps.playback.getSnapshot();
    if (p.speed !== this.lastSpeed) {
      this.lastSpeed = p.speed;
      this.scheduleUrlWrite();
    }
    if (p.playing || p.endMs <= 0) return;
    const t = Number(formatTime(p.cursorMs));
    if (t === this.snapshot.request.t) return;
    this.set({ request: { ...this.snapshot.request, t } });
    this.scheduleUrlWrite();
  }

  /** View changes (cursor, zoom, plots, selection) replace the URL, at most every 200 ms. */
  private scheduleUrlWrite(): void {
    if (this.snapshot.phase !== 'ready') return;
    this.cursorTimer ??= setTimeout(() => {
      this.cursorTimer = null;
      this.writeUrl('replace');
    }, 200);
  }

  private defaultScenario(): string {
    const ids = scenarioIds(this.snapshot.entries);
    return ids.includes(DEFAULT_SCENARIO) ? DEFAULT_SCENARIO : (ids[0] ?? DEFAULT_SCENARIO);
  }

  /**
   * The custom scenario of a `cs` parameter, checked by the engine; null (with
   * a notice naming the parameter) when it cannot be read or run.
   */
  private async customEntry(cs: string): Promise<CatalogEntry | null> {
    if (this.customCache.has(cs)) return this.customCache.get(cs) ?? null;
    let text: string;
    try {
      text = await decodeScenario(cs);
    } catch (e) {
      this.set({
        notices: upsertNotice(this.snapshot.notices, localNotice('url:cs', 'warning', () => ({
          title: tr('notices:urlParam', { param: 'cs' }),
          lines: [tr('notices:withAllowed', { problem: e instanceof Error ? e.message : String(e), allowed: ALLOWED.cs }), fallback('cs')],
        }))),
      });
      return null;
    }
    let entry: CatalogEntry | null = null;
    try {
      const r = await this.deps.client.validate(text, 'json', []);
      if (r.ok && r.scenario) entry = { file: CUSTOM_SCENARIO, text, format: 'json', scenario: r.scenario, errors: [] };
      else {
        this.set({
          notices: upsertNotice(this.snapshot.notices, localNotice('url:cs', 'error', () => ({
            title: tr('notices:csCannotRun'),
            lines: [...r.errors.map(formatFieldError), fallback('cs')],
          }))),
        });
      }
    } catch (e) {
      this.set({ notices: this.withError('url:cs', 'notices:csNotChecked', e) });
    }
    this.customCache.set(cs, entry);
    return entry;
  }

  /**
   * Runs a scenario built in the browser. It must fit in a link and pass the
   * engine's checks; otherwise nothing changes and the reasons come back.
   */
  async runCustom(scenario: Scenario): Promise<{ ok: true } | { ok: false; message: string; errors: FieldError[] }> {
    const text = JSON.stringify({ ...scenario, id: CUSTOM_SCENARIO });
    let r: Resolution;
    try {
      r = await this.deps.client.validate(text, 'json', []);
    } catch (e) {
      return { ok: false, message: e instanceof Error ? e.message : String(e), errors: [] };
    }
    if (!r.ok || !r.scenario) return { ok: false, message: tr('custom:refused'), errors: r.errors };
    const encoded = await encodeForUrl(scenario);
    if (!encoded.ok) return { ok: false, message: encoded.message, errors: [] };
    this.customCache.set(encoded.cs, { file: CUSTOM_SCENARIO, text, format: 'json', scenario: r.scenario, errors: [] });
    this.view.set({ selected: null, flow: null, filter: { ...this.view.getSnapshot().filter, flow: null } });
    this.deps.window?.reset();
    void this.apply({ scenario: CUSTOM_SCENARIO, custom: encoded.cs, seed: null, sets: [], t: 0 }, 'push', 0);
    return { ok: true };
  }

  /**
   * Run A's trace between two times, simulated again in its worker: the
   * animation past the end of a trace too large to keep whole.
   */
  traceWindow(fromMs: number, toMs: number): Promise<TraceChunk | null> {
    const r = this.runRequestA;
    if (!r) return Promise.resolve(null);
    return this.deps.client.traceWindow(r, fromMs, toMs);
  }

  /** Writes any pending view change to the URL now (before it is copied). */
  flushUrl(): void {
    if (this.snapshot.phase === 'ready') this.writeUrl('replace');
  }

  /** The request plus what is being looked at: everything the URL holds. */
  urlState(): UrlState {
    const v = this.view.getSnapshot();
    const z = this.deps.window?.zoom() ?? null;
    const speed = this.deps.playback.getSnapshot().speed;
    const state: UrlState = runFields(this.snapshot.request);
    if (speed !== DEFAULT_SPEED) state.speed = speed;
    if (v.flow !== null) state.flow = v.flow;
    if (v.plots !== null) state.plots = v.plots;
    if (z) state.zoom = [z.t0, z.t1];
    if (v.selected?.type === 'record') state.pkt = v.selected.index;
    if (v.filter.categories !== ALL_CATEGORIES) state.ev = (Object.keys(CATEGORY) as Category[]).filter((k) => (v.filter.categories & CATEGORY[k]) !== 0);
    if (v.filter.flow !== null) state.evflow = v.filter.flow;
    if (v.lang !== null) state.lang = v.lang;
    if (v.present) state.present = true;
    return state;
  }

  private writeUrl(mode: HistoryMode): void {
    if (mode === 'none') return;
    if (this.cursorTimer !== null) {
      // This write includes the cursor.
      clearTimeout(this.cursorTimer);
      this.cursorTimer = null;
    }
    const search = serializeUrl(this.urlState());
    if (search === this.deps.history.search()) return;
    if (mode === 'push') this.deps.history.push(search);
    else this.deps.history.replace(search);
  }

  /** The notices with an error notice for `e` under `key`, titled by a catalog key. */
  private withError(key: string, titleKey: string, e: unknown) {
    const message = e instanceof Error ? e.message : String(e);
    return upsertNotice(this.snapshot.notices, localNotice(key, 'error', () => ({ title: tr(titleKey), lines: [message] })));
  }

  private set(patch: Partial<AppSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const l of [...this.listeners]) l();
  }
}

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

/** Identifies a run: the same key, the same results. */
function runKey(text: string, accepted: readonly Override[]): string {
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

/** A URL problem's notice; its wording is that of the language the URL was read in (relocalize reads it again). */
function urlNotice(p: UrlProblem, index: number): Notice {
  return {
    key: `url:${p.param}:${index}`,
    level: 'warning',
    title: tr('notices:urlParam', { param: p.param }),
    lines: [describeProblem(p), fallback(p.param)],
  };
}

export function browserHistory(): HistoryPort {
  return {
    search: () => window.location.search,
    push: (search) => window.history.pushState(null, '', search),
    replace: (search) => window.history.replaceState(null, '', search),
    onPop: (listener) => {
      window.addEventListener('popstate', listener);
      return () => window.removeEventListener('popstate', listener);
    },
  };
}
