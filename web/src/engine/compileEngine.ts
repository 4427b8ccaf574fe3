// Fetches and compiles the wasm engine: while it downloads when the server
// says application/wasm (compileStreaming insists on it), from the bytes otherwise.
// Used by the page (engineModule.ts, once for all its engine workers) and by a
// worker left to compile its own (wasmGlue.ts).

export async function compileEngine(url: string): Promise<WebAssembly.Module> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`cannot fetch the engine (${response.status} ${response.statusText})`);
  if (typeof WebAssembly.compileStreaming === 'function' && response.headers.get('content-type')?.startsWith('application/wasm')) {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}
