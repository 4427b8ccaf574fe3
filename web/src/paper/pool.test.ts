import { describe, expect, it } from 'vitest';
import { runPool, type WorkerLike } from './pool';
import type { SweepToUi, UiToSweep } from './protocol';

/** A worker that answers each run with a summary whose goodput is the job's index, after `delay` ms. */
function fakeWorkers(log: { made: number; terminated: number; running: number; maxRunning: number }, delay = 1) {
  return (): WorkerLike => {
    log.made += 1;
    const w: WorkerLike = {
      onmessage: null,
      onerror: null,
      terminate: () => {
        log.terminated += 1;
      },
      postMessage: (msg: UiToSweep) => {
        log.running += 1;
        log.maxRunning = Math.max(log.maxRunning, log.running);
        setTimeout(() => {
          log.running -= 1;
          const reply: SweepToUi =
            msg.type === 'run' && msg.overrides[0]?.[1] === 'bad'
              ? { type: 'error', id: msg.id, message: 'refused', fieldErrors: [] }
              : { type: 'result', id: msg.id, summary: { flows: [{ id: 'f', goodput_bps: msg.id }] } as never, wallMs: 1 };
          w.onmessage?.({ data: reply } as MessageEvent<SweepToUi>);
        }, delay);
      },
    };
    return w;
  };
}

describe('worker pool', () => {
  it('runs every job on at most `size` workers and reports each result by index', async () => {
    const log = { made: 0, terminated: 0, running: 0, maxRunning: 0 };
    const jobs = Array.from({ length: 10 }, (_, i) => ({ text: 't', overrides: [['x', i === 3 ? 'bad' : 'ok']] as [string, string][] }));
    const results: unknown[] = [];
    const run = runPool(jobs, 3, (i, r) => (results[i] = r), fakeWorkers(log));
    const end = await run.done;
    expect(end).not.toBeNull();
    expect(log.made).toBe(3);
    expect(log.maxRunning).toBe(3);
    expect(log.terminated).toBe(3);
    expect(results).toHaveLength(10);
    expect(results[3]).toEqual({ ok: false, message: 'refused' });
    expect(results[7]).toMatchObject({ ok: true, summary: { flows: [{ goodput_bps: 7 }] } });
  });

  it('cancel stops the workers and resolves with null', async () => {
    const log = { made: 0, terminated: 0, running: 0, maxRunning: 0 };
    const seen: number[] = [];
    const run = runPool(Array.from({ length: 50 }, () => ({ text: 't', overrides: [] })), 2, (i) => seen.push(i), fakeWorkers(log, 5));
    await new Promise((r) => setTimeout(r, 12));
    run.cancel();
    expect(await run.done).toBeNull();
    expect(log.terminated).toBe(2);
    const count = seen.length;
    await new Promise((r) => setTimeout(r, 20));
    expect(seen.length).toBe(count);
    expect(count).toBeLessThan(50);
  });
});
