import { describe, expect, it } from 'vitest';
import type { EarlyRequest } from './host';
import type { EngineToUi, UiToEngine } from './protocol';
import { loadWasmInNode, scenarioText } from './testing/wasm-node';
import { hostHarness } from './testing/hostHarness';

const wired = scenarioText('seed000/wired');

/** A harness whose engine counts its validate calls. */
function harness() {
  const calls = { validate: 0 };
  const counting = async () => {
    const api = await loadWasmInNode();
    return { ...api, validate: (...args: Parameters<typeof api.validate>) => (calls.validate++, api.validate(...args)) };
  };
  return { ...hostHarness(counting), calls };
}

const budget = { maxEvents: 200_000_000, maxWallMs: 60_000 };
/** seed000/wired with seed 4, as the URL asks for it early and as the app then asks for it. */
const earlyWired: EarlyRequest = { text: wired, format: 'toml', seed: 4, recording: 'full', budget };
const runWired = (runId: number): UiToEngine => ({ type: 'run', runId, text: wired, format: 'toml', overrides: [['seed', '4']], recording: 'full', budget });
const digestOf = (msgs: EngineToUi[]) => msgs.flatMap((m) => (m.type === 'done' ? [m.digest] : []));

describe('EngineHost early run (started from the URL before the app asks)', () => {
  it('posts nothing until a run with the same request adopts it, then everything under the new id', async () => {
    const h = harness();
    h.host.prestart(earlyWired);
    await h.slices(3);
    expect(h.posted).toEqual([]);
    h.host.handle(runWired(12));
    h.host.handle({ type: 'shown', runId: 12 });
    await h.slices();
    expect(h.posted.length).toBeGreaterThan(2);
    expect(h.posted.every((m) => 'runId' in m && m.runId === 12)).toBe(true);
    expect(h.posted[0]?.type).toBe('started');
    expect(h.posted.at(-1)?.type).toBe('done');
    expect(h.posted.filter((m) => m.type === 'started')).toHaveLength(1);

    // The very run the app would have started itself.
    const plain = harness();
    plain.host.handle(runWired(1));
    await plain.slices();
    expect(digestOf(h.posted)).toEqual(digestOf(plain.posted));
    const records = (msgs: EngineToUi[]) => msgs.reduce((n, m) => n + (m.type === 'progress' ? (m.trace?.count ?? 0) : 0), 0);
    expect(records(h.posted)).toBe(records(plain.posted));
  });

  it('computes one slice, then waits for the app (the page needs the core meanwhile); adopted, it runs to the end', async () => {
    // Slices of one engine call each: the run takes many.
    const h = hostHarness(undefined, 0);
    h.host.prestart(earlyWired);
    await h.slices();
    expect(h.posted).toEqual([]);
    h.host.handle(runWired(7));
    await h.settle();
    // What the early run held: its start and its first slice's data, nothing more.
    expect(h.posted.map((m) => m.type)).toEqual(['started', 'progress']);
    // Adopted, it still waits: until the page has drawn that first slice.
    await h.slices();
    expect(h.posted.map((m) => m.type)).toEqual(['started', 'progress']);
    h.host.handle({ type: 'shown', runId: 7 });
    await h.slices();
    expect(h.posted.filter((m) => m.type === 'progress').length).toBeGreaterThan(2);
    expect(h.posted.at(-1)?.type).toBe('done');
  });

  it('goes on without the page\'s word after a while (a hidden tab draws no frame); a word for another run changes nothing', async () => {
    const h = hostHarness(undefined, 0);
    h.host.prestart(earlyWired);
    await h.slices();
    h.host.handle(runWired(7));
    h.host.handle({ type: 'shown', runId: 6 });
    await h.slices();
    expect(h.posted.map((m) => m.type)).toEqual(['started', 'progress']);
    h.fireTimers();
    await h.slices();
    expect(h.posted.at(-1)?.type).toBe('done');
    // The page's word, late, is a no-op.
    h.host.handle({ type: 'shown', runId: 7 });
    await h.slices();
    expect(h.posted.filter((m) => m.type === 'done')).toHaveLength(1);
  });

  it('stops its first slice after the events the first frame needs, however fast the engine runs', async () => {
    // A slice budget no engine call reaches: only the first slice's own limit stops it.
    const h = hostHarness(undefined, 60_000);
    h.host.prestart(earlyWired);
    await h.slices();
    h.host.handle(runWired(5));
    h.host.handle({ type: 'shown', runId: 5 });
    await h.slices();
    const events = h.posted.flatMap((m) => (m.type === 'progress' ? [m.events] : []));
    // 1000 queue entries, stale timer entries among them, which are not events.
    expect(events[0]).toBeGreaterThan(900);
    expect(events[0]).toBeLessThanOrEqual(1000);
    // The app's own slices then run on to the end (one slice here: the budget).
    expect(events.at(-1)).toBeGreaterThan(1000);
    expect(h.posted.at(-1)?.type).toBe('done');
  });

  it("uses the scenario's own seed when the URL gives none, and hands over a run it started", async () => {
    const h = harness();
    h.host.prestart({ text: wired, format: 'toml', seed: null, recording: 'full', budget: null });
    await h.slices();
    expect(h.posted).toEqual([]);
    // seed000/wired has no seed of its own: 0, as the app asks.
    h.host.handle({ type: 'run', runId: 3, text: wired, format: 'toml', overrides: [['seed', '0']], recording: 'full' });
    await h.slices();
    expect(h.posted[0]?.type).toBe('started');
    expect(h.posted.filter((m) => m.type === 'done')).toHaveLength(1);
    expect(h.posted.every((m) => 'runId' in m && m.runId === 3)).toBe(true);
  });

  it('parses the scenario once, in the engine: no validation until the app asks for one', async () => {
    const h = harness();
    h.host.prestart({ text: wired, format: 'toml', seed: null, recording: 'full', budget: null });
    await h.slices(2);
    expect(h.calls.validate).toBe(0);
    // The app's checks are answered when asked, and its run adopts the early one.
    h.host.handle({ type: 'validate', requestId: 1, text: wired, format: 'toml', overrides: [['seed', '0']], knobOptions: false });
    h.host.handle({ type: 'run', runId: 2, text: wired, format: 'toml', overrides: [['seed', '0']], recording: 'full' });
    await h.slices();
    expect(h.posted[0]?.type).toBe('validated');
    expect(h.posted.filter((m) => m.type === 'started')).toHaveLength(1);
    expect(h.posted.filter((m) => m.type === 'done')).toHaveLength(1);
  });

  it('drops the early run without a word when the app asks for another', async () => {
    const h = harness();
    h.host.prestart(earlyWired);
    await h.slices(2);
    // Same scenario, another budget: not the same request.
    h.host.handle({ type: 'run', runId: 5, text: wired, format: 'toml', overrides: [['seed', '4']], recording: 'full', budget: { maxEvents: 1000, maxWallMs: 60_000 } });
    await h.slices();
    expect(h.posted.every((m) => 'runId' in m && m.runId === 5)).toBe(true);
    expect(h.posted.some((m) => m.type === 'cancelled')).toBe(false);
    expect(h.posted[0]?.type).toBe('started');
    expect(h.posted.at(-1)?.type).toBe('paused');
  });

  it('starts nothing for a scenario the engine refuses, and the app hears its errors as usual', async () => {
    const h = harness();
    const bad = wired.replace(/duration\s*=\s*"[^"]*"/, 'duration = "soon"');
    expect(bad).not.toBe(wired);
    h.host.prestart({ text: bad, format: 'toml', seed: null, recording: 'full', budget: null });
    await h.slices();
    expect(h.posted).toEqual([]);
    h.host.handle({ type: 'run', runId: 9, text: bad, format: 'toml', overrides: [['seed', '0']], recording: 'full' });
    await h.slices();
    expect(h.posted).toHaveLength(1);
    expect(h.posted[0]?.type).toBe('error');
  });

  it('answers the same validation twice alike (the second from what it kept)', async () => {
    const h = harness();
    h.host.handle({ type: 'validate', requestId: 1, text: wired, format: 'toml', overrides: [['seed', '2']], knobOptions: false });
    h.host.handle({ type: 'validate', requestId: 2, text: wired, format: 'toml', overrides: [['seed', '2']], knobOptions: false });
    await h.settle();
    const [a, b] = h.posted;
    expect(a?.type).toBe('validated');
    expect(b?.type).toBe('validated');
    if (a?.type !== 'validated' || b?.type !== 'validated') return;
    expect(b.resolution).toEqual(a.resolution);
    const once = h.calls.validate;

    // The engine was asked once: ask a fresh host the first question alone.
    const single = harness();
    single.host.handle({ type: 'validate', requestId: 1, text: wired, format: 'toml', overrides: [['seed', '2']], knobOptions: false });
    await single.settle();
    expect(once).toBe(single.calls.validate);
  });

  it('does not keep the validation of a multi-megabyte scenario (asks the engine again)', async () => {
    const big = `${wired}\n# ${'x'.repeat(300 * 1024)}\n`;
    const h = harness();
    const ask = (requestId: number) => h.host.handle({ type: 'validate', requestId, text: big, format: 'toml', overrides: [['seed', '2']], knobOptions: false });
    ask(1);
    await h.settle();
    const once = h.calls.validate;
    ask(2);
    await h.settle();
    expect(h.calls.validate).toBe(2 * once);
    expect(h.posted.map((m) => m.type)).toEqual(['validated', 'validated']);
  });
});
