// Loads the wasm engine in a worker: the module is compiled once (by the page,
// engineModule.ts, or here), and each call gives a fresh instance (needed after
// a panic) with its own copy of the glue.

import glueUrl from './pkg/ackscope_wasm.js?url';
import wasmUrl from './pkg/ackscope_wasm_bg.wasm?url';
import { compileEngine } from './compileEngine';

export type Glue = typeof import('./pkg/ackscope_wasm.js');

let compiled: Promise<WebAssembly.Module> | null = null;
let generation = 0;

/**
 * The engine comes from `source` (the page's compiled module); where it gives
 * null, this worker fetches and compiles its own. Call before the first loadGlue.
 */
export function useEngineModule(source: Promise<WebAssembly.Module | null>): void {
  compiled ??= source.then((m) => m ?? compileEngine(wasmUrl));
}

/** The glue module under a URL of its own (a fresh copy of its module-level state). */
function importGlue(): Promise<Glue> {
  generation += 1;
  return import(/* @vite-ignore */ `${glueUrl}?instance=${generation}`) as Promise<Glue>;
}

export async function loadGlue(): Promise<Glue> {
  // The glue is fetched while the engine downloads and compiles, not after.
  const glue = importGlue();
  glue.catch(() => undefined); // a failed compile is the error reported
  compiled ??= compileEngine(wasmUrl);
  const module = await compiled.catch((e: unknown) => {
    compiled = null;
    throw e;
  });
  // wasm-bindgen keeps its instance in module-level state and refuses to
  // initialise twice, so a fresh instance needs a fresh copy of the glue
  // module: each call imports it again under a distinct URL.
  const g = await glue;
  g.initSync({ module });
  return g;
}
