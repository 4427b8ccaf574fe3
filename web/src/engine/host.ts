// The engine side of the protocol: owns the wasm module and at most one running
// Engine. Runs are processed in slices of about 10 ms of wall time; between
// slices the host yields to the event loop so a `cancel` (or a new run) is seen.
// Kept free of worker globals so it can be tested in Node with the real wasm.

import type { FieldError, Recording, Scenario, SeriesInfo, Summary } from '../generated/types';
import type { EngineError, EngineToUi, Override, Resolution, RunMessage, ScenarioFormat, Topology, UiToEngine } from './protocol';
import type { RunBudget } from './budget';
import { resolveOverrides, type ValidateFn, type ValidateResult } from './resolve';
import { concatChunks, readColumns, sliceChunk, type TraceArrays, type TraceChunk } from './traceColumns';

/** The parts of a TraceDrain / SeriesDrain the host reads. */
interface Freeable {
  free(): void;
}
export interface SeriesDrainLike extends Freeable {
  readonly ids: Uint32Array;
  readonly lengths: Uint32Array;
  readonly timesMs: Float64Array;
  readonly values: Float64Array;
}
/** A TraceDrain: `length` records, one getter per column of TRACE_COLUMNS. */
export interface TraceDrainLike extends Freeable, Readonly<TraceArrays> {
  readonly length: number;
}
export interface EngineLike extends Freeable {
  runFor(maxEvents: number): boolean;
  readonly nowMs: number;
  readonly endMs: number;
  readonly progress: number;
  readonly events: number;
  readonly digest: string;
  scenarioJson(): string;
  seriesInfoJson(): string;
  topologyJson(): string;
  summaryJson(): string;
  drainSeries(): SeriesDrainLike;
  drainTrace(): TraceDrainLike;
}

/** The subset of the wasm-bindgen module the host uses. */
export interface WasmApi {
  validate(text: string, format: string, overridesJson: string): string;
  takePanicMessage(): string | undefined;
  createEngine(text: string, format: string, overridesJson: string, recording: string): EngineLike;
}

export interface HostDeps {
  /** Instantiates a fresh wasm module (called again after a panic). */
  load(): Promise<WasmApi>;
  post(msg: EngineToUi): void;
  /** Runs `fn` in a later task, after pending messages. */
  yieldThen(fn: () => void): void;
  /** Wall clock in ms. */
  now(): number;
  /** Wall-time budget of one slice. */
  sliceBudgetMs?: number;
  /** Marks a moment of a cold load on the worker's timeline (performance.mark; for profiles and scripts/bench-ui.mjs). */
  mark?(name: string): void;
  /** Runs `fn` after `ms` of wall time (setTimeout by default). */
  after?(ms: number, fn: () => void): void;
}

interface ActiveRun {
  runId: number;
  engine: EngineLike;
  /** Events per runFor call, adapted so one call takes about 2 ms. */
  batch: number;
  startedWall: number;
  budget: RunBudget | null;
  /** Events and wall time (from `allowanceStart`) this run may reach before it pauses. */
  eventLimit: number;
  allowanceStart: number;
  paused: boolean;
  /** Set for the early run: its first slice stops after this many events. */
  firstSliceEvents?: number;
}

/** A trace window being simulated: the run again from 0, keeping records in [fromMs, toMs]. */
interface WindowJob {
  requestId: number;
  engine: EngineLike;
  fromMs: number;
  toMs: number;
  kept: TraceChunk[];
  batch: number;
}

/** Validations of scenario texts longer than this are not kept (memory stays small). */
const MAX_KEPT_RESOLUTION_CHARS = 256 * 1024;

