// Run A, the run on screen: started in the engine, or shown again from the
// cache of finished runs when the same scenario text and overrides ran
// before; and, once it is done, the runs one click away computed ahead.

import type { EngineClient, RunRequest } from '../engine/client';
import type { TraceChunk } from '../engine/traceColumns';
import type { Override, Resolution, RunMessage, ScenarioFormat } from '../engine/protocol';
import { Prefetcher, type PrefetchRequest } from './prefetch';
import { RunCache } from './runCache';
import { runKey } from './runRequest';
import type { RunStore } from './runStore';

export interface RunADeps {
  client: EngineClient;
  store: RunStore;
  cache?: RunCache;
  /** An engine of its own for computing the runs one click away; none: nothing is computed ahead. */
  prefetchClient?: () => EngineClient;
  /** Hears every validation the prefetcher makes (the controller keeps them). */
  validated: (text: string, format: ScenarioFormat, overrides: Override[], r: Resolution) => void;
  /** The run's data are there (started, or shown from the cache). */
  started: (endMs: number) => void;
  /** Every message of an engine run, after the store has it. */
  message: (msg: RunMessage) => void;
  /** The run is done: a good time to compute ahead. */
  done: () => void;
}

/** Runs that took longer than this (ms of wall time) have no neighbours computed ahead. */
const PREFETCH_MAX_WALL_MS = 1500;
/** Neighbours computed ahead: as many as fit this much engine time (at run A's own cost each), within these bounds. */
const PREFETCH_BUDGET_MS = 8000;
const PREFETCH_MIN_RUNS = 8;
const PREFETCH_MAX_RUNS = 16;

/** How many neighbours of a run that took `wallMs` to compute ahead. */
export function prefetchCount(wallMs: number): number {
  return Math.max(PREFETCH_MIN_RUNS, Math.min(PREFETCH_MAX_RUNS, Math.floor(PREFETCH_BUDGET_MS / Math.max(1, wallMs))));
}

export class RunA {
  readonly cache: RunCache;
  /** What the run is running: an unchanged run is not started again. */
  private running: string | null = null;
  /** What the run was started with (for trace windows of it). */
  private request: Omit<RunRequest, 'recording'> | null = null;
  private readonly prefetcher: Prefetcher | null;
  /** Ids of runs shown from the cache: negative, never those of the engine's runs. */
  private cachedRunId = 0;
  /** Resolves when the run shown has its first data (or ended, or was replaced). */
  private dataCame: { promise: Promise<void>; resolve: () => void } = settled();

  constructor(private readonly deps: RunADeps) {
    this.cache = deps.cache ?? new RunCache();
    this.prefetcher = deps.prefetchClient ? new Prefetcher(deps.prefetchClient, this.cache, deps.validated) : null;
  }

  /**
   * Shows the run of `text` with `overrides` (accepted ones): from the cache,
   * or started in the engine. False when that run is already the one shown
   * (running, paused or done): nothing was started.
   */
  show(text: string, format: ScenarioFormat, overrides: Override[]): boolean {
    const key = runKey(text, overrides);
    const status = this.deps.store.getMeta().status;
    const alive = status === 'running' || status === 'paused' || status === 'done';
    if (key === this.running && alive) return false;
    this.prefetcher?.stop();
    this.dataCame.resolve();
    this.running = key;
    this.request = { text, format, overrides };
    const kept = this.cache.get(key);
    if (kept) {
      // Shown again: the same scenario and overrides give the same run.
      this.deps.client.cancel();
      this.deps.store.adopt(--this.cachedRunId, kept);
      this.deps.started(kept.meta.endMs);
      // After the frame that shows it: computing ahead (validations, a message
      // to the prefetch worker) must not delay the switch the user sees.
      afterNextFrame(() => {
        if (this.running === key) this.deps.done();
      });
      return true;
    }
    this.dataCame = deferred();
    const runId = this.deps.client.run({ text, format, overrides, recording: 'full' }, (msg) => this.onMessage(msg, key));
    this.deps.store.begin(runId);
    return true;
  }

  /**
   * Resolves once the run shown has data on screen (at once for a run from
   * the cache). Work the first frame need not wait for goes after it: the
   * engine worker handles one message at a time.
   */
  firstData(): Promise<void> {
    return this.dataCame.promise;
  }

  /** The next `show` starts the run again even when it is the one shown. */
  forget(): void {
    this.running = null;
  }

  /** Computes up to `limit` of `requests` ahead (replacing any earlier list), unless run A took long. */
  computeAhead(requests: (limit: number) => PrefetchRequest[]): void {
    if (!this.prefetcher) return;
    const wallMs = this.deps.store.getMeta().wallMs ?? Infinity;
    // A run that took long (a benchmark-sized one) is not worth computing again speculatively.
    if (wallMs > PREFETCH_MAX_WALL_MS) return;
    this.prefetcher.schedule(requests(prefetchCount(wallMs)));
  }

  /**
   * The run's trace between two times, simulated again in its worker: the
   * animation past the end of a trace too large to keep whole.
   */
  traceWindow(fromMs: number, toMs: number): Promise<TraceChunk | null> {
    const r = this.request;
    if (!r) return Promise.resolve(null);
    return this.deps.client.traceWindow(r, fromMs, toMs);
  }

  dispose(): void {
    this.prefetcher?.dispose();
  }

  private onMessage(msg: RunMessage, key: string): void {
    this.deps.store.receive(msg);
    if (msg.type === 'started') this.deps.started(msg.endMs);
    else if (msg.type === 'done') {
      const run = this.deps.store.getMeta().runId === msg.runId ? this.deps.store.finishedRun() : null;
      if (run) this.cache.put(key, run);
    }
    this.deps.message(msg);
    if (msg.type !== 'started') this.dataCame.resolve();
    if (msg.type === 'done') this.deps.done();
  }
}

/** Runs `fn` after the next frame is drawn (in a task of its own where there are no frames, as in tests). */
function afterNextFrame(fn: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(fn, 0));
  else setTimeout(fn, 0);
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => undefined as void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

function settled(): { promise: Promise<void>; resolve: () => void } {
  return { promise: Promise.resolve(), resolve: () => undefined };
}
