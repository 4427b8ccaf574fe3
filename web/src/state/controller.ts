// The app's state machine: reads the URL, asks the engine to resolve the
// scenario with the user's overrides, starts runs, and writes every change back
// to the URL. Views read its snapshot and call its methods; they hold no state
// of their own beyond text being typed.

import type { EngineClient } from '../engine/client';
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
  scenarioIds,
  scenarioSources,
  type CatalogEntry,
  type LazyScenarioFiles,
} from './catalog';
import { CompareRun } from './compareRun';
import { CustomEntries } from './customEntries';
import { encodeForUrl } from './customScenario';
import type { HistoryMode, HistoryPort } from './history';
import { localNotice, removeNotices, reworded, upsertNotice } from './notices';
import { resolutionNotices, urlNotice, withError } from './resolutionNotices';
import { bOverride, runFields } from './runRequest';
import type { RunStore } from './runStore';
import { CUSTOM_SCENARIO, DEFAULT_SCENARIO, formatTime, parseUrl, withSet, type UrlState } from './url';
import { UrlWriter } from './urlWriter';
import { ALL_CATEGORIES, CATEGORY, type Category } from './events';
import { ViewStore } from './viewStore';
import type { RunCache } from './runCache';
import { RunA } from './runA';
import { neighbourSets } from './neighbours';
import { withOwnSeed } from './ownSeed';
import { Lru } from './lru';
import { initialSnapshot, type AppSnapshot } from './appSnapshot';

export { browserHistory, type HistoryPort } from './history';
export type { AppSnapshot } from './appSnapshot';
export { bOverride, mergedSets, runFields } from './runRequest';

export interface ControllerDeps {
  client: EngineClient;
  store: RunStore;
  playback: Playback;
  /** Every scenario file: its text, or (a lazy glob) a function loading it. */
  files: LazyScenarioFiles;
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
  /** Finished runs kept to be shown again; created when not given. */
  cache?: RunCache;
  /** An engine of its own for computing the runs one click away; none: nothing is computed ahead. */
  prefetchClient?: () => EngineClient;
  /**
   * Resolves once the page has drawn its first animated frame (at once when not
   * given). The catalogue's and the knobs' checks wait for it as well as for
   * run A's first data: their replies and renders would come before that frame.
   */
  firstFrame?: () => Promise<void>;
}

export class AppController {
  private snapshot: AppSnapshot = initialSnapshot();
  private readonly listeners = new Set<() => void>();
  private readonly knobCache = new Map<string, { options: KnobOptionValues[]; presets: PresetValues[] }>();
  /** Bumped per apply(): replies to older requests are ignored. */
  private token = 0;
  private pendingSeekMs: number | null = null;
  private movingPlayback = false;
  /**
   * While the page starts, views hear of the state once run A is started,
   * not at each step on the way: every render of the whole page before it
   * would delay the engine's next message and the first frame.
   */
  private held = false;
  /** The query string last read (its problems are the url: notices). */
  private readSearch = '';
  private readonly unsubscribe: (() => void)[] = [];
  readonly view: ViewStore;
  private lastSpeed: number;
  private readonly runA: RunA;
  private readonly compare: CompareRun;
  private readonly custom: CustomEntries;
  private readonly url: UrlWriter;
  readonly cache: RunCache;
  /** Validations are deterministic: the same request, the same answer (shared with the prefetcher). */
  private readonly resolutions = new Lru<string, Resolution>(64);

  constructor(private readonly deps: ControllerDeps) {
    this.view = deps.view ?? new ViewStore();
    this.lastSpeed = deps.playback.getSnapshot().speed;
    this.compare = new CompareRun(deps.clientB, deps.storeB, {
      notices: () => this.snapshot.notices,
      set: (patch) => this.set(patch),
    });
    this.custom = new CustomEntries(deps.client);
    this.runA = new RunA({
      client: deps.client,
      store: deps.store,
      ...(deps.cache ? { cache: deps.cache } : {}),
      ...(deps.prefetchClient ? { prefetchClient: deps.prefetchClient } : {}),
      validated: (text, format, overrides, r) => this.resolutions.set(resolutionKey(text, format, overrides), r),
      started: (endMs) => this.onStarted(endMs),
      message: (msg) => this.onRunMessage(msg),
      done: () => this.computeAhead(),
    });
    this.cache = this.runA.cache;
    this.url = new UrlWriter(deps.history, () => this.urlState(), () => this.snapshot.phase === 'ready');
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): AppSnapshot => this.snapshot;