export class EngineHost {
  private api: Promise<WasmApi>;
  private current: ActiveRun | null = null;
  /** At most one trace window at a time; a newer request replaces it. Independent of the run. */
  private window: WindowJob | null = null;
  /** Messages are handled one at a time, in arrival order, once the module is loaded. */
  private queue: Promise<void> = Promise.resolve();
  private readonly budgetMs: number;
  /**
   * A run started from the page's URL before the app asked (see prestart):
   * its messages wait here until a `run` with the same request adopts it.
   * After its first slice it waits too (`parked`): until the app asks, the
   * page is parsing and rendering on the other core, and the first frame
   * needs only the first slice's data.
   */
  private early: { key: string; run: ActiveRun | null; held: RunMessage[]; parked: (() => void) | null } | null = null;
  /**
   * The early run once adopted, still parked until the page says it has drawn
   * its first data (`shown`): its next slices' messages would reach the page's
   * main thread before that frame and delay it (from the app's code to the
   * first frame, 158 ms became 128 ms on cold loads here). A page that never
   * draws (a hidden tab) gets the rest after HELD_EARLY_MAX_MS.
   */
  private heldEarly: { runId: number; resume: () => void } | null = null;
  /** The worker's first run data is marked once (HostDeps.mark). */
  private firstDataMarked = false;
  /** Validations are deterministic: the app asks some again (the catalogue's, run A's, the prefetcher's). */
  private readonly resolutions = new Map<string, Resolution>();

  constructor(private readonly deps: HostDeps) {
    this.budgetMs = deps.sliceBudgetMs ?? 10;
    this.api = this.loadModule();
  }

  /** Resolves once every message received so far has been handled (slices excepted). */
  whenIdle(): Promise<void> {
    return this.queue;
  }

  private loadModule(): Promise<WasmApi> {
    const api = this.deps.load();
    // Failures surface when a message awaits the module; don't report them twice.
    api.catch(() => undefined);
    return api;
  }

  handle(msg: UiToEngine): void {
    this.queue = this.queue.then(() => this.process(msg)).catch((e: unknown) => {
      // A failure to load the module: answer the message so nothing waits forever.
      this.replyError(msg, { message: `The engine could not start: ${describe(e)}`, fieldErrors: [], panic: false });
      this.api = this.loadModule();
    });
  }

  private async process(msg: UiToEngine): Promise<void> {
    const api = await this.api;
    switch (msg.type) {
      case 'validate':
        try {
          const resolution = this.resolve(api, msg.text, msg.format, msg.overrides, msg.knobOptions);
          this.deps.post({ type: 'validated', requestId: msg.requestId, resolution });
        } catch (e) {
          this.replyError(msg, this.failure(api, e));
        }
        return;
      case 'run':
        if (this.adopt(msg)) return;
        this.cancelCurrent();
        this.start(api, msg.runId, msg.text, msg.format, msg.overrides, msg.recording, msg.budget ?? null);
        return;
      case 'cancel':
        if (this.current?.runId === msg.runId) this.cancelCurrent();
        return;
      case 'shown':
        if (this.heldEarly?.runId === msg.runId) this.heldEarly.resume();
        return;
      case 'continue': {
        const run = this.current;
        if (run?.runId !== msg.runId || !run.paused || !run.budget) return;
        run.paused = false;
        run.eventLimit = run.engine.events + run.budget.maxEvents;
        run.allowanceStart = this.deps.now();
        this.deps.yieldThen(() => this.slice(api, run));
        return;
      }
      case 'traceWindow':
        this.startWindow(api, msg);
        return;
    }
  }

