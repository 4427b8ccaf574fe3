#!/usr/bin/env node
// UI benchmarks of the built app (not timed tests: figures for the report).
//
//   node scripts/bench-ui.mjs [--runs N] [--out FILE]
//
// Serves dist/ (build it first: npx vite build --config web/vite.config.ts)
// with `vite preview`, drives Chromium with Playwright and measures, in the page:
//   1. knob change -> every plot redrawn with the new run, on a 60-s seed scenario;
//   2. animation frames per second with about 5,000 packets in view;
//   3. plot zoom/pan frame time with 10^6 points in a plot;
//   4. mechanism switch -> every plot redrawn: every mechanism control (the
//      mechanism bar's switches and the settings' TCP variant, SACK, ECN, ACK
//      priority, Snoop, window scale, initial window, delayed ACK, ...) of every
//      seed scenario (scenarios/seedNNN/), on then off, RUNS times;
//   5. cold load -> first animated frame (and first contentful paint of the
//      shell, the app's marks on the way, and in one more traced load the
//      CPU time up to that frame: the page's main thread, and all threads by
//      kind), every shipped scenario, in a fresh browser context each time;
//   5b. the same for a bare page that only loads the engine, runs one slice
//      and draws a frame: the floor under 5 on this machine (`floor`);
//   6. frames per second of bench/perf-1 playing at 4x on a 1280x720 page;
//   7. bytes per trace record of the page's trace store.
//
//   --only toggles|first-frame|floor|fps|memory|classic   runs just that part
//   (classic: 1 to 3 and the original four switches).
//   --scenario ID    limits 4 and 5 to scenarios whose id contains ID.
//   --think MS       waits MS before the first switch of each control (a user
//                    looking at the run first; default 0).
//   --dist DIR       serves that build instead of dist/ (another build, for a
//                    before/after comparison run alternately on a busy machine).
//
// A table of medians is printed after the JSON.

import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const RUNS = Number(arg('--runs', '7'));
const OUT = arg('--out', null);
const PORT = Number(process.env.ACKSCOPE_BENCH_PORT ?? process.env.ACKSCOPE_TEST_PORT ?? 4391);
const BASE = `http://localhost:${PORT}/`;
const DIST = arg('--dist', `${repo}dist`);
const THINK_MS = Number(arg('--think', '0'));

if (!existsSync(`${DIST}/index.html`)) {
  console.error('dist/ is missing: build the app first (npx vite build --config web/vite.config.ts).');
  process.exit(2);
}

function chromiumPath() {
  const env = process.env.ACKSCOPE_CHROMIUM;
  if (env && existsSync(env)) return env;
  try {
    if (existsSync(chromium.executablePath())) return undefined;
  } catch {
    /* no bundled browser */
  }
  return ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find(existsSync);
}

async function startServer(dir = DIST, port = PORT) {
  const base = `http://localhost:${port}/`;
  const server = spawn('npx', ['vite', 'preview', '--config', 'web/vite.config.ts', '--outDir', dir, '--port', String(port), '--strictPort'], {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: npx starts vite as a child, and both must stop at the end.
    detached: true,
  });
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(base)).ok) return server;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  stopServer(server);
  throw new Error('vite preview did not start');
}

function stopServer(server) {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    server.kill();
  }
}

const ONLY = arg('--only', null);
const SCENARIO_FILTER = arg('--scenario', null);

/** Scenario ids under scenarios/ (sweeps and lessons are not scenarios), optionally only those under `folderPattern`. */
function scenarioIds(folderPattern = /./) {
  const root = `${repo}scenarios/`;
  const ids = [];
  for (const folder of readdirSync(root, { withFileTypes: true })) {
    if (!folder.isDirectory() || !folderPattern.test(folder.name)) continue;
    for (const f of readdirSync(`${root}${folder.name}`)) {
      if (!f.endsWith('.toml') || f.endsWith('.sweep.toml') || f.endsWith('.lesson.toml')) continue;
      ids.push(`${folder.name}/${f.replace(/\.toml$/, '')}`);
    }
  }
  return ids.sort().filter((id) => !SCENARIO_FILTER || id.includes(SCENARIO_FILTER));
}

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { n: s.length, median: q(0.5), p90: q(0.9), min: s[0], max: s[s.length - 1] };
};
const round = (o) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v === 'number' ? Math.round(v * 10) / 10 : v]));

async function waitForRun(page) {
  await page.waitForSelector('.app[data-run-state="done"]', { timeout: 120_000 });
}

