// An EngineHost whose slices run only when a test says so (host*.test.ts).
import { EngineHost, type HostDeps, type WasmApi } from '../host';
import type { EngineToUi } from '../protocol';
import { loadWasmInNode } from './wasm-node';

export function hostHarness(load: () => Promise<WasmApi> = loadWasmInNode, budgetMs = 10) {
  const posted: EngineToUi[] = [];
  const tasks: (() => void)[] = [];
  const timers: (() => void)[] = [];
  let loads = 0;
  const deps: HostDeps = {
    load: () => {
      loads += 1;
      return load();
    },
    post: (msg) => posted.push(msg),
    yieldThen: (fn) => tasks.push(fn),
    now: () => performance.now(),
    sliceBudgetMs: budgetMs,
    after: (_ms, fn) => timers.push(fn),
  };
  const host = new EngineHost(deps);
  const settle = async () => {
    await host.whenIdle();
    await new Promise((r) => setTimeout(r, 0));
  };
  /** Runs one pending slice; false when none was pending. */
  const step = async (): Promise<boolean> => {
    await settle();
    const task = tasks.shift();
    task?.();
    return task !== undefined;
  };
  return {
    host,
    posted,
    loads: () => loads,
    settle,
    /** Runs every pending `after` timer, as if its time had come. */
    fireTimers(): void {
      for (const fn of timers.splice(0)) fn();
    },
    step,
    /** Runs up to `n` pending slices (all by default), then settles. */
    async slices(n = Infinity): Promise<void> {
      for (let i = 0; i < n && (await step()); i++) {
        /* keep slicing */
      }
      await settle();
    },
    async runAll(): Promise<void> {
      while (await step()) {
        /* keep slicing */
      }
    },
  };
}