  /**
   * Starts the run the page's URL asks for before the app has asked (the entry
   * script knows the scenario and seed; the app needs its code, its first
   * render and two validations first). The overrides are the ones the app
   * will send: the seed, from the URL or else the scenario's own. Nothing is
   * posted until a `run` with the very same request adopts it; any other
   * `run` drops it. The scenario is parsed once, by the engine itself: the
   * app's checks are answered when it asks (a first parse costs 100 to 250 ms
   * in a cold wasm module, and the first frame waits for this run).
   */
  prestart(request: EarlyRequest): void {
    this.queue = this.queue
      .then(async () => {
        const api = await this.api;
        if (this.current) return; // the app got there first
        const given: Override[] = request.seed === null ? [] : [['seed', String(request.seed)]];
        let engine: EngineLike;
        try {
          engine = api.createEngine(request.text, request.format, JSON.stringify(given), request.recording);
        } catch (e) {
          this.failure(api, e); // a refused scenario: the app reports it; a panic: a fresh module
          return;
        }
        const seed = request.seed ?? (JSON.parse(engine.scenarioJson()) as Scenario).seed ?? 0;
        // A seed beyond 2^53 would not survive the app's round trip through JSON: the app starts that run itself.
        if (!Number.isSafeInteger(seed)) {
          engine.free();
          return;
        }
        const overrides: Override[] = [['seed', String(seed)]];
        this.early = { key: runRequestKey(request.text, request.format, overrides, request.recording, request.budget), run: null, held: [], parked: null };
        this.begin(api, EARLY_RUN_ID, engine, request.budget, EARLY_FIRST_SLICE_EVENTS);
        if (this.early) this.early.run = this.current;
      })
      .catch(() => {
        this.early = null; // the app's own requests report any failure
      });
  }

  /** Hands the early run to a `run` asking for the same thing: what it posted so far, then the rest as it comes. */
  private adopt(msg: Extract<UiToEngine, { type: 'run' }>): boolean {
    const early = this.early;
    if (!early) return false;
    this.early = null;
    const key = runRequestKey(msg.text, msg.format, msg.overrides, msg.recording, msg.budget ?? null);
    if (key !== early.key) {
      // Not what the app wants: dropped without a word (nobody knows its id).
      if (early.run && this.current === early.run) {
        this.current = null;
        early.run.engine.free();
      }
      return false;
    }
    if (early.run) early.run.runId = msg.runId;
    for (const m of early.held) this.deps.post({ ...m, runId: msg.runId });
    if (early.parked) this.holdUntilShown(msg.runId, early.parked);
    return true;
  }

  /** Parks the adopted early run until `shown` (or HELD_EARLY_MAX_MS) says to go on; see heldEarly. */
  private holdUntilShown(runId: number, goOn: () => void): void {
    const held = {
      runId,
      resume: () => {
        if (this.heldEarly !== held) return;
        this.heldEarly = null;
        goOn();
      },
    };
    this.heldEarly = held;
    (this.deps.after ?? ((ms, fn) => void setTimeout(fn, ms)))(HELD_EARLY_MAX_MS, held.resume);
  }

  /** Posts a run's message, or holds it while the run is the early one nobody has asked for yet. */
  private postRun(msg: RunMessage): void {
    if (msg.runId === EARLY_RUN_ID) {
      this.early?.held.push(msg);
      return;
    }
    this.deps.post(msg);
  }

  /** True when these overrides were checked here and all of them accepted. */
  private checkedBefore(text: string, format: ScenarioFormat, overrides: readonly Override[]): boolean {
    const r = this.resolutions.get(JSON.stringify([text, format, overrides, false]));
    return r !== undefined && r.ok && r.rejected.length === 0;
  }

  private resolve(api: WasmApi, text: string, format: ScenarioFormat, overrides: readonly Override[], knobOptions: boolean): Resolution {
    const key = JSON.stringify([text, format, overrides, knobOptions]);
    const kept = this.resolutions.get(key);
    if (kept) return kept;
    const resolution = resolveOverrides(validateWith(api), text, format, overrides, knobOptions);
    // A few kept: the app's first checks are asked again.
    // Not a pasted multi-megabyte scenario: its key alone would hold its text.
    if (key.length > MAX_KEPT_RESOLUTION_CHARS) return resolution;
    if (this.resolutions.size >= 8) this.resolutions.delete(this.resolutions.keys().next().value as string);
    this.resolutions.set(key, resolution);
    return resolution;
  }