/** 1. Knob change to updated plots: the time from choosing a TCP variant to every visible plot drawn with the new run. */
async function knobToPlots(page, query, label) {
  await page.goto(`${BASE}${query}`);
  await waitForRun(page);
  await page.waitForFunction(() => [...document.querySelectorAll('figure.plot')].every((f) => f.dataset.complete === 'true'));
  const select = page.getByTestId('knobs-panel').getByLabel('TCP variant', { exact: true });
  const options = await select.locator('option').allTextContents();
  const samples = [];
  const engine = [];
  for (let i = 0; i < RUNS; i++) {
    const value = String(options.indexOf(i % 2 === 0 ? 'tahoe' : 'reno'));
    const r = await page.evaluate(async (v) => {
      const app = document.querySelector('.app');
      const before = app.dataset.runId;
      const sel = document.querySelector('[data-knob="flows.ftp.tcp.variant"] select');
      const t0 = performance.now();
      sel.value = v;
      sel.dispatchEvent(new Event('change', { bubbles: true }));
      // Done: a new run finished and every plot says it has drawn its final picture.
      for (;;) {
        await new Promise((r) => requestAnimationFrame(r));
        const plots = [...document.querySelectorAll('figure.plot')];
        if (app.dataset.runId !== before && app.dataset.runState === 'done' && plots.length > 0 && plots.every((f) => f.dataset.complete === 'true')) break;
      }
      const ms = performance.now() - t0;
      const status = document.querySelector('[data-testid="run-status"]')?.textContent ?? '';
      const engineMs = Number(/in (\d+) ms/.exec(status)?.[1] ?? NaN);
      return { ms, engineMs };
    }, value);
    samples.push(r.ms);
    engine.push(r.engineMs);
  }
  const events = (await page.getByTestId('run-status').textContent())?.match(/([\d,]+) events/)?.[1] ?? '?';
  const records = await page.getByTestId('event-count').textContent();
  return { scenario: label, knob: 'TCP variant tahoe <-> reno', engineEvents: events, traceRecords: records, endToEndMs: round(stats(samples)), engineRunMs: round(stats(engine)) };
}

/**
 * Frames per second of the playing animation, counted by requestAnimationFrame over `seconds`.
 * Also: frames longer than two vsyncs, and what the page's long animation
 * frames (over 50 ms, Chromium's Long Animation Frames API) spent in script and
 * in style and layout: a long frame with neither was held back outside the
 * page's main thread (the compositor, or a CPU shared with other jobs).
 */
async function measureFps(page, seconds) {
  return page.evaluate(async (secs) => {
    const frames = [];
    const loaf = [];
    const observer = typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('long-animation-frame') ? new PerformanceObserver((l) => loaf.push(...l.getEntries())) : null;
    observer?.observe({ type: 'long-animation-frame' });
    const end = performance.now() + secs * 1000;
    let last = performance.now();
    while (performance.now() < end) {
      await new Promise((r) => requestAnimationFrame(r));
      const now = performance.now();
      frames.push(now - last);
      last = now;
    }
    observer?.disconnect();
    const over = frames.filter((f) => f > 33.4).length;
    frames.sort((a, b) => a - b);
    const sum = (xs) => xs.reduce((a, b) => a + b, 0);
    const longFrames = observer
      ? {
          count: loaf.length,
          ms: sum(loaf.map((e) => e.duration)),
          scriptMs: sum(loaf.flatMap((e) => e.scripts.map((x) => x.duration))),
          styleAndLayoutMs: sum(loaf.map((e) => (e.styleAndLayoutStart > 0 ? e.startTime + e.duration - e.styleAndLayoutStart : 0))),
          // The scripts in them, by what ran them, longest first.
          scripts: Object.entries(
            loaf.flatMap((e) => e.scripts).reduce((by, x) => ({ ...by, [`${x.invoker} ${x.sourceFunctionName}`.trim()]: (by[`${x.invoker} ${x.sourceFunctionName}`.trim()] ?? 0) + x.duration }), {}),
          )
            .sort((a, b) => b[1] - a[1])
            .slice(0, 8)
            .map(([what, ms]) => ({ what, ms: Math.round(ms) })),
        }
      : null;
    return { fps: frames.length / secs, medianFrameMs: frames[Math.floor(frames.length / 2)], p95FrameMs: frames[Math.floor(frames.length * 0.95)], worstFrameMs: frames[frames.length - 1], framesOverTwoVsyncs: over, longFrames };
  }, seconds);
}

/** 2. Animation with about 5,000 packets in view. */
async function animation(page) {
  const out = [];
  const cases = [
    {
      name: 'one 100 Mbit/s path, 200 ms, 5 MB window (both lanes drawn as densities)',
      url: '?s=bench/bulk-10mbps&set=duration=8s&set=links.path.rate=100Mbps&set=links.path.delay=200ms&set=flows.bulk.tcp.rwnd=5MB&set=links.path.queue.limit=6000pkt&t=6000&speed=0.01',
    },
    {
      name: 'dumbbell of 10 Reno flows (bench/perf-1, 300 ms bottleneck, 600 KB windows): access lanes packet by packet, bottleneck as densities',
      url: '?s=bench/perf-1&set=duration=12s&set=links.bottleneck.delay=300ms&set=links.bottleneck.queue.limit=3000pkt&set=flows.f0.tcp.rwnd=600KB&set=flows.f1.tcp.rwnd=600KB&set=flows.f2.tcp.rwnd=600KB&set=flows.f3.tcp.rwnd=600KB&set=flows.f4.tcp.rwnd=600KB&set=flows.f5.tcp.rwnd=600KB&set=flows.f6.tcp.rwnd=600KB&set=flows.f7.tcp.rwnd=600KB&set=flows.f8.tcp.rwnd=600KB&set=flows.f9.tcp.rwnd=600KB&t=11000&speed=0.01',
    },
  ];
  for (const c of cases) {
    await page.goto(`${BASE}${c.url}`);
    await waitForRun(page);
    const canvas = page.getByTestId('animation');
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="animation"]')?.dataset.packets ?? 0) > 0);
    await canvas.scrollIntoViewIfNeeded();
    await page.getByTestId('play').click();
    await page.waitForSelector('[aria-label="Playback"][data-playing="true"]');
    const m = await measureFps(page, 5);
    const packets = Number(await canvas.getAttribute('data-packets'));
    const dense = Number(await canvas.getAttribute('data-aggregated'));
    await page.getByTestId('play').click();
    out.push({ case: c.name, packetsInView: packets, aggregatedLanes: dense, ...round(m) });
  }
  return out;
}

