import { afterEach, describe, expect, it, vi } from 'vitest';
import { EngineClient } from '../engine/client';
import { inProcessChannel } from '../engine/testing/in-process';
import { allScenarioFiles, until } from '../engine/testing/wasm-node';
import { Playback } from '../playback/playback';
import { AppController, type ControllerDeps, type HistoryPort } from './controller';
import { blankScenario, encodeScenario } from './customScenario';
import { RunStore } from './runStore';
import { setLanguage } from '../i18n';

function fakeHistory(initial: string) {
  const entries = [initial];
  let index = 0;
  let pop: (() => void) | null = null;
  const port: HistoryPort = {
    search: () => entries[index] ?? '',
    push: (s) => {
      entries.splice(index + 1);
      entries.push(s);
      index += 1;
    },
    replace: (s) => {
      entries[index] = s;
    },
    onPop: (l) => {
      pop = l;
      return () => (pop = null);
    },
  };
  return {
    port,
    entries,
    back() {
      index -= 1;
      pop?.();
    },
    params: () => new URLSearchParams(entries[index]),
  };
}

const disposers: (() => void)[] = [];
afterEach(() => {
  for (const d of disposers.splice(0)) d();
});

function app(search: string, extra: Partial<ControllerDeps> = {}) {
  const history = fakeHistory(search);
  const client = new EngineClient(inProcessChannel().open);
  const store = new RunStore({ notifyIntervalMs: 0 });
  let wall = 0;
  const playback = new Playback(0, 0.1, 0, { now: () => wall, requestFrame: () => 0, cancelFrame: () => undefined });
  const controller = new AppController({ client, store, playback, files: allScenarioFiles(), history: history.port, ...extra });
  disposers.push(() => {
    controller.dispose();
    client.dispose();
    playback.dispose();
  });
  const done = async (previousRun: number | null = null) => {
    await until(() => {
      const m = store.getMeta();
      return m.runId !== previousRun && (m.status === 'done' || m.status === 'error');
    });
  };
  return { history, controller, store, playback, done, advance: (ms: number) => (wall += ms) };
}

