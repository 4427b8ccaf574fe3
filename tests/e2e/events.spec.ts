import { expect, test } from '@playwright/test';
import { AppPage } from './pages/app';
import { EventsPanel } from './pages/events';
import { PlaybackBar } from './pages/playback';
import { keep, LOSSY } from './support';

test('clicking an event moves the cursor there and opens the packet inspector', async ({ page }, testInfo) => {
  const app = new AppPage(page);
  const events = new EventsPanel(page);
  const playback = new PlaybackBar(page);
  await app.open(LOSSY);
  await app.waitForRun();
  const all = await events.shown();
  expect(all).toBeGreaterThan(1000);

  await events.only('Queue drops');
  const drops = await events.shown();
  expect(drops).toBeGreaterThan(0);
  expect(drops).toBeLessThan(all);
  await expect(events.count).toHaveText(`${drops.toLocaleString('en-US')} events`);

  await expect(events.rows().first()).toContainText('dropped');
  const ref = await events.firstRef();
  const row = events.row(ref);
  const seconds = await events.rowSeconds(row);
  await row.click();
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await expect(events.inspector).toHaveAttribute('data-ref', ref);
  await expect(events.inspector).toContainText('dropped');
  await expect(events.inspector).toContainText('never (refused by the queue)');
  await expect(playback.time).toHaveText(`${seconds.toFixed(3)} s`);
  // The selection and the cursor are part of the URL.
  await expect.poll(() => app.params().get('pkt')).toBe(ref.slice(1));
  await expect.poll(() => Number(app.params().get('t')) / 1000).toBeCloseTo(seconds, 2);
  await keep(testInfo, 'drop-inspected', await events.panel.screenshot());
});

test('step to next event walks the filtered list, by button and by arrow key', async ({ page }, testInfo) => {
  const app = new AppPage(page);
  const events = new EventsPanel(page);
  const playback = new PlaybackBar(page);
  await app.open('/?s=seed000/wired&seed=1&set=flows.ftp.tcp.rwnd=725KB');
  await app.waitForRun();
  await events.only('TCP events');
  await expect(events.rows().first()).toContainText('Fast retransmit');
  const first = events.row(await events.firstRef());
  const firstSeconds = await events.rowSeconds(first);

  await playback.bar.getByRole('button', { name: 'Next event' }).click();
  await expect(events.inspector).toContainText('Fast retransmit');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(playback.time).toHaveText(`${firstSeconds.toFixed(3)} s`);

  const second = events.row((await events.rows().nth(1).getAttribute('data-ref')) ?? '');
  const secondSeconds = await events.rowSeconds(second);
  await page.locator('body').press('ArrowRight');
  await expect(second).toHaveAttribute('aria-selected', 'true');
  await expect(playback.time).toHaveText(`${secondSeconds.toFixed(3)} s`);
  await page.locator('body').press('ArrowLeft');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(playback.time).toHaveText(`${firstSeconds.toFixed(3)} s`);

  // Every packet again: the next step is the first packet after the event.
  await events.chip('All').click();
  await page.locator('body').press('ArrowRight');
  await expect(events.inspector).toHaveAttribute('data-ref', /^r\d+$/);
  expect(await playback.seconds()).toBeGreaterThanOrEqual(firstSeconds);
  await keep(testInfo, 'stepped', await page.screenshot());
});

test('the inspector shows a packet path and moves along it; the list follows the cursor', async ({ page }) => {
  const app = new AppPage(page);
  const events = new EventsPanel(page);
  await app.open('/?s=seed000/wired&seed=1&t=2000');
  await app.waitForRun();
  // The row at the cursor comes into view and is marked (the list renders just
  // after the animation's first frame, then follows the paused cursor).
  await expect.poll(async () => Number(await events.list.getAttribute('data-current'))).toBeGreaterThan(0);
  const current = Number(await events.list.getAttribute('data-current'));
  await expect(events.list.locator(`[data-pos="${current}"]`)).toHaveClass(/is-current/);

  await events.only('Data');
  await events.row(await events.firstRef('sender → gateway')).click();
  const hops = events.inspector.locator('.hop');
  await expect(hops).toHaveCount(2);
  await expect(hops.first()).toHaveAttribute('aria-current', 'true');
  await hops.nth(1).click();
  await expect(hops.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(events.inspector).toContainText('gateway → receiver');
  await expect(events.inspector.getByTestId('owd')).toContainText('ms');
});

test('filters events by flow', async ({ page }) => {
  const app = new AppPage(page);
  const events = new EventsPanel(page);
  await app.open('/?s=bench/perf-1&set=duration=1s');
  await app.waitForRun();
  const all = await events.shown();
  await events.selectFlow('f3');
  await expect.poll(() => events.shown()).toBeLessThan(all);
  for (const text of await events.rows().locator('.c-flow').allTextContents()) expect(['f3', '']).toContain(text);
});

test('a playing list follows the cursor with rows over all of its view on every frame', async ({ page }) => {
  const app = new AppPage(page);
  const events = new EventsPanel(page);
  const playback = new PlaybackBar(page);
  await app.open('/?s=seed000/wired&seed=1&speed=4');
  await app.waitForRun();
  await playback.play();
  // In view (a list out of view does not follow).
  await events.panel.scrollIntoViewIfNeeded();
  // Read after the app's frame callbacks (its tick asked for this frame first): what the frame paints.
  const frames = await page.evaluate(async () => {
    const el = document.querySelector<HTMLElement>('[data-testid="event-list"]');
    if (!el) return [];
    const out: { top: number; bottom: number; covered: boolean }[] = [];
    for (let n = 0; n < 90; n++) {
      await new Promise((r) => requestAnimationFrame(r));
      const top = el.scrollTop + 1;
      const bottom = el.scrollTop + el.clientHeight - 1;
      const rows = [...el.querySelectorAll<HTMLElement>('.event-row')].map((r) => ({ y: r.offsetTop, h: r.offsetHeight }));
      const covers = (y: number) => rows.some((r) => r.y <= y && y < r.y + r.h);
      out.push({ top, bottom, covered: covers(top) && covers(bottom) });
    }
    return out;
  });
  // It did follow (the list moved), and no frame showed it scrolled past its rows.
  expect(new Set(frames.map((f) => f.top)).size).toBeGreaterThan(2);
  expect(frames.filter((f) => !f.covered)).toEqual([]);
});