  private startWindow(api: WasmApi, msg: Extract<UiToEngine, { type: 'traceWindow' }>): void {
    this.dropWindow();
    const overridesJson = JSON.stringify(msg.overrides);
    try {
      const checked = parseValidate(api.validate(msg.text, msg.format, overridesJson));
      if (!checked.ok) {
        this.deps.post({ type: 'traceWindowFailed', requestId: msg.requestId, error: fieldFailure(checked.errors) });
        return;
      }
      const engine = api.createEngine(msg.text, msg.format, overridesJson, 'full');
      const job: WindowJob = { requestId: msg.requestId, engine, fromMs: msg.fromMs, toMs: msg.toMs, kept: [], batch: 2000 };
      this.window = job;
      this.deps.yieldThen(() => this.windowSlice(api, job));
    } catch (e) {
      this.deps.post({ type: 'traceWindowFailed', requestId: msg.requestId, error: this.failure(api, e) });
    }
  }

  private dropWindow(): void {
    const job = this.window;
    this.window = null;
    job?.engine.free();
  }

  /** One slice of a trace window: simulate, keep the records in the window, drop the rest (and the series). */
  private windowSlice(api: WasmApi, job: WindowJob): void {
    if (this.window !== job) return;
    const { engine } = job;
    try {
      const deadline = this.deps.now() + this.budgetMs;
      let finished = false;
      do {
        const t0 = this.deps.now();
        finished = engine.runFor(job.batch);
        const spent = this.deps.now() - t0;
        if (spent < 1) job.batch = Math.min(job.batch * 2, 1 << 20);
        else if (spent > 4) job.batch = Math.max(100, Math.floor(job.batch / 2));
      } while (!finished && engine.nowMs <= job.toMs && this.deps.now() < deadline);
      engine.drainSeries().free();
      const chunk = copyTrace(engine.drainTrace());
      const kept = chunk ? sliceChunk(chunk, job.fromMs, job.toMs) : null;
      if (kept) job.kept.push(kept);
      // Records come in enqueue order: past toMs, nothing more belongs to the window.
      if (finished || engine.nowMs > job.toMs) {
        const trace = concatChunks(job.kept);
        this.window = null;
        engine.free();
        this.deps.post({ type: 'traceWindowed', requestId: job.requestId, fromMs: job.fromMs, toMs: job.toMs, trace });
        return;
      }
    } catch (e) {
      if (this.window === job) this.window = null;
      this.deps.post({ type: 'traceWindowFailed', requestId: job.requestId, error: this.failure(api, e) });
      return;
    }
    this.deps.yieldThen(() => this.windowSlice(api, job));
  }

  private replyError(msg: UiToEngine, error: EngineError): void {
    if (msg.type === 'validate') this.deps.post({ type: 'validateFailed', requestId: msg.requestId, error });
    else if (msg.type === 'run') this.deps.post({ type: 'error', runId: msg.runId, error });
    else if (msg.type === 'traceWindow') this.deps.post({ type: 'traceWindowFailed', requestId: msg.requestId, error });
  }

  private cancelCurrent(): void {
    const run = this.current;
    if (!run) return;
    this.current = null;
    run.engine.free();
    this.postRun({ type: 'cancelled', runId: run.runId });
  }

  private start(
    api: WasmApi,
    runId: number,
    text: string,
    format: ScenarioFormat,
    overrides: readonly Override[],
    recording: string,
    budget: RunBudget | null,
  ): void {
    const overridesJson = JSON.stringify(overrides);
    let engine: EngineLike;
    try {
      // Validate first: the constructor only throws a flat message. Not twice:
      // the app has just checked these overrides, and all were accepted.
      const checked = this.checkedBefore(text, format, overrides) ? { ok: true, errors: [] } : parseValidate(api.validate(text, format, overridesJson));
      if (!checked.ok) {
        this.postRun({ type: 'error', runId, error: fieldFailure(checked.errors) });
        return;
      }
      engine = api.createEngine(text, format, overridesJson, recording);
    } catch (e) {
      this.postRun({ type: 'error', runId, error: this.failure(api, e) });
      return;
    }
    this.begin(api, runId, engine, budget);
  }