describe('AppController', () => {
  it('loads the URL, canonicalizes it and runs to the end at the URL time', async () => {
    const a = app('?t=5000&seed=1&s=seed000/wired');
    await a.controller.start();
    await a.done();
    expect(a.controller.getSnapshot().phase).toBe('ready');
    expect(a.store.getMeta().digest).toMatch(/^[0-9a-f]+$/);
    expect(a.history.entries).toEqual(['?s=seed000%2Fwired&seed=1&t=5000']);
    expect(a.playback.time()).toBe(5000);
    expect(a.playback.getSnapshot().playing).toBe(false);
    expect(a.controller.getSnapshot().notices).toEqual([]);
  });

  it('with lazy files, loads the URL\'s scenario alone first, and the rest of the catalogue once run A has data', async () => {
    // Each load with whether run A had data then.
    const loaded: [path: string, runHadData: boolean][] = [];
    let a: ReturnType<typeof app> | null = null;
    const lazy = Object.fromEntries(
      Object.entries(allScenarioFiles()).map(([path, text]) => [path, () => (loaded.push([path, (a?.store.getMeta().dataVersion ?? 0) > 0]), Promise.resolve(text))]),
    );
    a = app('?s=seed000/wired', { files: lazy });
    // The picker is told while the list holds only the URL's scenario.
    const shapes = new Set<string>();
    const controller = a.controller;
    controller.subscribe(() => shapes.add(`${controller.getSnapshot().entries.length}:${controller.getSnapshot().catalogComplete}`));
    await a.controller.start();
    await a.done();
    expect(shapes).toContain('1:false');
    expect([...shapes].filter((k) => k.endsWith(':true')).every((k) => Number(k.split(':')[0]) > 20)).toBe(true);
    expect(a.controller.getSnapshot().catalogComplete).toBe(true);
    expect(loaded[0]).toEqual(['../../../scenarios/seed000/wired.toml', false]);
    const rest = loaded.slice(1);
    expect(rest.length).toBeGreaterThan(20);
    expect(rest.every(([, hadData]) => hadData)).toBe(true);
    expect(rest.some(([p]) => p.endsWith('seed000/wired.toml'))).toBe(false);
    expect(a.controller.getSnapshot().entries.map((e) => e.file)).toContain('bench/perf-1.toml');
  });

  it('leaves the catalogue and the knobs\' checks until the first frame is drawn, run A\'s first data alone is not enough', async () => {
    // The engine hears when that frame is drawn (an early run it adopted waits for it).
    const shown = vi.spyOn(EngineClient.prototype, 'shown');
    disposers.push(() => shown.mockRestore());
    let drawn = () => {};
    const firstFrame = new Promise<void>((resolve) => (drawn = resolve));
    const a = app('?s=seed000/wired', { firstFrame: () => firstFrame });
    const started = a.controller.start();
    await a.done();
    // The run is whole, yet nothing was checked after it: the list is the URL's scenario, no knob options.
    expect(a.controller.getSnapshot().entries.map((e) => e.file)).toEqual(['seed000/wired.toml']);
    expect(a.controller.getSnapshot().catalogComplete).toBe(false);
    expect(a.controller.getSnapshot().knobOptions).toBeNull();
    expect(shown).not.toHaveBeenCalled();
    drawn();
    await started;
    expect(shown).toHaveBeenCalledTimes(1);
    await until(() => a.controller.getSnapshot().knobOptions !== null);
    expect(a.controller.getSnapshot().catalogComplete).toBe(true);
    expect(a.controller.getSnapshot().entries.length).toBeGreaterThan(20);
  });

  it('computes the runs one click away, and a first switch to one shows it from the cache (the same run the engine makes)', async () => {
    const prefetch = new EngineClient(inProcessChannel().open);
    disposers.push(() => prefetch.dispose());
    const a = app('?s=seed000/wired&seed=1', { prefetchClient: () => prefetch });
    await a.controller.start();
    await a.done();
    // Run A is done, the knobs' options known: its neighbours fill the cache.
    await until(() => a.controller.cache.size >= 4); // run A and the mechanism bar's SACK and ECN choices
    const cached = a.controller.cache.size;
    const first = a.store.getMeta();
    // The mechanism bar's SACK preset "On".
    a.controller.setOverrides([
      ['flows.ftp.tcp.variant', 'sack1'],
      ['flows.ftp.receiver.sack', 'true'],
    ]);
    await a.done(first.runId);
    // Negative ids are runs shown from the cache; no engine run was needed.
    expect(a.store.getMeta().runId).toBeLessThan(0);
    const fromCache = a.store.getMeta().digest;
    expect(a.controller.cache.size).toBeGreaterThanOrEqual(cached);
    // The engine makes the very same run.
    const b = app('?s=seed000/wired&seed=1&set=flows.ftp.receiver.sack=true&set=flows.ftp.tcp.variant=sack1');
    await b.controller.start();
    await b.done();
    expect(b.store.getMeta().runId).toBeGreaterThan(0);
    expect(b.store.getMeta().digest).toBe(fromCache);
  });

  it('names each malformed parameter, falls back and still runs the default scenario', async () => {
    const a = app('?s=nope&seed=abc&set=broken');
    await a.controller.start();
    await a.done();
    const notices = a.controller.getSnapshot().notices;
    expect(notices.map((n) => n.title)).toEqual(['URL parameter "s"', 'URL parameter "seed"', 'URL parameter "set"']);
    expect(notices[0]?.lines.join(' ')).toContain('seed000/wired');
    expect(a.store.getMeta().scenario?.id).toBe('seed000/wired');
    expect(a.store.getMeta().status).toBe('done');
    // The scenario's own seed is written back.
    expect(a.history.params().get('seed')).toBe('1');
    a.controller.dismiss(notices[0]?.key ?? '');
    expect(a.controller.getSnapshot().notices).toHaveLength(2);
  });

  it('adds an override to the URL, re-runs, and removes it when set back', async () => {
    const a = app('?s=seed000/wired&seed=1&set=flows.ftp.tcp.rwnd=725KB');
    await a.controller.start();
    await a.done();
    const first = a.store.getMeta();
    a.controller.setOverride('flows.ftp.tcp.variant', 'reno');
    await a.done(first.runId);
    expect(a.history.params().getAll('set')).toEqual(['flows.ftp.tcp.rwnd=725KB', 'flows.ftp.tcp.variant=reno']);
    expect(a.history.entries).toHaveLength(2); // pushed
    const second = a.store.getMeta();
    expect(second.summary?.flows[0]?.variant).toBe('reno');
    expect(second.digest).not.toBe(first.digest);

    a.history.back();
    await a.done(second.runId);
    expect(a.store.getMeta().digest).toBe(first.digest);
  });

  it('words its notices again after a language switch', async () => {
    const a = app('?s=seed000/wired&seed=abc&set=flows.ftp.tcp.variant=rno');
    await a.controller.start();
    await a.done();
    const titles = () => a.controller.getSnapshot().notices.map((n) => n.title);
    expect(titles()).toEqual(['URL parameter "seed"', 'Override flows.ftp.tcp.variant=rno was not applied']);
    try {
      setLanguage('ko');
      a.controller.relocalize();
      expect(titles()).toEqual(['URL 매개변수 "seed"', '변경 설정 flows.ftp.tcp.variant=rno을(를) 적용하지 않았습니다']);
      const [url, override] = a.controller.getSnapshot().notices;
      expect(url?.lines.join(' ')).toContain('"abc"은(는) 유효한 시드가 아닙니다');
      // The engine's own message stays as the engine wrote it; the app's line is translated.
      expect(override?.lines).toEqual([expect.stringMatching(/^flows\.ftp\.tcp\.variant: unknown value "rno"/), '이 설정 없이 시나리오 그대로 실행합니다.']);
    } finally {
      setLanguage('en');
    }
  });

  it('shows the engine message for a refused override and runs without it', async () => {
    const a = app('?s=seed000/wired&set=flows.ftp.tcp.variant=rno');
    await a.controller.start();
    await a.done();
    const s = a.controller.getSnapshot();
    const notice = s.notices.find((n) => n.key === 'override:flows.ftp.tcp.variant');
    // The engine's list of variants grows; it starts with Tahoe and Reno.
    expect(notice?.lines[0]).toMatch(/^flows\.ftp\.tcp\.variant: unknown value "rno" \(allowed: tahoe, reno\b[^)]*\)$/);
    expect(a.store.getMeta().summary?.flows[0]?.variant).toBe('tahoe');
    // The refused text stays in the URL (nothing the user typed is lost).
    expect(a.history.params().getAll('set')).toEqual(['flows.ftp.tcp.variant=rno']);
  });

  it('writes a paused cursor to the URL without re-running', async () => {
    const a = app('?s=seed000/wired');
    await a.controller.start();
    await a.done();
    const runId = a.store.getMeta().runId;
    const entries = a.history.entries.length;
    for (let t = 1; t <= 100; t++) a.playback.seek(1234.5 - 100 + t); // a scrub: many seeks
    expect(a.controller.getSnapshot().request.t).toBe(1234.5);
    await until(() => a.history.params().get('t') === '1234.5');
    a.playback.play();
    a.advance(1000);
    a.playback.pause();
    await until(() => a.history.params().get('t') === '1334.5');
    expect(a.store.getMeta().runId).toBe(runId);
    expect(a.history.entries.length).toBe(entries); // replaced, not pushed
  });

  it('switches scenario with fresh defaults', async () => {
    const a = app('?s=seed000/wired&set=flows.ftp.tcp.variant=reno&t=300');
    await a.controller.start();
    await a.done();
    const runId = a.store.getMeta().runId;
    a.controller.selectScenario('seed000/satellite-symmetric');
    await a.done(runId);
    expect(a.history.params().getAll('set')).toEqual([]);
    expect(a.history.params().get('s')).toBe('seed000/satellite-symmetric');
    expect(a.store.getMeta().endMs).toBe(60000);
    expect(a.playback.time()).toBe(0);
  });
});