  /**
   * Loads the catalogue and applies the URL. The URL's scenario is loaded,
   * checked and started first, the rest of the catalogue after run A's first
   * data: the first frame does not wait for every file to be read. Resolves once the catalogue is whole.
   */
  async start(): Promise<void> {
    this.unsubscribe.push(this.deps.playback.subscribe(() => this.onPlayback()));
    this.unsubscribe.push(this.deps.history.onPop(() => void this.applyLocation('none')));
    this.unsubscribe.push(this.view.subscribe(() => this.url.schedule()));
    if (this.deps.window) this.unsubscribe.push(this.deps.window.subscribe(() => this.url.schedule()));
    const files = scenarioSources(this.deps.files);
    const check = async ({ file, load }: { file: string; load: () => Promise<string> }) => {
      const text = await load();
      const plain = await this.deps.client.validate(text, 'toml', []);
      // Kept: a run of this file with its own seed needs no other check (ownSeed.ts).
      this.resolutions.set(resolutionKey(text, 'toml', []), plain);
      return catalogEntry(file, text, plain);
    };
    // Scenario ids are their paths (seed000/wired is seed000/wired.toml); the entry's own id decides.
    const wanted = new URLSearchParams(this.deps.history.search()).get('s') ?? DEFAULT_SCENARIO;
    const firstFile = files.find((f) => f.file === `${wanted}.toml`);
    let early: CatalogEntry | null = null;
    this.held = true;
    try {
      if (firstFile) {
        try {
          const e = await check(firstFile);
          if (e.scenario?.id === wanted) early = e;
        } catch {
          /* reported below, with the whole catalogue */
        }
      }
      if (early) {
        this.set({ phase: 'ready', entries: [early], groups: groupCatalog([early]), catalogComplete: false });
        await this.applyLocation('replace');
      }
    } finally {
      this.release();
    }
    let entries: CatalogEntry[];
    try {
      // After run A's first data and first frame, as the knobs' checks: the files and their checks would hold up both.
      if (early) {
        await this.firstShown();
        // The engine held the rest of the early run for this frame (EngineHost.heldEarly).
        this.deps.client.shown();
      }
      entries = await Promise.all(files.map((f) => (f === firstFile && early ? early : check(f))));
    } catch (e) {
      if (early) {
        // The URL's scenario stays the whole list; the notice says why.
        this.set({ catalogComplete: true, notices: withError(this.snapshot.notices, 'engine', 'notices:engineStart', e) });
        return;
      }
      this.set({ phase: 'failed', catalogComplete: true, notices: withError(this.snapshot.notices, 'engine', 'notices:engineStart', e) });
      return;
    }
    if (scenarioIds(entries).length === 0) {
      this.set({
        phase: 'failed',
        entries,
        catalogComplete: true,
        groups: groupCatalog(entries),
        notices: upsertNotice(this.snapshot.notices, localNotice('catalog', 'error', () => ({
          title: tr('notices:noScenario'),
          lines: entries.map((e) => `${e.file}: ${e.errors.map(formatFieldError).join('; ')}`),
        }))),
      });
      return;
    }
    this.set({ phase: 'ready', entries, groups: groupCatalog(entries), catalogComplete: true });
    if (!early) await this.applyLocation('replace');
  }

  dispose(): void {
    for (const u of this.unsubscribe) u();
    this.unsubscribe.length = 0;
    this.token += 1;
    this.url.cancel();
    this.runA.dispose();
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
    this.runA.forget();
    this.compare.forget();
    void this.apply({ ...this.snapshot.request, t: this.cursor() }, 'none', null);
  }

  /** Gives a run stopped at its budget one more budget. */
  continueRun(): void {
    this.deps.client.continueRun();
    this.deps.store.resume();
  }