  /** Makes `engine` the current run: posts `started`, then runs it in slices. */
  private begin(api: WasmApi, runId: number, engine: EngineLike, budget: RunBudget | null, firstSliceEvents?: number): void {
    const started = this.deps.now();
    const run: ActiveRun = {
      runId,
      engine,
      batch: 2000,
      startedWall: started,
      budget,
      eventLimit: budget?.maxEvents ?? Number.POSITIVE_INFINITY,
      allowanceStart: started,
      paused: false,
      ...(firstSliceEvents === undefined ? {} : { firstSliceEvents }),
    };
    this.current = run;
    try {
      this.postRun({
        type: 'started',
        runId,
        scenario: JSON.parse(engine.scenarioJson()) as Scenario,
        topology: JSON.parse(engine.topologyJson()) as Topology,
        series: JSON.parse(engine.seriesInfoJson()) as SeriesInfo[],
        endMs: engine.endMs,
      });
    } catch (e) {
      this.fail(api, run, e);
      return;
    }
    this.deps.yieldThen(() => this.slice(api, run));
  }

  private slice(api: WasmApi, run: ActiveRun): void {
    if (this.current !== run) return;
    const { engine } = run;
    try {
      const deadline = this.deps.now() + this.budgetMs;
      let finished = false;
      let overBudget: 'events' | 'wall' | null = null;
      const once = run.firstSliceEvents;
      delete run.firstSliceEvents;
      do {
        const t0 = this.deps.now();
        // Never past the event budget: the pause lands on it exactly.
        const left = run.eventLimit - engine.events;
        finished = engine.runFor(Math.max(1, Math.min(once ?? run.batch, left)));
        const spent = this.deps.now() - t0;
        // Keep single calls short so the slice ends near its budget.
        if (spent < 1) run.batch = Math.min(run.batch * 2, 1 << 20);
        else if (spent > 4) run.batch = Math.max(100, Math.floor(run.batch / 2));
        if (!finished && run.budget) {
          if (engine.events >= run.eventLimit) overBudget = 'events';
          else if (this.deps.now() - run.allowanceStart >= run.budget.maxWallMs) overBudget = 'wall';
        }
      } while (once === undefined && !finished && overBudget === null && this.deps.now() < deadline);

      if (!this.firstDataMarked) {
        this.firstDataMarked = true;
        this.deps.mark?.('ackscope:engine-first-data');
      }
      this.postRun({
        type: 'progress',
        runId: run.runId,
        nowMs: engine.nowMs,
        progress: engine.progress,
        events: engine.events,
        series: copySeries(engine.drainSeries()),
        trace: copyTrace(engine.drainTrace()),
      });
      if (finished) {
        const summary = JSON.parse(engine.summaryJson()) as Summary;
        const msg: EngineToUi = {
          type: 'done',
          runId: run.runId,
          summary,
          digest: engine.digest,
          events: engine.events,
          wallMs: this.deps.now() - run.startedWall,
        };
        this.current = null;
        engine.free();
        this.postRun(msg);
        return;
      }
      if (overBudget !== null) {
        // Keep the engine: `continue` goes on from here, `cancel` or a new run frees it.
        run.paused = true;
        this.postRun({
          type: 'paused',
          runId: run.runId,
          reason: overBudget,
          summary: JSON.parse(engine.summaryJson()) as Summary,
          events: engine.events,
          nowMs: engine.nowMs,
          wallMs: this.deps.now() - run.startedWall,
        });
        return;
      }
    } catch (e) {
      this.fail(api, run, e);
      return;
    }
    const early = this.early;
    if (run.runId === EARLY_RUN_ID && early?.run === run) {
      early.parked = () => this.deps.yieldThen(() => this.slice(api, run));
      return;
    }
    this.deps.yieldThen(() => this.slice(api, run));
  }

  private fail(api: WasmApi, run: ActiveRun, e: unknown): void {
    if (this.current === run) this.current = null;
    const error = this.failure(api, e);
    if (!error.panic) {
      try {
        run.engine.free();
      } catch {
        /* the instance is unusable; it is being replaced */
      }
    }
    this.postRun({ type: 'error', runId: run.runId, error });
  }