/** 3. Zoom and pan with 10^6 points in a plot. */
async function panZoom(page) {
  // 100 Mbit/s for 100 s with timestamps: an RTT sample and a cwnd step per ACK.
  await page.goto(`${BASE}?s=bench/bulk-10mbps&set=duration=100s&set=links.path.rate=100Mbps&set=flows.bulk.tcp.timestamps=true&plots=cwnd,rtt,tseq,tput`);
  await waitForRun(page);
  await page.waitForFunction(() => [...document.querySelectorAll('figure.plot')].every((f) => f.dataset.complete === 'true'), null, { timeout: 120_000 });
  const points = await page.evaluate(() => Object.fromEntries([...document.querySelectorAll('figure.plot')].map((f) => [f.dataset.testid, Number(f.dataset.points)])));
  const steps = async (kind) =>
    page.evaluate(
      async ({ kind, runs }) => {
        const hit = document.querySelector('[data-testid="plot-rtt"] .plot-hit');
        const figs = [...document.querySelectorAll('figure.plot')];
        const box = hit.getBoundingClientRect();
        const latency = [];
        const draw = [];
        for (let i = 0; i < runs; i++) {
          const before = figs.map((f) => f.dataset.view);
          const t0 = performance.now();
          if (kind === 'zoom') {
            hit.dispatchEvent(new WheelEvent('wheel', { deltaY: i % 2 === 0 ? -120 : 120, clientX: box.left + box.width * 0.4, clientY: box.top + 20, bubbles: true, cancelable: true }));
          } else {
            const x = box.left + box.width * (0.6 - (i % 2) * 0.2);
            hit.dispatchEvent(new PointerEvent('pointerdown', { pointerId: 7, clientX: x, clientY: box.top + 20, shiftKey: true, bubbles: true }));
            hit.dispatchEvent(new PointerEvent('pointermove', { pointerId: 7, clientX: x - 40, clientY: box.top + 20, shiftKey: true, bubbles: true }));
            hit.dispatchEvent(new PointerEvent('pointerup', { pointerId: 7, clientX: x - 40, clientY: box.top + 20, bubbles: true }));
          }
          // Until every plot shows the new range (the frame that displays it).
          for (;;) {
            await new Promise((r) => requestAnimationFrame(r));
            if (figs.every((f, k) => f.dataset.view !== before[k])) break;
            if (performance.now() - t0 > 5000) break;
          }
          latency.push(performance.now() - t0);
          draw.push(figs.reduce((s, f) => s + Number(f.dataset.drawMs ?? 0), 0));
        }
        return { latency, draw };
      },
      { kind, runs: Math.max(RUNS * 3, 20) },
    );
  const zoom = await steps('zoom');
  // Zoom in so that panning has room.
  await page.evaluate(() => {
    const hit = document.querySelector('[data-testid="plot-rtt"] .plot-hit');
    const box = hit.getBoundingClientRect();
    for (let i = 0; i < 3; i++) hit.dispatchEvent(new WheelEvent('wheel', { deltaY: -120, clientX: box.left + box.width * 0.5, clientY: box.top + 20, bubbles: true, cancelable: true }));
  });
  await page.waitForTimeout(300);
  const hit = page.getByTestId('plot-rtt').locator('.plot-hit');
  await hit.scrollIntoViewIfNeeded();
  const box = await hit.boundingBox();
  const y = box.y + 30;
  let x = box.x + box.width * 0.8;
  await page.mouse.move(x, y);
  await page.keyboard.down('Shift');
  await page.mouse.down();
  // Pan with a real shift-drag: the page times each pointer move (button held) to the frame showing it.
  await page.evaluate(() => {
    const figs = [...document.querySelectorAll('figure.plot')];
    const log = (window.__pan = { latency: [], draw: [] });
    window.addEventListener(
      'pointermove',
      (e) => {
        if (e.buttons === 0) return;
        const t0 = performance.now();
        const before = figs.map((f) => f.dataset.view);
        const wait = () =>
          requestAnimationFrame(() => {
            if (figs.every((f, k) => f.dataset.view !== before[k]) || performance.now() - t0 > 5000) {
              log.latency.push(performance.now() - t0);
              log.draw.push(figs.reduce((s, f) => s + Number(f.dataset.drawMs ?? 0), 0));
            } else wait();
          });
        wait();
      },
      { capture: true },
    );
  });
  const moves = Math.max(RUNS * 3, 20);
  for (let i = 0; i < moves; i++) {
    x -= 12;
    await page.mouse.move(x, y);
    await page.waitForFunction((n) => window.__pan.latency.length >= n, i + 1);
  }
  await page.mouse.up();
  await page.keyboard.up('Shift');
  const pan = await page.evaluate(() => window.__pan);
  return {
    run: 'bench/bulk-10mbps at 100 Mbit/s for 100 s, timestamps on',
    pointsPerPlot: points,
    zoom: { frameMs: round(stats(zoom.latency)), canvasDrawMsAllPlots: round(stats(zoom.draw)) },
    pan: { frameMs: round(stats(pan.latency)), canvasDrawMsAllPlots: round(stats(pan.draw)) },
  };
}