  cancel(): void {
    this.deps.client.cancel();
    this.compare.cancel();
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

  private applyLocation(history: HistoryMode): Promise<void> {
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
    return this.apply(state, history, state.t);
  }

  private async apply(requested: UrlState, history: HistoryMode, seekToMs: number | null): Promise<void> {
    let entry: CatalogEntry | null;
    if (requested.scenario === CUSTOM_SCENARIO) {
      const token = ++this.token;
      const custom = await this.custom.entry(requested.custom ?? '');
      if (custom.notices) this.set({ notices: custom.notices(this.snapshot.notices) });
      entry = custom.entry;
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
    this.url.write(history);
    if (seekToMs !== null) this.pendingSeekMs = seekToMs;

    // Keyed by the scenario's text: every custom scenario has the id "custom".
    const cached = this.knobCache.get(entry.text);
    const overrides: Override[] = [...request.sets, ['seed', String(request.seed)]];
    let resolution: Resolution;
    try {
      // Without the knobs' options: those take a validation per option, and the run need not wait for them.
      const key = resolutionKey(entry.text, format, overrides);
      resolution =
        this.resolutions.get(key) ??
        withOwnSeed(this.resolutions.get(resolutionKey(entry.text, format, [])), overrides) ??
        (await this.deps.client.validate(entry.text, format, overrides));
      this.resolutions.set(key, resolution);
    } catch (e) {
      if (token !== this.token) return;
      this.set({ notices: withError(this.snapshot.notices, 'run', 'notices:notChecked', e) });
      return;
    }
    if (token !== this.token) return;
    const knobOptions = cached?.options ?? null;
    const presetValues = cached?.presets ?? null;

    const notices = resolutionNotices(this.snapshot.notices, resolution, entry.file);
    this.set({ resolution, knobOptions, presetValues, notices });
    if (!resolution.ok) return;

    // An unchanged run A (only run B's settings changed) keeps its results.
    if (!this.runA.show(entry.text, format, resolution.accepted) && seekToMs !== null) {
      this.deps.playback.seek(seekToMs);
      this.pendingSeekMs = null;
    }
    // Run A is on its way: the page shows where things stand (see `held`).
    this.release();
    // After run A's first data and the first frame: these validations (one per
    // option) would otherwise hold up the engine's first slice of the run and
    // the page's first frame. Run B has its own worker.
    const knobs = cached ? null : this.firstShown().then(() => this.loadKnobOptions(entry, overrides, token));
    await this.compare.apply(entry, request, () => token === this.token);
    await knobs;
  }

  /** Run A's first data are there, and the page has drawn its first frame. */
  private async firstShown(): Promise<void> {
    await this.runA.firstData();
    await this.deps.firstFrame?.();
  }

  private onRunMessage(msg: RunMessage): void {
    if (msg.type === 'error') {
      const lines = msg.error.fieldErrors.length > 0 ? msg.error.fieldErrors.map(formatFieldError) : [msg.error.message];
      this.set({
        notices: upsertNotice(this.snapshot.notices, localNotice('run', 'error', () => ({
          title: msg.error.panic ? tr('notices:engineFailed') : tr('notices:runFailed'),
          lines,
        }))),
      });
    }
  }

  /** What each knob option and preset normalizes to (once per scenario text), after the run has started. */
  private async loadKnobOptions(entry: CatalogEntry, overrides: Override[], token: number): Promise<void> {
    let r: Resolution;
    try {
      r = await this.deps.client.validate(entry.text, entry.format ?? 'toml', overrides, { knobOptions: true });
    } catch {
      return; // the knobs then show their options without telling which is in effect
    }
    if (!r.knobOptions) return;
    this.knobCache.set(entry.text, { options: r.knobOptions, presets: r.presetValues ?? [] });
    if (token !== this.token && this.snapshot.entry !== entry) return;
    this.set({ knobOptions: r.knobOptions, presetValues: r.presetValues });
    // The runs one click away are known only now, when the run finished before.
    if (this.deps.store.getMeta().status === 'done') this.computeAhead();
  }

  /** Run A's data are there: the playback spans them, at the time asked for. */
  private onStarted(endMs: number): void {
    // Moving the playback here is not a user seek: keep the URL's t.
    this.movingPlayback = true;
    this.deps.playback.setEnd(endMs);
    this.deps.window?.setEnd(endMs);
    if (this.pendingSeekMs !== null) this.deps.playback.seek(this.pendingSeekMs);
    this.pendingSeekMs = null;
    this.movingPlayback = false;
    this.onPlayback();
  }

  /** Starts computing the runs one click away (not in compare mode: the switches edit run B there). */
  private computeAhead(): void {
    const { entry, resolution, knobOptions, presetValues, request } = this.snapshot;
    const scenario = entry?.scenario;
    if (!entry || !scenario || request.compare !== undefined) return;
    const seed: Override = ['seed', String(request.seed)];
    const format = entry.format ?? 'toml';
    this.runA.computeAhead((limit) =>
      neighbourSets({ scenario, resolution, knobOptions, presetValues, sets: request.sets }, limit).map((sets) => ({
        text: entry.text,
        format,
        overrides: [...sets, seed],
      })),
    );
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
      this.url.schedule();
    }
    if (p.playing || p.endMs <= 0) return;
    const t = Number(formatTime(p.cursorMs));
    if (t === this.snapshot.request.t) return;
    this.set({ request: { ...this.snapshot.request, t } });
    this.url.schedule();
  }

  private defaultScenario(): string {
    const ids = scenarioIds(this.snapshot.entries);
    return ids.includes(DEFAULT_SCENARIO) ? DEFAULT_SCENARIO : (ids[0] ?? DEFAULT_SCENARIO);
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
    this.custom.remember(encoded.cs, text, r.scenario);
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
    return this.runA.traceWindow(fromMs, toMs);
  }

  /** Writes any pending view change to the URL now (before it is copied). */
  flushUrl(): void {
    this.url.flush();
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

  private set(patch: Partial<AppSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    if (!this.held) this.notify();
  }

  private notify(): void {
    for (const l of [...this.listeners]) l();
  }

  /** Views hear of changes again, and of the state now. */
  private release(): void {
    if (!this.held) return;
    this.held = false;
    this.notify();
  }
}

function resolutionKey(text: string, format: string, overrides: readonly Override[]): string {
  return JSON.stringify([text, format, overrides]);
}
