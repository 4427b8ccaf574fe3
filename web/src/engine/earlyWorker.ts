// The engine's worker, started by the entry script before the app's code is
// even parsed: the wasm engine downloads and compiles while the page loads,
// and the run the URL asks for starts as soon as it has (earlyRun.ts).

import { runBudget } from './budget';
import { earlyRunOf, type WarmIntlMessage } from './earlyRun';

let early: Worker | null = null;

/** A new engine worker (a module worker running worker.ts). */
export function createEngineWorker(): Worker {
  return new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'ackscope-engine' });
}

/**
 * Starts the first engine worker now, and in it the run `search` (the page's
 * query) asks for; first, it loads the process's Intl data for `locale`
 * (see WarmIntlMessage).
 */
export function startEarlyWorker(search: string, locale: string): void {
  if (early) return;
  early = createEngineWorker();
  early.postMessage({ type: 'warmIntl', locale } satisfies WarmIntlMessage);
  const run = earlyRunOf(search, runBudget());
  if (run) early.postMessage(run);
}

/** The worker started early, once (later engines start their own). */
export function takeEarlyWorker(): Worker | null {
  const w = early;
  early = null;
  return w;
}
