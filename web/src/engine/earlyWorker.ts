// The engine's worker, started by the entry script before the app's code is
// even parsed: the wasm engine downloads and compiles while the page renders.

let early: Worker | null = null;

/** A new engine worker (a module worker running worker.ts). */
export function createEngineWorker(): Worker {
  return new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'ackscope-engine' });
}

/** Starts the first engine worker now. */
export function startEarlyWorker(): void {
  early ??= createEngineWorker();
}

/** The worker started early, once (later engines start their own). */
export function takeEarlyWorker(): Worker | null {
  const w = early;
  early = null;
  return w;
}
