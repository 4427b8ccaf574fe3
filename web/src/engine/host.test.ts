import { describe, expect, it } from 'vitest';
import type { EngineLike, WasmApi } from './host';
import type { EngineToUi } from './protocol';
import { concatChunks, sliceChunk } from './traceColumns';
import { loadWasmInNode, scenarioText } from './testing/wasm-node';
import { hostHarness } from './testing/hostHarness';

const wired = scenarioText('seed000/wired');

const harness = hostHarness;

function ofType<T extends EngineToUi['type']>(msgs: EngineToUi[], type: T): Extract<EngineToUi, { type: T }>[] {
  return msgs.filter((m): m is Extract<EngineToUi, { type: T }> => m.type === type);
}

describe('EngineHost', () => {
  it('runs a scenario to the end in slices and reports the summary', async () => {
    const h = harness(loadWasmInNode, 0.01); // a tiny budget forces many slices
    h.host.handle({ type: 'run', runId: 7, text: wired, format: 'toml', overrides: [['seed', '1']], recording: 'full' });
    await h.runAll();
    const started = ofType(h.posted, 'started');
    expect(started).toHaveLength(1);
    expect(started[0]?.runId).toBe(7);
    expect(started[0]?.endMs).toBe(20000);
    expect(started[0]?.topology.nodes.map((n) => n.id)).toEqual(['sender', 'gateway', 'receiver']);
    const progress = ofType(h.posted, 'progress');
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.every((p) => p.runId === 7)).toBe(true);
    const records = progress.reduce((n, p) => n + (p.trace?.count ?? 0), 0);
    const points = progress.reduce((n, p) => n + (p.series?.timesMs.length ?? 0), 0);
    const done = ofType(h.posted, 'done');
    expect(done).toHaveLength(1);
    expect(done[0]?.summary.flows[0]?.id).toBe('ftp');
    expect(done[0]?.digest).toMatch(/^[0-9a-f]+$/);
    expect(records).toBeGreaterThan(1000);
    expect(points).toBeGreaterThan(1000);
    // The last message of a run is its `done`.
    expect(h.posted.at(-1)?.type).toBe('done');

    // Same input, one big slice: same digest, same records.
    const h2 = harness();
    h2.host.handle({ type: 'run', runId: 1, text: wired, format: 'toml', overrides: [['seed', '1']], recording: 'full' });
    await h2.runAll();
    expect(ofType(h2.posted, 'done')[0]?.digest).toBe(done[0]?.digest);
    expect(ofType(h2.posted, 'progress').reduce((n, p) => n + (p.trace?.count ?? 0), 0)).toBe(records);
  });

  it('stops a run on cancel, between slices', async () => {
    const h = harness(loadWasmInNode, 0.01);
    h.host.handle({ type: 'run', runId: 3, text: wired, format: 'toml', overrides: [], recording: 'full' });
    await h.step();
    await h.step();
    h.host.handle({ type: 'cancel', runId: 3 });
    await h.runAll();
    expect(ofType(h.posted, 'cancelled')).toEqual([{ type: 'cancelled', runId: 3 }]);
    expect(ofType(h.posted, 'done')).toHaveLength(0);
    expect(h.posted.at(-1)?.type).toBe('cancelled');
  });

  it('cancels the current run when a new one arrives', async () => {
    const h = harness(loadWasmInNode, 0.01);
    h.host.handle({ type: 'run', runId: 1, text: wired, format: 'toml', overrides: [], recording: 'full' });
    await h.step();
    h.host.handle({ type: 'run', runId: 2, text: wired, format: 'toml', overrides: [], recording: 'full' });
    await h.runAll();
    expect(ofType(h.posted, 'cancelled').map((m) => m.runId)).toEqual([1]);
    expect(ofType(h.posted, 'done').map((m) => m.runId)).toEqual([2]);
  });

  it('answers validate with the request id and isolates bad overrides', async () => {
    const h = harness();
    h.host.handle({
      type: 'validate',
      requestId: 11,
      text: wired,
      format: 'toml',
      overrides: [['flows.ftp.tcp.variant', 'rno']],
      knobOptions: false,
    });
    await h.settle();
    const [reply] = ofType(h.posted, 'validated');
    expect(reply?.requestId).toBe(11);
    expect(reply?.resolution.rejected[0]?.errors[0]?.path).toBe('flows.ftp.tcp.variant');
  });

  it('reports field errors of a run with invalid overrides', async () => {
    const h = harness();
    h.host.handle({
      type: 'run',
      runId: 5,
      text: wired,
      format: 'toml',
      overrides: [['flows.ftp.tcp.variant', 'rno']],
      recording: 'full',
    });
    await h.runAll();
    const [err] = ofType(h.posted, 'error');
    expect(err?.runId).toBe(5);
    expect(err?.error.panic).toBe(false);
    expect(err?.error.fieldErrors[0]?.path).toBe('flows.ftp.tcp.variant');
    expect(err?.error.message).toContain('allowed: tahoe, reno');
  });

  it('reports a panic with its message and re-creates the module', async () => {
    let panicked = false;
    const real = await loadWasmInNode();
    const panicking: WasmApi = {
      validate: real.validate,
      takePanicMessage: () => (panicked ? 'index out of bounds' : undefined),
      createEngine: (...args) => {
        const engine = real.createEngine(...args);
        return new Proxy(engine, {
          get(target, prop, receiver) {
            if (prop === 'runFor') {
              return () => {
                panicked = true;
                throw new WebAssembly.RuntimeError('unreachable');
              };
            }
            const v: unknown = Reflect.get(target, prop, receiver);
            return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
          },
        }) as EngineLike;
      },
    };
    let first = true;
    const h = harness(async () => {
      if (first) {
        first = false;
        return panicking;
      }
      return loadWasmInNode();
    });
    h.host.handle({ type: 'run', runId: 9, text: wired, format: 'toml', overrides: [], recording: 'full' });
    await h.runAll();
    const [err] = ofType(h.posted, 'error');
    expect(err?.runId).toBe(9);
    expect(err?.error.panic).toBe(true);
    expect(err?.error.message).toContain('index out of bounds');
    expect(h.loads()).toBe(2);

    // The next run uses the fresh module and completes.
    h.host.handle({ type: 'run', runId: 10, text: wired, format: 'toml', overrides: [], recording: 'full' });
    await h.runAll();
    expect(ofType(h.posted, 'done').map((m) => m.runId)).toEqual([10]);
  });

  it('answers every request when the module cannot load', async () => {
    const h = harness(() => Promise.reject(new Error('no wasm here')));
    h.host.handle({ type: 'validate', requestId: 1, text: wired, format: 'toml', overrides: [], knobOptions: false });
    h.host.handle({ type: 'run', runId: 2, text: wired, format: 'toml', overrides: [], recording: 'full' });
    await h.settle();
    await h.settle();
    expect(ofType(h.posted, 'validateFailed')[0]?.error.message).toContain('no wasm here');
    expect(ofType(h.posted, 'error')[0]?.runId).toBe(2);
  });
});