/** 4. Mechanism switch to updated plots: a click on a switch of the mechanism bar until every plot shows the new run. */
async function toggleToPlots(page, query, label) {
  await page.goto(`${BASE}${query}`);
  await waitForRun(page);
  await page.waitForFunction(() => [...document.querySelectorAll('figure.plot')].every((f) => f.dataset.complete === 'true'));
  const samples = [];
  for (let i = 0; i < RUNS; i++) {
    const ms = await page.evaluate(async (name) => {
      const app = document.querySelector('.app');
      const before = app.dataset.runId;
      const button = document.querySelector(`[data-testid="mechanism-${name}"]`);
      const t0 = performance.now();
      button.click();
      for (;;) {
        await new Promise((r) => requestAnimationFrame(r));
        const plots = [...document.querySelectorAll('figure.plot')];
        if (app.dataset.runId !== before && app.dataset.runState === 'done' && plots.length > 0 && plots.every((f) => f.dataset.complete === 'true')) break;
      }
      return performance.now() - t0;
    }, label);
    samples.push(ms);
  }
  return { scenario: query, mechanism: label, endToEndMs: round(stats(samples)) };
}

/** Knobs that switch a mechanism (not a rate, delay, BER or window size). */
const MECHANISM = /variant|sack|ecn|snoop|ack.?prio|priority|filter|delayed_ack|delayed ack|window_scal|window scale|initial_window|initial window|timestamps|proxy|split|m-?tcp|freeze|fast.?increase|queue|aqm|red\b|codel|pie|arq|recovery/i;
const NOT_MECHANISM = /rate|delay\b|ber\b|bit error|rwnd|receive window|limit|size|duration|seed/i;

/** Every mechanism control of a scenario: data-knob values, mechanism bar first. */
async function mechanismKnobs(page) {
  return page.evaluate(
    ({ mech, not }) => {
      const out = [];
      const seen = new Set();
      const all = [...document.querySelectorAll('[data-testid="mechanisms"] [data-knob]'), ...document.querySelectorAll('[data-testid="knobs-panel"] [data-knob]')];
      for (const el of all) {
        const key = el.dataset.knob;
        if (seen.has(key) || key === 'seed') continue;
        seen.add(key);
        const prominent = el.closest('[data-testid="mechanisms"]') !== null;
        const label = (el.querySelector('.mechanism-label, .knob-label, label, .switch-text')?.textContent ?? key).trim();
        const text = `${key} ${label}`;
        const controls = el.querySelector('button[role="switch"]') || el.querySelector('select') || el.querySelectorAll('input[type="radio"]').length > 1;
        if (!controls) continue;
        if (prominent || (new RegExp(mech, 'i').test(text) && !new RegExp(not, 'i').test(key.replace(/^preset:/, '')))) out.push({ knob: key, label: key.replace(/^preset:/, ''), prominent });
      }
      return out;
    },
    { mech: MECHANISM.source, not: NOT_MECHANISM.source },
  );
}

/** Flips one control between its current choice and another, RUNS times; each click until every plot shows the new run. */
async function flipToPlots(page, knob) {
  return page.evaluate(
    async ({ knob, runs, thinkMs }) => {
      // A user looks at a run before switching: the time the page has to compute the runs one click away.
      if (thinkMs > 0) await new Promise((r) => setTimeout(r, thinkMs));
      const find = () =>
        document.querySelector(`[data-testid="mechanisms"] [data-knob="${CSS.escape(knob)}"]`) ??
        document.querySelector(`[data-testid="knobs-panel"] [data-knob="${CSS.escape(knob)}"]`);
      const app = document.querySelector('.app');
      const first = find();
      const select = first?.querySelector('select');
      const radios = first ? [...first.querySelectorAll('input[type="radio"]')] : [];
      const home = select ? select.selectedIndex : radios.findIndex((r) => r.checked);
      const optionCount = select ? select.options.length : radios.length;
      const other = (() => {
        for (let k = 1; k < optionCount; k++) {
          const i = (home + k) % optionCount;
          if (select && select.options[i]?.value !== 'custom' && !select.options[i]?.disabled) return i;
          if (!select && radios[i] && !radios[i].disabled) return i;
        }
        return -1;
      })();
      const samples = [];
      // Clicks shown from the run cache (a run id below zero) rather than run by the engine.
      let fromCache = 0;
      for (let n = 0; n < runs; n++) {
        const el = find();
        const before = app.dataset.runId;
        const t0 = performance.now();
        const sw = el?.querySelector('button[role="switch"]');
        if (sw) sw.click();
        else if (el?.querySelector('select')) {
          const s = el.querySelector('select');
          s.selectedIndex = n % 2 === 0 ? other : Math.max(0, home);
          s.dispatchEvent(new Event('change', { bubbles: true }));
        } else {
          const r = [...el.querySelectorAll('input[type="radio"]')][n % 2 === 0 ? other : Math.max(0, home)];
          if (!r) return { error: 'no other choice' };
          r.click();
        }
        for (;;) {
          await new Promise((r) => requestAnimationFrame(r));
          const plots = [...document.querySelectorAll('figure.plot')];
          if (app.dataset.runId !== before && app.dataset.runState === 'done' && plots.length > 0 && plots.every((f) => f.dataset.complete === 'true')) break;
          if (performance.now() - t0 > 60_000) return { error: 'timeout' };
        }
        samples.push(performance.now() - t0);
        if (Number(app.dataset.runId) < 0) fromCache += 1;
        // Let trailing work (URL writes, idle prefetches) settle like a user's pause between clicks.
        await new Promise((r) => setTimeout(r, 150));
      }
      return { samples, fromCache };
    },
    { knob, runs: RUNS, thinkMs: THINK_MS },
  );
}

