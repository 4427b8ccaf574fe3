// Test helper: a scenario run by the real wasm engine (in Node) into a RunStore.

import { EngineHost } from '../../engine/host';
import type { RunMessage } from '../../engine/protocol';
import { loadWasmInNode, scenarioText } from '../../engine/testing/wasm-node';
import { RunStore } from '../runStore';

/**
 * Runs scenarios/<id>.toml with overrides and returns the host's messages.
 * `now`: the host's wall clock (a fake one decides how the run is sliced into chunks).
 */
export async function runMessages(
  id: string,
  overrides: [string, string][] = [],
  sliceBudgetMs = 1,
  now: () => number = () => performance.now(),
): Promise<RunMessage[]> {
  const msgs: RunMessage[] = [];
  await new Promise<void>((resolve) => {
    const host = new EngineHost({
      load: loadWasmInNode,
      post: (m) => {
        if (!('runId' in m)) return;
        msgs.push(m);
        if (m.type === 'done' || m.type === 'error') resolve();
      },
      yieldThen: (fn) => setTimeout(fn, 0),
      now,
      sliceBudgetMs,
    });
    host.handle({ type: 'run', runId: 1, text: scenarioText(id), format: 'toml', overrides, recording: 'full' });
  });
  return msgs;
}

/** A finished run of scenarios/<id>.toml in a fresh store. */
export async function runIntoStore(id: string, overrides: [string, string][] = []): Promise<RunStore> {
  const store = new RunStore({ notifyIntervalMs: 0 });
  store.begin(1);
  for (const m of await runMessages(id, overrides, 50)) store.receive(m);
  return store;
}
