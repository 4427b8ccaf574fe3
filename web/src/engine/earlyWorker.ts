// The engine's worker, started by the entry script before the app's code is
// even parsed: the wasm engine downloads and compiles while the page loads,
// and the run the URL asks for starts as soon as it has (earlyRun.ts).

import { runBudget } from './budget';
import { earlyRunOf, type WarmIntlMessage } from './earlyRun';
import { offerEngineModule } from './engineModule';

let early: Worker | null = null;

/** A new engine worker (a module worker running worker.ts), given the page's compiled engine when there is one. */
export function createEngineWorker(): Worker {
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'ackscope-engine' });
  offerEngineModule(worker);
  return worker;
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