/** 4. Every mechanism control of every seed scenario. */
async function allToggles(page) {
  const out = [];
  for (const id of scenarioIds(/^seed\d+$/)) {
    await page.goto(`${BASE}?s=${id}`);
    await waitForRun(page);
    await page.waitForFunction(() => [...document.querySelectorAll('figure.plot')].every((f) => f.dataset.complete === 'true'));
    await page.waitForTimeout(300);
    for (const k of await mechanismKnobs(page)) {
      const r = await flipToPlots(page, k.knob);
      if (r.error) {
        out.push({ scenario: id, mechanism: k.label, error: r.error });
        continue;
      }
      out.push({ scenario: id, mechanism: k.label, firstMs: Math.round(r.samples[0]), endToEndMs: round(stats(r.samples)), fromCache: `${r.fromCache}/${r.samples.length}` });
      console.error(`toggle ${id} ${k.label}: first ${Math.round(r.samples[0])} ms, median ${Math.round(stats(r.samples).median)} ms, ${r.fromCache}/${r.samples.length} from the run cache`);
    }
  }
  return out;
}

/** The app's marks on a cold load (builds that set them), page and engine worker, in the page's time. */
const PAGE_MARKS = { boot: 'ackscope:boot', appCode: 'ackscope:app-code', runStarted: 'ackscope:run-started', firstData: 'ackscope:first-data' };
const WORKER_MARKS = { engineLoaded: 'ackscope:engine-loaded', engineFirstData: 'ackscope:engine-first-data' };

/** Waits in the page for its first animated frame and first contentful paint; their times and the page's marks. */
async function coldLoadTimes(page) {
  // Observed from the page itself: a polling waitForFunction would first run
  // Playwright's injected script (about 100 ms of main-thread work on a busy
  // machine) in the middle of the load being timed.
  const v = await page.evaluate(
    ({ marks, timeoutMs }) =>
      new Promise((resolve, reject) => {
        const at = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
        const check = () => {
          const frame = at('ackscope:first-frame');
          // Paint timing is reported after the frame is presented: wait for both.
          const paint = at('first-contentful-paint');
          if (frame === null || paint === null) return false;
          resolve({ frame, paint, origin: performance.timeOrigin, ...Object.fromEntries(Object.entries(marks).map(([k, name]) => [k, at(name)])) });
          return true;
        };
        if (check()) return;
        const observer = new PerformanceObserver(() => {
          if (check()) observer.disconnect();
        });
        observer.observe({ entryTypes: ['mark', 'paint'] });
        setTimeout(() => reject(new Error('no first animated frame')), timeoutMs);
      }),
    { marks: PAGE_MARKS, timeoutMs: 60_000 },
  );
  for (const worker of page.workers()) {
    const w = await worker
      .evaluate((names) => (self.name === 'ackscope-engine' ? { origin: performance.timeOrigin, at: names.map((n) => performance.getEntriesByName(n)[0]?.startTime ?? null) } : null), Object.values(WORKER_MARKS))
      .catch(() => null);
    if (!w || w.at.every((t) => t === null)) continue;
    Object.keys(WORKER_MARKS).forEach((k, i) => {
      if (w.at[i] !== null) v[k] ??= w.at[i] + w.origin - v.origin;
    });
  }
  return v;
}

/**
 * CPU time (the trace's thread time of top-level tasks) from navigation to the
 * first animated frame, in one more cold load, traced: the page's main thread,
 * and every thread of the browser by kind (the engine worker, the renderer's
 * pool threads that parse scripts and compile wasm, the service worker, the
 * browser process, the GPU process). On a busy machine the wall-clock figures
 * are mostly time threads waited for a core; these are the work done.
 */
