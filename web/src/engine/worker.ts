/// <reference lib="webworker" />
// The engine worker: wires an EngineHost to the worker's message port and loads
// the wasm module. Everything with logic lives in host.ts.

import glueUrl from './pkg/ackscope_wasm.js?url';
import wasmUrl from './pkg/ackscope_wasm_bg.wasm?url';
import { EngineHost, type WasmApi } from './host';
import { transferables, type EngineToUi, type UiToEngine } from './protocol';

type Glue = typeof import('./pkg/ackscope_wasm.js');

declare const self: DedicatedWorkerGlobalScope;

let compiled: Promise<WebAssembly.Module> | null = null;
let generation = 0;

async function compile(): Promise<WebAssembly.Module> {
  const response = await fetch(wasmUrl);
  if (!response.ok) throw new Error(`cannot fetch the engine (${response.status} ${response.statusText})`);
  // compileStreaming insists on the application/wasm MIME type; bytes work everywhere.
  return WebAssembly.compile(await response.arrayBuffer());
}

async function load(): Promise<WasmApi> {
  compiled ??= compile();
  const module = await compiled.catch((e: unknown) => {
    compiled = null;
    throw e;
  });
  // wasm-bindgen keeps its instance in module-level state and refuses to
  // initialise twice, so a fresh instance (needed after a panic) needs a fresh
  // copy of the glue module: import it again under a distinct URL.
  generation += 1;
  const glue = (await import(/* @vite-ignore */ `${glueUrl}?instance=${generation}`)) as Glue;
  glue.initSync({ module });
  return {
    validate: glue.validate,
    takePanicMessage: glue.takePanicMessage,
    createEngine: (text, format, overridesJson, recording) => new glue.Engine(text, format, overridesJson, recording),
  };
}

// Yielding through a MessageChannel is not clamped like nested setTimeout calls,
// and still lets queued `cancel` messages run between slices.
const yieldChannel = new MessageChannel();
const waiting: (() => void)[] = [];
yieldChannel.port1.onmessage = () => waiting.shift()?.();

const host = new EngineHost({
  load,
  post: (msg: EngineToUi) => self.postMessage(msg, transferables(msg)),
  yieldThen: (fn) => {
    waiting.push(fn);
    yieldChannel.port2.postMessage(null);
  },
  now: () => performance.now(),
});

self.onmessage = (ev: MessageEvent<UiToEngine>) => host.handle(ev.data);