  /** Turns a thrown value into an EngineError; after a panic, replaces the module. */
  private failure(api: WasmApi, e: unknown): EngineError {
    let panicMessage: string | undefined;
    try {
      panicMessage = api.takePanicMessage();
    } catch {
      panicMessage = undefined;
    }
    const trapped = e instanceof WebAssembly.RuntimeError;
    if (panicMessage !== undefined || trapped) {
      // A trapped instance is poisoned (its Rust state is mid-update): start over,
      // and give up any run that lived in it.
      const orphan = this.current;
      this.current = null;
      this.api = this.loadModule();
      const error: EngineError = {
        message: `The engine failed (this is a bug): ${panicMessage ?? describe(e)}. It has been restarted.`,
        fieldErrors: [],
        panic: true,
      };
      if (orphan) this.postRun({ type: 'error', runId: orphan.runId, error });
      return error;
    }
    return { message: describe(e), fieldErrors: [], panic: false };
  }
}

/** The run messages' id of an early run (see prestart); the app's ids are positive. */
const EARLY_RUN_ID = -1;
/**
 * Queue entries in the early run's first slice: the first frame shows the
 * network at time 0, and a cold 10-ms slice of seed000/wired simulated 17 s
 * (6,000 events) whose trace the page then stored before drawing anything.
 * A thousand is a few seconds of a seed scenario, 80 ms of PERF-1.
 */
const EARLY_FIRST_SLICE_EVENTS = 1000;
/** How long an adopted early run waits for the page's `shown` at most (see EngineHost.heldEarly). */
const HELD_EARLY_MAX_MS = 500;

/** A run the page's URL asks for, started before the app asks (see prestart). */
export interface EarlyRequest {
  text: string;
  format: ScenarioFormat;
  /** The URL's seed; null: the scenario's own. */
  seed: number | null;
  recording: Recording;
  budget: RunBudget | null;
}

function runRequestKey(text: string, format: ScenarioFormat, overrides: readonly Override[], recording: string, budget: RunBudget | null): string {
  return JSON.stringify([text, format, overrides, recording, budget ? [budget.maxEvents, budget.maxWallMs] : null]);
}

function validateWith(api: WasmApi): ValidateFn {
  return (text, format, overrides) => parseValidate(api.validate(text, format, JSON.stringify(overrides)));
}

function parseValidate(json: string): ValidateResult {
  const r = JSON.parse(json) as { ok: boolean; scenario?: Scenario; errors?: FieldError[] };
  return r.scenario ? { ok: r.ok, scenario: r.scenario, errors: r.errors ?? [] } : { ok: r.ok, errors: r.errors ?? [] };
}

function fieldFailure(errors: FieldError[]): EngineError {
  const message = errors.map((e) => (e.allowed ? `${e.path}: ${e.problem} (allowed: ${e.allowed})` : `${e.path}: ${e.problem}`)).join('\n');
  return { message, fieldErrors: errors, panic: false };
}

function describe(e: unknown): string {
  if (e instanceof Error) return e.message;
  return String(e);
}

// Each wasm-bindgen getter returns a fresh copy in the JS heap (so read each
// once); these drop the wasm-side handles and skip empty chunks.
function copySeries(d: SeriesDrainLike): EngineToUiSeries {
  try {
    const ids = d.ids;
    if (ids.length === 0) return null;
    return { ids, lengths: d.lengths, timesMs: d.timesMs, values: d.values };
  } finally {
    d.free();
  }
}

function copyTrace(d: TraceDrainLike): EngineToUiTrace {
  try {
    const count = d.length;
    if (count === 0) return null;
    return { count, ...readColumns(d) };
  } finally {
    d.free();
  }
}

type ProgressMsg = Extract<EngineToUi, { type: 'progress' }>;
type EngineToUiSeries = ProgressMsg['series'];
type EngineToUiTrace = ProgressMsg['trace'];
