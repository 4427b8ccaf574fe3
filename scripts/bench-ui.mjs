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
//   4. mechanism switch (Snoop, SACK, ECN, ACK priority) -> every plot redrawn.
//
//   --only toggles   runs just 4.

import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
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
const PORT = Number(process.env.ACKSCOPE_BENCH_PORT ?? 4391);
const BASE = `http://localhost:${PORT}/`;

if (!existsSync(`${repo}dist/index.html`)) {
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

async function startServer() {
  const server = spawn('npx', ['vite', 'preview', '--config', 'web/vite.config.ts', '--port', String(PORT), '--strictPort'], {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: npx starts vite as a child, and both must stop at the end.
    detached: true,
  });
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(BASE)).ok) return server;
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

/** Frames per second of the playing animation, counted by requestAnimationFrame over `seconds`. */
async function measureFps(page, seconds) {
  return page.evaluate(async (secs) => {
    const frames = [];
    const end = performance.now() + secs * 1000;
    let last = performance.now();
    while (performance.now() < end) {
      await new Promise((r) => requestAnimationFrame(r));
      const now = performance.now();
      frames.push(now - last);
      last = now;
    }
    frames.sort((a, b) => a - b);
    return { fps: frames.length / secs, medianFrameMs: frames[Math.floor(frames.length / 2)], p95FrameMs: frames[Math.floor(frames.length * 0.95)], worstFrameMs: frames[frames.length - 1] };
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
  if (ONLY === 'toggles') {
    const results = { date: new Date().toISOString(), browser: `Chromium ${browser.version()} (headless, software rendering)`, toggles: await toggles(page) };
    console.log(JSON.stringify(results, null, 2));
    if (OUT) await writeFile(OUT, `${JSON.stringify(results, null, 2)}\n`);
    process.exitCode = 0;
  } else {
  const results = {
    date: new Date().toISOString(),
    browser: `Chromium ${browser.version()} (headless, software rendering)`,
    knobToPlots: [
      await knobToPlots(page, '?s=seed000/satellite-symmetric', 'seed000/satellite-symmetric, 60 s simulated'),
      await knobToPlots(page, '?s=seed000/satellite-symmetric&set=flows.ftp.tcp.rwnd=725KB&set=links.downlink.errors.ber=0&set=links.uplink.errors.ber=0', 'seed000/satellite-symmetric with a 725 KB window and no bit errors, 60 s simulated'),
    ],
    animation: await animation(page),
    panZoom: await panZoom(page),
    toggles: await toggles(page),
  };
  console.log(JSON.stringify(results, null, 2));
  if (OUT) await writeFile(OUT, `${JSON.stringify(results, null, 2)}\n`);
  }
} finally {
  await browser.close();
  stopServer(server);
}