describe('trace windows', () => {
  it('simulates the run again and returns exactly the records of the full run in the window', async () => {
    const h = harness();
    h.host.handle({ type: 'run', runId: 1, text: wired, format: 'toml', overrides: [['seed', '1'], ['flows.ftp.tcp.rwnd', '725KB']], recording: 'full' });
    await h.runAll();
    const full = concatChunks(ofType(h.posted, 'progress').flatMap((m) => (m.trace ? [m.trace] : [])));
    const expected = full ? sliceChunk(full, 5000, 7000) : null;
    expect(expected?.count ?? 0).toBeGreaterThan(100);

    h.host.handle({ type: 'traceWindow', requestId: 9, text: wired, format: 'toml', overrides: [['seed', '1'], ['flows.ftp.tcp.rwnd', '725KB']], fromMs: 5000, toMs: 7000 });
    await h.runAll();
    const [reply] = ofType(h.posted, 'traceWindowed');
    expect(reply?.requestId).toBe(9);
    expect(reply?.trace?.count).toBe(expected?.count);
    expect(Array.from(reply?.trace?.uid ?? [])).toEqual(Array.from(expected?.uid ?? []));
    expect(Array.from(reply?.trace?.enqueuedMs ?? [])).toEqual(Array.from(expected?.enqueuedMs ?? []));
  });

  it('answers a scenario the engine refuses with its field errors', async () => {
    const h = harness();
    h.host.handle({ type: 'traceWindow', requestId: 3, text: wired, format: 'toml', overrides: [['flows.ftp.tcp.variant', 'rno']], fromMs: 0, toMs: 1000 });
    await h.runAll();
    const [failed] = ofType(h.posted, 'traceWindowFailed');
    expect(failed?.error.fieldErrors[0]?.path).toBe('flows.ftp.tcp.variant');
  });
});