describe('AppController view state', () => {
  it('reads view parameters into the view store and writes changes back without re-running', async () => {
    const a = app('?s=seed000/wired&seed=1&flow=ftp&plots=cwnd&pkt=12&speed=2');
    await a.controller.start();
    await a.done();
    const runId = a.store.getMeta().runId;
    expect(a.controller.view.getSnapshot()).toMatchObject({ flow: 'ftp', plots: ['cwnd'], selected: { type: 'record', index: 12 } });
    expect(a.playback.getSnapshot().speed).toBe(2);
    a.controller.view.set({ plots: ['rtt', 'cwnd'], selected: null });
    a.playback.setSpeed(5);
    await until(() => a.history.params().get('plots') === 'rtt,cwnd');
    expect(a.history.params().get('pkt')).toBeNull();
    expect(a.history.params().get('speed')).toBe('5');
    expect(a.store.getMeta().runId).toBe(runId);
  });

  it('keeps lang= through its own URL rewrites, and writes the language switch into the URL', async () => {
    const a = app('?s=seed000/wired&seed=1&lang=ko');
    await a.controller.start();
    await a.done();
    expect(a.controller.view.getSnapshot().lang).toBe('ko');
    expect(a.history.params().get('lang')).toBe('ko');
    const first = a.store.getMeta();
    a.controller.setOverride('flows.ftp.tcp.variant', 'reno');
    await a.done(first.runId);
    expect(a.history.params().get('lang')).toBe('ko');
    const runId = a.store.getMeta().runId;
    a.controller.view.set({ lang: 'en' });
    await until(() => a.history.params().get('lang') === 'en');
    expect(a.history.params().getAll('set')).toEqual(['flows.ftp.tcp.variant=reno']);
    expect(a.store.getMeta().runId).toBe(runId);
  });

  it('drops the selected packet when a knob changes (it belongs to the old run)', async () => {
    const a = app('?s=seed000/wired&seed=1&pkt=3');
    await a.controller.start();
    await a.done();
    a.controller.setOverride('flows.ftp.tcp.variant', 'reno');
    expect(a.controller.view.getSnapshot().selected).toBeNull();
    await until(() => a.history.params().get('pkt') === null);
  });
});

