/// <reference lib="webworker" />
// The engine worker: wires an EngineHost to the worker's message port and loads
// the wasm module. Everything with logic lives in host.ts.

import { EngineHost, type WasmApi } from './host';
import { loadGlue } from './wasmGlue';
import { transferables, type EngineToUi, type UiToEngine } from './protocol';

declare const self: DedicatedWorkerGlobalScope;

async function load(): Promise<WasmApi> {
  const glue = await loadGlue();
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
