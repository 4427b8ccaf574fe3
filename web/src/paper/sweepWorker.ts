/// <reference lib="webworker" />
// A paper-mode worker: owns one wasm Engine at a time and runs sweep points to
// the end with summary-only recording, as `ackscope sweep` does.

import { loadGlue, type Glue } from '../engine/wasmGlue';
import type { SweepToUi, UiToSweep } from './protocol';

declare const self: DedicatedWorkerGlobalScope;

let glue: Promise<Glue> | null = null;
const post = (msg: SweepToUi) => self.postMessage(msg);

/** Events per slice: large, since nothing waits on this worker but its result. */
const SLICE_EVENTS = 1_000_000;

async function handle(msg: UiToSweep): Promise<void> {
  glue ??= loadGlue();
  const g = await glue;
  if (msg.type === 'expand') {
    post({ type: 'expanded', id: msg.id, json: g.sweepPoints(msg.text) });
    return;
  }
  const started = performance.now();
  let engine: InstanceType<Glue['Engine']> | null = null;
  try {
    engine = new g.Engine(msg.text, 'toml', JSON.stringify(msg.overrides), 'summary');
    while (!engine.runFor(SLICE_EVENTS)) {
      // Runs to the end; cancelling terminates the worker.
    }
    post({ type: 'result', id: msg.id, summary: JSON.parse(engine.summaryJson()), wallMs: performance.now() - started });
  } catch (e) {
    const panic = g.takePanicMessage();
    if (panic) glue = null; // a trapped instance is unusable: the next message loads a fresh one
    const message = panic ?? (e instanceof Error ? e.message : String(e));
    post({ type: 'error', id: msg.id, message, fieldErrors: [] });
  } finally {
    try {
      engine?.free();
    } catch {
      // freeing after a trap can itself trap
    }
  }
}

self.onmessage = (ev: MessageEvent<UiToSweep>) => {
  handle(ev.data).catch((e: unknown) => post({ type: 'error', id: ev.data.id, message: e instanceof Error ? e.message : String(e), fieldErrors: [] }));
};