describe('AppController compare mode', () => {
  function compareApp(search: string) {
    const storeB = new RunStore({ notifyIntervalMs: 0 });
    const clientB = new EngineClient(inProcessChannel().open);
    disposers.push(() => clientB.dispose());
    const a = app(search, { clientB: () => clientB, storeB });
    const doneB = async (previous: number | null = null) =>
      until(() => {
        const m = storeB.getMeta();
        return m.runId !== previous && m.status === 'done';
      });
    return { ...a, storeB, doneB };
  }

  it('runs B with the same seed and B-only changes, keeping A; the URL holds the comparison', async () => {
    const c = compareApp('?s=seed000/wired&seed=1&set=flows.ftp.tcp.rwnd=725KB');
    await c.controller.start();
    await c.done();
    const digestA = c.store.getMeta().digest;
    const runA = c.store.getMeta().runId;
    c.controller.startCompare();
    expect(c.controller.view.getSnapshot().editing).toBe('B');
    await c.doneB();
    // B starts as a copy of A: the same run.
    expect(c.storeB.getMeta().digest).toBe(digestA);
    expect(c.history.params().get('cmp')).toBe('1');

    const runB = c.storeB.getMeta().runId;
    c.controller.setOverride('flows.ftp.tcp.variant', 'reno');
    await c.doneB(runB);
    expect(c.history.params().getAll('bset')).toEqual(['flows.ftp.tcp.variant=reno']);
    expect(c.history.params().getAll('set')).toEqual(['flows.ftp.tcp.rwnd=725KB']);
    expect(c.storeB.getMeta().summary?.flows[0]?.variant).toBe('reno');
    expect(c.storeB.getMeta().digest).not.toBe(digestA);
    // A was not run again.
    expect(c.store.getMeta().runId).toBe(runA);
    expect(c.controller.getSnapshot().resolutionB?.scenario?.flows[0]?.tcp?.variant).toBe('reno');

    c.controller.stopCompare();
    await until(() => c.storeB.getMeta().status === 'idle');
    expect(c.history.params().get('cmp')).toBeNull();
    expect(c.history.params().getAll('bset')).toEqual([]);
  });
});

