// Loads the wasm engine in a worker: the module is compiled once, and each call
// gives a fresh instance (needed after a panic) with its own copy of the glue.

import glueUrl from './pkg/ackscope_wasm.js?url';
import wasmUrl from './pkg/ackscope_wasm_bg.wasm?url';

export type Glue = typeof import('./pkg/ackscope_wasm.js');

let compiled: Promise<WebAssembly.Module> | null = null;
let generation = 0;

async function compile(): Promise<WebAssembly.Module> {
  const response = await fetch(wasmUrl);
  if (!response.ok) throw new Error(`cannot fetch the engine (${response.status} ${response.statusText})`);
  // Compiled while it downloads, when the server says application/wasm
  // (compileStreaming insists on it); from the bytes otherwise.
  if (typeof WebAssembly.compileStreaming === 'function' && response.headers.get('content-type')?.startsWith('application/wasm')) {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
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
  compiled ??= compile();
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
