// Runs many sweep points on a pool of workers (one per core, each owning a wasm
// Engine), reporting each result as it arrives; cancel terminates them all.

import type { Summary } from '../generated/types';
import type { Override } from '../engine/protocol';
import type { SweepToUi, UiToSweep } from './protocol';

export interface WorkerLike {
  postMessage(msg: UiToSweep): void;
  terminate(): void;
  onmessage: ((ev: MessageEvent<SweepToUi>) => void) | null;
  onerror: ((ev: ErrorEvent) => void) | null;
}

export type WorkerFactory = () => WorkerLike;

export const browserSweepWorker: WorkerFactory = () =>
  new Worker(new URL('./sweepWorker.ts', import.meta.url), { type: 'module' }) as unknown as WorkerLike;

export interface Job {
  text: string;
  overrides: Override[];
}

export type JobResult = { ok: true; summary: Summary } | { ok: false; message: string };

export interface PoolRun {
  /** Resolves when every job has a result, or with null when cancelled. */
  done: Promise<null | { wallMs: number }>;
  cancel(): void;
}

/** Runs `jobs` on `size` workers; `onResult(index, result)` is called as each finishes. */
export function runPool(jobs: readonly Job[], size: number, onResult: (index: number, result: JobResult) => void, factory: WorkerFactory = browserSweepWorker): PoolRun {
  const started = performance.now();
  const workers: WorkerLike[] = [];
  let next = 0;
  let finished = 0;
  let cancelled = false;
  let resolve!: (v: null | { wallMs: number }) => void;
  const done = new Promise<null | { wallMs: number }>((r) => (resolve = r));

  const stop = () => {
    for (const w of workers) w.terminate();
  };
  const feed = (w: WorkerLike) => {
    if (next >= jobs.length) return;
    const index = next++;
    const job = jobs[index]!;
    w.onmessage = (ev) => {
      const msg = ev.data;
      if (msg.type === 'expanded' || cancelled) return;
      onResult(index, msg.type === 'result' ? { ok: true, summary: msg.summary } : { ok: false, message: msg.message });
      finished += 1;
      if (finished === jobs.length) {
        stop();
        resolve({ wallMs: performance.now() - started });
      } else feed(w);
    };
    w.onerror = (ev) => {
      if (cancelled) return;
      onResult(index, { ok: false, message: ev.message || 'the worker failed' });
      finished += 1;
      if (finished === jobs.length) {
        stop();
        resolve({ wallMs: performance.now() - started });
      }
    };
    w.postMessage({ type: 'run', id: index, text: job.text, overrides: [...job.overrides] });
  };

  if (jobs.length === 0) resolve({ wallMs: 0 });
  for (let i = 0; i < Math.min(Math.max(1, size), jobs.length); i++) {
    const w = factory();
    workers.push(w);
    feed(w);
  }
  return {
    done,
    cancel: () => {
      if (cancelled || finished === jobs.length) return;
      cancelled = true;
      stop();
      resolve(null);
    },
  };
}

/** Expands a sweep file in a worker (the engine's own expansion, `sweepPoints`). */
export function expandInWorker(text: string, factory: WorkerFactory = browserSweepWorker): Promise<string> {
  return new Promise((resolve, reject) => {
    const w = factory();
    w.onmessage = (ev) => {
      w.terminate();
      if (ev.data.type === 'expanded') resolve(ev.data.json);
      else reject(new Error(ev.data.type === 'error' ? ev.data.message : 'unexpected reply'));
    };
    w.onerror = (ev) => {
      w.terminate();
      reject(new Error(ev.message || 'the worker failed'));
    };
    w.postMessage({ type: 'expand', id: 0, text });
  });
}
