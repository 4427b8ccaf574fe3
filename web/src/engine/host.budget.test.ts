import { describe, expect, it } from 'vitest';
import { EngineHost, type HostDeps } from './host';
import type { EngineToUi } from './protocol';
import { loadWasmInNode, scenarioText } from './testing/wasm-node';

const wired = scenarioText('seed000/wired');

function harness(now: () => number = () => performance.now()) {
  const posted: EngineToUi[] = [];
  const tasks: (() => void)[] = [];
  const deps: HostDeps = { load: loadWasmInNode, post: (m) => posted.push(m), yieldThen: (fn) => tasks.push(fn), now };
  const host = new EngineHost(deps);
  return {
    host,
    posted,
    async runAll(): Promise<void> {
      for (;;) {
        await host.whenIdle();
        await new Promise((r) => setTimeout(r, 0));
        const task = tasks.shift();
        if (!task) return;
        task();
      }
    },
  };
}

const last = (msgs: EngineToUi[]) => msgs.at(-1);

describe('run budgets', () => {
  it('stops at the event budget with the partial summary, and Continue goes on to the same result', async () => {
    const budgeted = harness();
    budgeted.host.handle({ type: 'run', runId: 1, text: wired, format: 'toml', overrides: [], recording: 'summary', budget: { maxEvents: 2000, maxWallMs: 1e9 } });
    await budgeted.runAll();
    const first = last(budgeted.posted);
    expect(first?.type).toBe('paused');
    if (first?.type !== 'paused') return;
    expect(first.reason).toBe('events');
    expect(first.events).toBe(2000);
    expect(first.nowMs).toBeLessThan(20_000);
    expect(first.summary.events).toBe(2000);
    let pauses = 1;
    while (last(budgeted.posted)?.type === 'paused') {
      budgeted.host.handle({ type: 'continue', runId: 1 });
      await budgeted.runAll();
      if (last(budgeted.posted)?.type === 'paused') pauses += 1;
    }
    expect(pauses).toBeGreaterThan(1);
    const done = last(budgeted.posted);
    expect(done?.type).toBe('done');

    const whole = harness();
    whole.host.handle({ type: 'run', runId: 2, text: wired, format: 'toml', overrides: [], recording: 'summary' });
    await whole.runAll();
    const wholeDone = last(whole.posted);
    expect(wholeDone?.type === 'done' && done?.type === 'done' && wholeDone.digest === done.digest).toBe(true);
  });

  it('stops at the wall-clock budget; a cancel then frees the run', async () => {
    let clock = 0;
    const h = harness(() => (clock += 1)); // every reading of the clock is 1 ms later
    h.host.handle({ type: 'run', runId: 3, text: wired, format: 'toml', overrides: [['duration', '86400s']], recording: 'summary', budget: { maxEvents: 1e12, maxWallMs: 50 } });
    await h.runAll();
    const paused = last(h.posted);
    expect(paused?.type === 'paused' && paused.reason === 'wall').toBe(true);
    h.host.handle({ type: 'cancel', runId: 3 });
    await h.runAll();
    expect(last(h.posted)?.type).toBe('cancelled');
    // A stale continue after the cancel does nothing.
    h.host.handle({ type: 'continue', runId: 3 });
    await h.runAll();
    expect(last(h.posted)?.type).toBe('cancelled');
  });
});
