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

export async function loadGlue(): Promise<Glue> {
  compiled ??= compile();
  const module = await compiled.catch((e: unknown) => {
    compiled = null;
    throw e;
  });
  // wasm-bindgen keeps its instance in module-level state and refuses to
  // initialise twice, so a fresh instance needs a fresh copy of the glue
  // module: import it again under a distinct URL.
  generation += 1;
  const glue = (await import(/* @vite-ignore */ `${glueUrl}?instance=${generation}`)) as Glue;
  glue.initSync({ module });
  return glue;
}