async function coldLoadCpu(browser, url, sameOrigin = `${BASE}manifest.webmanifest`) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  // A page of the same origin first: the renderer (and the trace's thread) stays for the load.
  await page.goto(sameOrigin);
  const cdp = await context.newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  await cdp.send('Tracing.start', { categories: 'disabled-by-default-devtools.timeline,blink.user_timing,toplevel,__metadata', transferMode: 'ReportEvents' });
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  const { frame } = await coldLoadTimes(page);
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.end');
  await done;
  await context.close();
  const mark = events.find((e) => e.name === 'ackscope:first-frame');
  if (!mark) return null;
  const from = mark.ts - frame * 1000;
  const threads = new Map();
  const processes = new Map();
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args.name);
    if (e.ph === 'M' && e.name === 'process_name') processes.set(e.pid, e.args.name);
  }
  const kind = (pid, tid) => {
    if (pid === mark.pid && tid === mark.tid) return 'main';
    const t = threads.get(`${pid}:${tid}`) ?? '';
    const p = processes.get(pid) ?? '';
    if (p === 'Renderer') return t.startsWith('DedicatedWorker') ? 'workers' : t.startsWith('ServiceWorker') ? 'serviceWorker' : t.startsWith('ThreadPool') ? 'rendererPool' : 'rendererOther';
    return p === 'Browser' ? 'browser' : 'gpuAndOther';
  };
  // Top-level tasks only: nested events are inside their task's time.
  const byThread = new Map();
  for (const e of events) {
    if (e.ph !== 'X' || e.tdur === undefined || e.ts < from || e.ts > mark.ts) continue;
    // The main thread's figure as before this breakdown: its RunTask events.
    if (e.pid === mark.pid && e.tid === mark.tid && e.name !== 'RunTask') continue;
    const k = `${e.pid}:${e.tid}`;
    if (!byThread.has(k)) byThread.set(k, []);
    byThread.get(k).push(e);
  }
  const cpu = {};
  for (const [k, list] of byThread) {
    const [pid, tid] = k.split(':').map(Number);
    list.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    let until = -1;
    let us = 0;
    for (const e of list) {
      if (e.ts < until) continue;
      us += e.tdur;
      until = e.ts + e.dur;
    }
    const g = kind(pid, tid);
    cpu[g] = (cpu[g] ?? 0) + us / 1000;
  }
  const all = Object.values(cpu).reduce((a, b) => a + b, 0);
  return { main: Math.round(cpu.main ?? 0), all: Math.round(all), byKind: Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, Math.round(v)])) };
}

/** 5. Cold load to the first animated frame, in a fresh context (no cache) per load. */
async function firstFrames(browser) {
  const out = [];
  for (const id of scenarioIds()) {
    const frame = [];
    const paint = [];
    const phases = {};
    for (let i = 0; i < Math.max(3, Math.ceil(RUNS / 2)); i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
      const page = await context.newPage();
      await page.goto(`${BASE}?s=${id}`, { waitUntil: 'domcontentloaded' });
      const v = await coldLoadTimes(page);
      frame.push(v.frame);
      paint.push(v.paint);
      for (const k of [...Object.keys(PAGE_MARKS), ...Object.keys(WORKER_MARKS)]) if (typeof v[k] === 'number') (phases[k] ??= []).push(v[k]);
      await context.close();
    }
    const cpu = await coldLoadCpu(browser, `${BASE}?s=${id}`);
    out.push({
      scenario: id,
      firstFrameMs: round(stats(frame)),
      firstPaintMs: round(stats(paint)),
      phasesMedianMs: round(Object.fromEntries(Object.entries(phases).map(([k, xs]) => [k, stats(xs).median]))),
      mainThreadCpuToFirstFrameMs: cpu?.main ?? null,
      cpuToFirstFrameMs: cpu,
    });
    console.error(`first frame ${id}: ${Math.round(stats(frame).median)} ms (paint ${Math.round(stats(paint).median)} ms)`);
  }
  return out;
}

/**
 * 5b. The floor under 5 on this machine: a bare page, served the same way, that
 * only starts a worker, loads the wasm engine in it, runs seed000/wired for one
 * 10-ms slice (as the app's first) and draws one frame with the result. No app
 * code, no React, no styles: what any page showing a first simulated frame
 * pays here for the browser, the engine and the machine.
 */
