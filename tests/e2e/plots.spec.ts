import { expect, test } from '@playwright/test';
import { AppPage } from './pages/app';
import { PlotsPanel } from './pages/plots';
import { keep, LOSSY } from './support';

test('draws the time-sequence, throughput, one-way delay and queue plots', async ({ page }, testInfo) => {
  const app = new AppPage(page);
  const plots = new PlotsPanel(page);
  await app.open(LOSSY);
  await app.waitForRun();
  await plots.waitDrawn();
  for (const id of ['tseq', 'tput', 'owd', 'queue']) {
    const plot = plots.plot(id);
    await expect(plot).toHaveAttribute('data-complete', 'true');
    expect(await plots.points(plot), id).toBeGreaterThan(0);
  }
  const tseq = plots.plot('tseq');
  // tcptrace's vocabulary: segments, ACK line, receive window, retransmissions, losses.
  for (const label of ['segments', 'ACK', 'receive window', 'retransmissions', 'lost']) {
    await expect(tseq.locator('.legend')).toContainText(label);
  }
  await expect(plots.plot('tput').locator('.legend')).toContainText('goodput');
  await expect(plots.plot('tput')).toContainText('kbit/s');
  await keep(testInfo, 'tseq', await tseq.screenshot());
  await keep(testInfo, 'plots', await plots.screenshot());
});

test('zoom and pan are shared by every plot, kept in the URL and reset by a double-click', async ({ page }, testInfo) => {
  const app = new AppPage(page);
  const plots = new PlotsPanel(page);
  await app.open(LOSSY);
  await app.waitForRun();
  await plots.waitDrawn();
  expect(await plots.view(plots.cwnd)).toEqual([0, 20000]);

  await plots.wheel(plots.plot('tseq'), 0.25, -600);
  await expect.poll(async () => (await plots.view(plots.cwnd))[1]).toBeLessThan(20000);
  const zoomed = await plots.view(plots.cwnd);
  expect(zoomed[0]).toBeGreaterThanOrEqual(0);
  // Every plot shows the same range.
  for (const fig of await plots.all().all()) expect(await plots.view(fig)).toEqual(zoomed);
  await expect.poll(() => app.params().get('zoom')).toMatch(/^\d+(\.\d+)?,\d+(\.\d+)?$/);
  await keep(testInfo, 'zoomed', await plots.screenshot());

  await plots.shiftDrag(plots.rtt, 0.6, 0.3);
  await expect.poll(async () => (await plots.view(plots.cwnd))[0]).toBeGreaterThan(zoomed[0]);
  const panned = await plots.view(plots.cwnd);
  expect(panned[1] - panned[0]).toBeCloseTo(zoomed[1] - zoomed[0], -1);

  // The URL reproduces the zoom (written a moment after the last move).
  await expect.poll(() => Math.abs(Number(app.params().get('zoom')?.split(',')[0]) - panned[0])).toBeLessThanOrEqual(1);
  await page.reload();
  await app.waitForRun();
  await plots.waitDrawn();
  const again = await plots.view(plots.cwnd);
  expect(Math.abs(again[0] - panned[0])).toBeLessThanOrEqual(1);
  expect(Math.abs(again[1] - panned[1])).toBeLessThanOrEqual(1);

  await plots.cwnd.locator('.plot-hit').dblclick();
  await expect.poll(() => plots.view(plots.cwnd)).toEqual([0, 20000]);
  await expect.poll(() => app.params().get('zoom')).toBeNull();
});

test('plot visibility is chosen in the panel and kept in the URL', async ({ page }) => {
  const app = new AppPage(page);
  const plots = new PlotsPanel(page);
  await app.open(LOSSY);
  await app.waitForRun();
  await plots.waitDrawn();
  await expect(plots.plot('owd')).toBeVisible();
  await plots.setVisible('One-way delay', false);
  await expect(plots.plot('owd')).toHaveCount(0);
  await expect.poll(() => app.params().get('plots')).toBe('cwnd,rtt,tseq,tput,queue');
  await page.reload();
  await app.waitForRun();
  await expect(plots.plot('tseq')).toBeVisible();
  await expect(plots.plot('owd')).toHaveCount(0);
  // A plot list from a link is honoured as given.
  await app.open('/?s=seed000/wired&seed=1&plots=tseq,cwnd');
  await app.waitForRun();
  await expect(plots.all()).toHaveCount(2);
  await expect(plots.all().first()).toHaveAttribute('data-testid', 'plot-tseq');
});

test('a switch shown from the run cache draws every plot by the next frame, a plot it adds included', async ({ page }) => {
  const app = new AppPage(page);
  const plots = new PlotsPanel(page);
  await app.open('?s=seed000/satellite-asymmetric');
  await app.waitForRun();
  await plots.waitDrawn();
  const snoop = page.locator('[data-testid="mechanisms"] [data-knob="middleboxes.snoop.enabled"] button[role="switch"]');
  // On and off once: both runs are then in the run cache.
  for (const state of ['true', 'false']) {
    const before = await app.runId();
    await snoop.click();
    await expect(snoop).toHaveAttribute('aria-checked', state);
    await app.waitForRun(before);
    await plots.waitDrawn();
  }
  // Counted in frames, not milliseconds: the snoop cache plot appears with the run and is drawn in the first frame.
  const frames = await page.evaluate(async () => {
    const app = document.querySelector<HTMLElement>('.app');
    const before = app?.dataset.runId;
    document.querySelector<HTMLElement>('[data-knob="middleboxes.snoop.enabled"] button[role="switch"]')?.click();
    for (let frame = 1; frame <= 10; frame++) {
      await new Promise((r) => requestAnimationFrame(r));
      const figures = [...document.querySelectorAll<HTMLElement>('figure.plot')];
      const drawn = figures.length > 0 && figures.every((f) => f.dataset.complete === 'true');
      if (app?.dataset.runId !== before && drawn && document.querySelector('[data-testid="plot-snoop"]')) return { frame, runId: Number(app?.dataset.runId) };
    }
    return null;
  });
  // A run id below zero: shown from the cache.
  expect(frames?.runId).toBeLessThan(0);
  expect(frames?.frame).toBe(1);
});
