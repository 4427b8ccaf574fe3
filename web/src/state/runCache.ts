// Finished runs kept for a while, keyed by what decides them (the scenario
// text and the accepted overrides, seed included: runs are deterministic), so
// switching a mechanism back and forth shows a run again instead of running
// it again. Bounded by count and by bytes. Runs computed ahead (speculative)
// go before runs the user has seen, each kind least recently used first: a
// dozen neighbours of the run on screen must not push out the run the user
// came from, which is the likeliest click back.

import type { FinishedRun } from './runStore';

/** A run's bytes now: its columns and what was computed from it since it was kept. */
const sizeOf = (run: FinishedRun): number => run.bytes + (run.derived?.bytes ?? 0);

/** A run the user has seen, or one computed ahead that nobody has asked for yet. */
export type RunOrigin = 'shown' | 'speculative';

export interface RunCacheOptions {
  maxRuns?: number;
  maxBytes?: number;
}

export class RunCache {
  /** Map order is use order: the first entry is the least recently used. */
  private readonly runs = new Map<string, FinishedRun>();
  /** Each run's bytes as last counted (its derived values grow while it is shown). */
  private readonly counted = new Map<string, number>();
  /** Keys of runs computed ahead and not shown since. */
  private readonly speculative = new Set<string>();
  private bytes = 0;
  private readonly listeners = new Set<(run: FinishedRun) => void>();
  private readonly maxRuns: number;
  private readonly maxBytes: number;

  constructor(options: RunCacheOptions = {}) {
    // Room for the neighbours of two runs (see neighbours.ts) and the runs seen before them.
    this.maxRuns = options.maxRuns ?? 40;
    // Teaching-sized runs take a few MB each; a benchmark-sized one may not fit at all.
    this.maxBytes = options.maxBytes ?? 192 * 1024 * 1024;
  }

  get size(): number {
    return this.runs.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  has(key: string): boolean {
    return this.runs.has(key);
  }

  /** The run under `key`, now the most recently used and a run the user has seen; undefined when not kept. */
  get(key: string): FinishedRun | undefined {
    const run = this.runs.get(key);
    if (!run) return undefined;
    this.runs.delete(key);
    this.runs.set(key, run);
    this.speculative.delete(key);
    return run;
  }

  /** Hears every run kept (views then compute what they derive from it while the user looks elsewhere). */
  onPut(listener: (run: FinishedRun) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Keeps a run (a run larger than the whole budget is not kept). */
  put(key: string, run: FinishedRun, origin: RunOrigin = 'shown'): void {
    if (this.runs.has(key)) {
      this.runs.delete(key);
      this.counted.delete(key);
    }
    this.speculative.delete(key);
    if (sizeOf(run) > this.maxBytes) {
      this.recount();
      return;
    }
    this.runs.set(key, run);
    if (origin === 'speculative') this.speculative.add(key);
    for (const l of [...this.listeners]) l(run);
    this.recount();
    // Runs computed ahead go first, then runs seen; each kind oldest use first (Map order).
    for (const onlySpeculative of [true, false]) {
      for (const k of [...this.runs.keys()]) {
        if (this.runs.size <= this.maxRuns && this.bytes <= this.maxBytes) return;
        if (onlySpeculative && !this.speculative.has(k)) continue;
        this.drop(k);
      }
    }
  }

  private drop(key: string): void {
    this.runs.delete(key);
    this.speculative.delete(key);
    this.bytes -= this.counted.get(key) ?? 0;
    this.counted.delete(key);
  }

  /** Counts every run's bytes again (a dozen runs at most). */
  private recount(): void {
    this.bytes = 0;
    for (const [k, r] of this.runs) {
      const n = sizeOf(r);
      this.counted.set(k, n);
      this.bytes += n;
    }
  }
}