async function engineFloor(browser) {
  const dir = mkdtempSync(join(tmpdir(), 'ackscope-floor-'));
  const pkg = `${repo}web/src/engine/pkg/`;
  copyFileSync(`${pkg}ackscope_wasm.js`, join(dir, 'ackscope_wasm.js'));
  copyFileSync(`${pkg}ackscope_wasm_bg.wasm`, join(dir, 'ackscope_wasm_bg.wasm'));
  copyFileSync(`${repo}scenarios/seed000/wired.toml`, join(dir, 'scenario.toml'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html><head><meta charset="utf-8"><title>Engine alone</title>
<link rel="preload" href="ackscope_wasm_bg.wasm" as="fetch" crossorigin></head>
<body><h1>Engine alone</h1><canvas width="640" height="360"></canvas>
<script type="module">
const worker = new Worker('worker.js', { type: 'module' });
worker.onmessage = (e) => requestAnimationFrame(() => {
  document.querySelector('canvas').getContext('2d').fillText(e.data + ' events', 20, 40);
  performance.mark('ackscope:first-frame');
});
</script></body></html>
`,
  );
  writeFileSync(join(dir, 'blank.html'), '<!doctype html><title>blank</title>');
  writeFileSync(
    join(dir, 'worker.js'),
    `import init, { Engine } from './ackscope_wasm.js';
const [, text] = await Promise.all([init({ module_or_path: 'ackscope_wasm_bg.wasm' }), fetch('scenario.toml').then((r) => r.text())]);
const engine = new Engine(text, 'toml', '[]', 'full');
const end = performance.now() + 10;
while (!engine.runFor(2000) && performance.now() < end) {}
postMessage(engine.events);
`,
  );
  const port = PORT + 1;
  const server = await startServer(dir, port);
  try {
    const frame = [];
    for (let i = 0; i < Math.max(5, RUNS); i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
      const page = await context.newPage();
      await page.goto(`http://localhost:${port}/`, { waitUntil: 'domcontentloaded' });
      frame.push((await coldLoadTimes(page)).frame);
      await context.close();
    }
    const r = round(stats(frame));
    const cpu = await coldLoadCpu(browser, `http://localhost:${port}/`, `http://localhost:${port}/blank.html`);
    console.error(`first frame of the engine alone: ${Math.round(r.median)} ms`);
    return { case: 'a bare page: worker, wasm engine, seed000/wired one 10-ms slice, one frame', firstFrameMs: r, cpuToFirstFrameMs: cpu };
  } finally {
    stopServer(server);
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * 6. bench/perf-1 playing at 4x on a 1280x720 page, after its run finished:
 * as the page opens (the event list below the fold), then scrolled to the
 * event list (the list following the cursor in view, the animation above it
 * out of view).
 */
async function perf1Fps(browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  await page.goto(`${BASE}?s=bench/perf-1&speed=4`);
  await waitForRun(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const first = await playAndMeasure(page, cdp);
  // The same from the start again, the event list in view.
  await page.getByTestId('play').click();
  await page.waitForSelector('[aria-label="Playback"][data-playing="false"]');
  await page.getByTestId('events-panel').scrollIntoViewIfNeeded();
  const listed = await playAndMeasure(page, cdp, { fromStart: true });
  await context.close();
  return { case: 'bench/perf-1 at 4x, 1280x720', ...first, eventListInView: listed };
}

/** Plays (from the start when asked), waits half a second, then counts frames for 4 s and reads the renderer's CPU time. */
async function playAndMeasure(page, cdp, { fromStart = false } = {}) {
  // The second button of the playback bar goes back to the start.
  if (fromStart) await page.evaluate(() => document.querySelector('.playback button:nth-of-type(2)')?.click());
  // Scrolled away from the play button: clicked from script (a real click would scroll it back into view).
  if (fromStart) await page.evaluate(() => document.querySelector('[data-testid="play"]').click());
  else await page.getByTestId('play').click();
  await page.waitForSelector('[aria-label="Playback"][data-playing="true"]');
  await page.waitForTimeout(500);
  // Packets in view while measuring (the whole trace is kept for the first ~23 s of PERF-1).
  const seen = page.evaluate(async () => {
    let most = 0;
    const end = performance.now() + 4000;
    while (performance.now() < end) {
      await new Promise((r) => setTimeout(r, 250));
      most = Math.max(most, Number(document.querySelector('[data-testid="animation"]')?.dataset.packets ?? 0));
    }
    return most;
  });
  // The renderer's main-thread CPU time per frame (Chromium's ThreadTime): what a
  // frame costs, less at the mercy of other jobs on a busy machine than frames
  // per second are. 16.7 ms is the budget of a 60 fps frame.
  const metrics = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((x) => [x.name, x.value]));
  const before = await metrics();
  const m = await measureFps(page, 4);
  const after = await metrics();
  const frames = m.fps * 4;
  const perFrame = (k) => (1000 * (after[k] - before[k])) / Math.max(1, frames);
  const packets = await seen;
  return {
    packetsInView: packets,
    ...round(m),
    ...round({ mainThreadCpuMsPerFrame: perFrame('ThreadTime'), scriptMsPerFrame: perFrame('ScriptDuration'), layoutMsPerFrame: perFrame('LayoutDuration'), styleMsPerFrame: perFrame('RecalcStyleDuration') }),
  };
}

/** 7. Bytes the page's trace store holds per record (from its buffers, after a run). */
async function traceBytes(page) {
  const out = [];
  for (const id of ['seed000/wired', 'bench/perf-1']) {
    await page.goto(`${BASE}?s=${id}`);
    await waitForRun(page);
    const r = await page.evaluate(() => window.__ackscopeTraceBytes?.() ?? null);
    out.push({ scenario: id, ...(r ?? { error: 'the page does not expose its trace store size' }) });
  }
  return out;
}

/** Median tables of the sections run. */
function printTables(results) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  const rows = [];
  if (results.allToggles) {
    rows.push('', 'Mechanism switch -> plots redrawn (ms)', line(['scenario', 'mechanism', 'first', 'median', 'p90', 'from cache']), line(['---', '---', '---:', '---:', '---:', '---:']));
    for (const r of results.allToggles) rows.push(line([r.scenario, r.mechanism, r.error ?? r.firstMs, r.endToEndMs?.median ?? '', r.endToEndMs?.p90 ?? '', r.fromCache ?? '']));
  }
  if (results.firstFrames) {
    // The app's marks on the way: its code ran, the engine worker's first data, run A started in the page.
    const phase = (r, k) => r.phasesMedianMs[k] ?? '';
    rows.push('', 'Cold load -> first animated frame (ms, median; CPU: one traced load, the main thread and all threads)', line(['scenario', 'first frame', 'first paint', 'app code', 'engine data', 'run A started', 'main CPU', 'all CPU']), line(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:']));
    for (const r of results.firstFrames) rows.push(line([r.scenario, r.firstFrameMs.median, r.firstPaintMs.median, phase(r, 'appCode'), phase(r, 'engineFirstData'), phase(r, 'runStarted'), r.mainThreadCpuToFirstFrameMs ?? '', r.cpuToFirstFrameMs?.all ?? '']));
    const medians = results.firstFrames.map((r) => r.firstFrameMs.median);
    const cpu = results.firstFrames.flatMap((r) => (r.mainThreadCpuToFirstFrameMs === null ? [] : [r.mainThreadCpuToFirstFrameMs]));
    const all = results.firstFrames.flatMap((r) => (typeof r.cpuToFirstFrameMs?.all === 'number' ? [r.cpuToFirstFrameMs.all] : []));
    rows.push('', `First frame, median over ${medians.length} scenarios: ${Math.round(stats(medians).median)} ms; under 300 ms: ${medians.filter((m) => m < 300).length} of ${medians.length}; main-thread CPU to it, median: ${cpu.length > 0 ? Math.round(stats(cpu).median) : '-'} ms; all threads: ${all.length > 0 ? Math.round(stats(all).median) : '-'} ms`);
  }
  if (results.engineFloor) {
    const f = results.engineFloor;
    rows.push('', `The engine alone (${f.case}): first frame median ${f.firstFrameMs.median} ms; CPU to it: main thread ${f.cpuToFirstFrameMs?.main ?? '-'} ms, all threads ${f.cpuToFirstFrameMs?.all ?? '-'} ms`);
  }
  if (results.fps) {
    const f = results.fps;
    const long = (l) => (l ? `; ${l.count} frames over 50 ms, ${Math.round(l.ms)} ms in all, of it script ${Math.round(l.scriptMs)} ms and style/layout ${Math.round(l.styleAndLayoutMs)} ms` : '');
    const line = (name, r) => `${name}: ${r.fps} fps (median frame ${r.medianFrameMs} ms, p95 ${r.p95FrameMs} ms; main-thread CPU ${r.mainThreadCpuMsPerFrame} ms a frame, script ${r.scriptMsPerFrame} ms; ${r.framesOverTwoVsyncs} frames over 33 ms${long(r.longFrames)})`;
    rows.push('', line('bench/perf-1 at 4x', f));
    if (f.eventListInView) rows.push(line('the same, scrolled to the event list', f.eventListInView));
  }
  if (results.traceBytes) for (const r of results.traceBytes) rows.push(`trace store ${r.scenario}: ${r.bytesPerRecord ?? r.error} bytes per record (${r.records ?? '?'} records)`);
  console.log(rows.join('\n'));
}

async function toggles(page) {
  return [
    await toggleToPlots(page, '?s=examples/snoop', 'Snoop'),
    await toggleToPlots(page, '?s=examples/snoop', 'SACK'),
    await toggleToPlots(page, '?s=seed000/wired', 'SACK'),
    await toggleToPlots(page, '?s=examples/red-ecn', 'ECN'),
    await toggleToPlots(page, '?s=seed003/two-way', 'ACK priority'),
  ];
}

const server = await startServer();
const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu', '--disable-background-timer-throttling', '--disable-renderer-backgrounding'] });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const results = { date: new Date().toISOString(), browser: `Chromium ${browser.version()} (headless, software rendering)` };
  const want = (part) => ONLY === null || ONLY.split(',').includes(part);
  if (ONLY === 'classic' || ONLY === null) {
    results.knobToPlots = [
      await knobToPlots(page, '?s=seed000/satellite-symmetric', 'seed000/satellite-symmetric, 60 s simulated'),
      await knobToPlots(page, '?s=seed000/satellite-symmetric&set=flows.ftp.tcp.rwnd=725KB&set=links.downlink.errors.ber=0&set=links.uplink.errors.ber=0', 'seed000/satellite-symmetric with a 725 KB window and no bit errors, 60 s simulated'),
    ];
    results.animation = await animation(page);
    results.panZoom = await panZoom(page);
    results.toggles = await toggles(page);
  }
  if (want('toggles')) results.allToggles = await allToggles(page);
  if (want('first-frame')) results.firstFrames = await firstFrames(browser);
  if (want('first-frame') || want('floor')) results.engineFloor = await engineFloor(browser);
  if (want('fps')) results.fps = await perf1Fps(browser);
  if (want('memory')) results.traceBytes = await traceBytes(page);
  console.log(JSON.stringify(results, null, 2));
  printTables(results);
  if (OUT) await writeFile(OUT, `${JSON.stringify(results, null, 2)}\n`);
} finally {
  await browser.close();
  stopServer(server);
}
