/// <reference lib="webworker" />
// The engine worker: wires an EngineHost to the worker's message port and loads
// the wasm module. Everything with logic lives in host.ts.

import { EngineHost, type WasmApi } from './host';
import { loadGlue, useEngineModule } from './wasmGlue';
import { transferables, type EngineToUi, type UiToEngine } from './protocol';
import type { EarlyRunMessage, WarmIntlMessage } from './earlyRun';
import type { EngineModuleMessage } from './engineModule';

// Each scenario file on its own, loaded when an early run asks for it (the
// app bundles them all; this worker needs one at most).
const scenarioFiles = import.meta.glob<string>(['../../../scenarios/**/*.toml', '!**/*.sweep.toml', '!**/*.lesson.toml'], { query: '?raw', import: 'default' });

declare const self: DedicatedWorkerGlobalScope;

// For profiles of a cold load: the worker's script runs (its timeline starts at its own origin).
performance.mark('ackscope:worker-start');

/**
 * The first message decides where the engine comes from: the page posts
 * `engineModuleFollows` first when it compiles the engine for its workers
 * (engineModule.ts); otherwise this worker fetches and compiles its own.
 */
let firstMessageSeen: () => void = () => {};
const firstMessage = new Promise<void>((resolve) => (firstMessageSeen = resolve));

async function load(): Promise<WasmApi> {
  await firstMessage;
  const glue = await loadGlue();
  // For profiles of a cold load (the worker's own timeline, as the early run's marks).
  performance.mark('ackscope:engine-loaded');
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
  mark: (name) => performance.mark(name),
});

async function startEarly(msg: EarlyRunMessage): Promise<void> {
  const load = scenarioFiles[`../../../scenarios/${msg.scenario}.toml`];
  if (!load) return; // not a shipped scenario: the app reports it
  const text = await load();
  // For profiles of a cold load (the worker's own timeline).
  performance.mark('ackscope:early-run');
  host.prestart({ text, format: 'toml', seed: msg.seed, recording: 'full', budget: msg.budget });
}

/** The renderer's Intl data, loaded here for the page (see WarmIntlMessage). */
function warmIntl(locale: string): void {
  try {
    new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(1234.5);
    new Intl.PluralRules(locale).select(2);
  } catch {
    /* no Intl, or an unknown locale: nothing to warm */
  }
}

/** Set while the page's compiled engine is on its way (engineModule.ts). */
let moduleArrives: ((m: WebAssembly.Module | null) => void) | null = null;

self.onmessage = (ev: MessageEvent<UiToEngine | EarlyRunMessage | WarmIntlMessage | EngineModuleMessage>) => {
  const msg = ev.data;
  if (msg.type === 'engineModuleFollows') useEngineModule(new Promise((resolve) => (moduleArrives = resolve)));
  else if (msg.type === 'engineModule') moduleArrives?.(msg.module instanceof WebAssembly.Module ? msg.module : null);
  else if (msg.type === 'warmIntl') warmIntl(msg.locale);
  else if (msg.type === 'earlyRun') void startEarly(msg).catch(() => undefined);
  else host.handle(msg);
  firstMessageSeen();
};