describe('AppController custom scenario', () => {
  it('runs a scenario built in the browser and reopens it from the link', async () => {
    const a = app('?s=seed000/wired');
    await a.controller.start();
    await a.done();
    const runId = a.store.getMeta().runId;
    const scenario = { ...blankScenario(), title: '<b>My</b> scenario' };
    expect(await a.controller.runCustom(scenario)).toEqual({ ok: true });
    await a.done(runId);
    expect(a.history.params().get('s')).toBe('custom');
    const cs = a.history.params().get('cs') ?? '';
    expect(cs.length).toBeGreaterThan(10);
    expect(a.store.getMeta().scenario?.title).toBe('<b>My</b> scenario');
    const digest = a.store.getMeta().digest;

    // The link, opened afresh.
    const b = app(`?s=custom&cs=${cs}`);
    await b.controller.start();
    await b.done();
    expect(b.store.getMeta().digest).toBe(digest);
    expect(b.controller.getSnapshot().entry?.format).toBe('json');
    // Knobs and overrides work on it as on any scenario.
    b.controller.setOverride('links.bottleneck.rate', '250kbps');
    await b.done(b.store.getMeta().runId);
    expect(b.history.params().getAll('set')).toEqual(['links.bottleneck.rate=250kbps']);
    expect(b.history.params().get('cs')).toBe(cs);
  });

  it('refuses a scenario the engine refuses, and changes nothing', async () => {
    const a = app('?s=seed000/wired');
    await a.controller.start();
    await a.done();
    const bad = { ...blankScenario(), links: [{ id: 'l', a: 'sender', b: 'nowhere' }] };
    const r = await a.controller.runCustom(bad);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => e.path).join(' ')).toContain('links.l');
    expect(a.history.params().get('s')).toBe('seed000/wired');
  });

  it('names a broken cs parameter and runs the default scenario', async () => {
    const a = app('?s=custom&cs=AAAAbroken');
    await a.controller.start();
    await a.done();
    const notice = a.controller.getSnapshot().notices.find((n) => n.key === 'url:cs');
    expect(notice?.title).toBe('URL parameter "cs"');
    expect(notice?.lines[0]).toMatch(/not a compressed scenario|not text/);
    expect(a.store.getMeta().scenario?.id).toBe('seed000/wired');
    expect(a.history.params().get('s')).toBe('seed000/wired');
  });

  it('names a cs parameter whose scenario the engine refuses', async () => {
    const cs = await encodeScenario('{"version":1,"id":"x","title":"<img src=x onerror=alert(1)>","duration":"1s","nodes":[],"links":[],"flows":[],"bogus":1}');
    const a = app(`?s=custom&cs=${cs}`);
    await a.controller.start();
    await a.done();
    const notice = a.controller.getSnapshot().notices.find((n) => n.key === 'url:cs');
    expect(notice?.title).toMatch(/cannot be run/);
    expect(notice?.lines.join(' ')).toMatch(/bogus/);
    expect(a.store.getMeta().scenario?.id).toBe('seed000/wired');
  });
});
