// Finished runs kept for a while, keyed by what decides them (the scenario
// text and the accepted overrides, seed included: runs are deterministic), so
// switching a mechanism back and forth shows a run again instead of running
// it again. Bounded by count and by bytes; the least recently used goes first.

import type { FinishedRun } from './runStore';

export interface RunCacheOptions {
  maxRuns?: number;
  maxBytes?: number;
}

export class RunCache {
  /** Map order is use order: the first entry is the least recently used. */
  private readonly runs = new Map<string, FinishedRun>();
  private bytes = 0;
  private readonly maxRuns: number;
  private readonly maxBytes: number;

  constructor(options: RunCacheOptions = {}) {
    this.maxRuns = options.maxRuns ?? 12;
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

  /** The run under `key`, now the most recently used; undefined when not kept. */
  get(key: string): FinishedRun | undefined {
    const run = this.runs.get(key);
    if (!run) return undefined;
    this.runs.delete(key);
    this.runs.set(key, run);
    return run;
  }

  /** Keeps a run (a run larger than the whole budget is not kept). */
  put(key: string, run: FinishedRun): void {
    const old = this.runs.get(key);
    if (old) {
      this.runs.delete(key);
      this.bytes -= old.bytes;
    }
    if (run.bytes > this.maxBytes) return;
    this.runs.set(key, run);
    this.bytes += run.bytes;
    for (const [k, r] of this.runs) {
      if (this.runs.size <= this.maxRuns && this.bytes <= this.maxBytes) break;
      this.runs.delete(k);
      this.bytes -= r.bytes;
    }
  }
}
