// The wasm engine, compiled once by the page and handed to each engine worker
// it starts. The entry script starts the download and compile first thing
// (index.html preloads the file while the page parses), so a cold load no
// longer waits for the worker's thread and script before the 1.1 MB download
// begins, and the workers started later (run B, the runs computed ahead) do
// not compile the engine again: a compiled WebAssembly.Module posted to a
// worker shares its code.

import wasmUrl from './pkg/ackscope_wasm_bg.wasm?url';
import { compileEngine } from './compileEngine';

/** Page to worker: a compiled engine follows (or null: compile your own). */
export type EngineModuleMessage = { type: 'engineModuleFollows' } | { type: 'engineModule'; module: WebAssembly.Module | null };

let compiled: Promise<WebAssembly.Module | null> | null = null;

/** Starts fetching and compiling the engine (once). */
export function compileEngineEarly(): void {
  // A failure here is reported by the worker, which then tries on its own.
  compiled ??= compileEngine(wasmUrl).catch(() => null);
}

/** Tells a new engine worker that the page's compiled engine follows, and posts it when ready. */
export function offerEngineModule(worker: Pick<Worker, 'postMessage'>): void {
  if (!compiled) return; // the worker compiles its own
  worker.postMessage({ type: 'engineModuleFollows' } satisfies EngineModuleMessage);
  void compiled.then((module) => {
    try {
      worker.postMessage({ type: 'engineModule', module } satisfies EngineModuleMessage);
    } catch {
      // A browser that cannot post a module: the worker compiles its own.
      worker.postMessage({ type: 'engineModule', module: null } satisfies EngineModuleMessage);
    }
  });
}
