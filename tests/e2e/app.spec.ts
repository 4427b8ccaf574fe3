import { expect, test, type TestInfo } from '@playwright/test';
import { writeFile } from 'node:fs/promises';
import { AppPage } from './pages/app';
import { KnobsPanel } from './pages/knobs';
import { NoticesArea } from './pages/notices';
import { PlaybackBar } from './pages/playback';
import { PlotsPanel } from './pages/plots';

/** Saves a screenshot under test-results/ and attaches it to the report. */
async function keep(testInfo: TestInfo, name: string, png: Buffer): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await writeFile(path, png);
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

// A run with losses, where Tahoe and Reno behave differently (without losses
// they are the same run, digest included).
const LOSSY = '/?s=seed000/wired&seed=1&set=flows.ftp.tcp.rwnd=725KB&t=5000';

test('opens a URL, runs it and draws both plots', async ({ page }, testInfo) => {
  const app = new AppPage(page);
  const plots = new PlotsPanel(page);
  const playback = new PlaybackBar(page);
  await app.open('/?s=seed000/wired&seed=1&t=5000');
  await app.waitForRun();
  await plots.waitDrawn();
  expect(await plots.points(plots.cwnd)).toBeGreaterThan(0);
  expect(await plots.points(plots.rtt)).toBeGreaterThan(0);
  // Paused at the URL's time.
  await expect(playback.time).toHaveText('5.000 s');
  await expect(playback.bar).toHaveAttribute('data-playing', 'false');
  await expect(app.scenarioButton()).toContainText('Wired baseline');
  await expect(page.getByTestId('summary')).toContainText('ftp');
  await keep(testInfo, 'page', await page.screenshot({ fullPage: true }));
  await keep(testInfo, 'plots', await plots.screenshot());
  await keep(testInfo, 'network', await playback.animation.screenshot());
});

test('changing the TCP variant updates the URL and re-runs', async ({ page }, testInfo) => {
  const app = new AppPage(page);
  const plots = new PlotsPanel(page);
  const knobs = new KnobsPanel(page);
  await app.open(LOSSY);
  await app.waitForRun();
  await plots.waitDrawn();
  const before = { digest: await app.digest(), runId: await app.runId(), png: await plots.screenshot() };
  await keep(testInfo, 'tahoe', before.png);

  await knobs.choose('TCP variant', 'reno');
  await expect.poll(() => app.params().getAll('set')).toContain('flows.ftp.tcp.variant=reno');
  await app.waitForRun(before.runId);
  await plots.waitDrawn();
  const after = await app.digest();
  expect(after).not.toBe(before.digest);
  await expect(plots.panel).toContainText('reno');
  const png = await plots.screenshot();
  expect(png.equals(before.png)).toBe(false);
  await keep(testInfo, 'reno', png);
  // Changing a knob keeps the time cursor.
  expect(app.params().get('t')).toBe('5000');
});

test('reloading a URL reproduces the same run and the same plots', async ({ page }, testInfo) => {
  const app = new AppPage(page);
  const plots = new PlotsPanel(page);
  const knobs = new KnobsPanel(page);
  await app.open(LOSSY);
  await app.waitForRun();
  const first = await app.runId();
  await knobs.choose('TCP variant', 'reno');
  await app.waitForRun(first);
  await plots.waitDrawn();
  const url = page.url();
  const digest = await app.digest();
  const png = await plots.screenshot();
  await keep(testInfo, 'before-reload', png);
  const pixels = await plots.canvasPixels();

  await page.reload();
  await app.waitForRun();
  await plots.waitDrawn();
  expect(page.url()).toBe(url);
  expect(await app.digest()).toBe(digest);
  await expect(new PlaybackBar(page).time).toHaveText('5.000 s');
  const again = await plots.screenshot();
  await keep(testInfo, 'after-reload', again);
  // The same plots, pixel for pixel, however the run's data arrived (streamed
  // in other chunks, or computed ahead in another worker and shown from the cache).
  const after = await plots.canvasPixels();
  expect(after.map((c) => c.length)).toEqual(pixels.map((c) => c.length));
  pixels.forEach((c, k) => expect(after[k]!.equals(c)).toBe(true));
  expect(again.equals(png)).toBe(true);
});

test('malformed parameters are named, and the default scenario still runs', async ({ page }, testInfo) => {
  const app = new AppPage(page);
  const notices = new NoticesArea(page);
  const plots = new PlotsPanel(page);
  await app.open('/?s=nope&seed=abc&set=broken');
  await app.waitForRun();
  await plots.waitDrawn();
  for (const param of ['s', 'seed', 'set']) await expect(notices.forParam(param)).toBeVisible();
  await expect(notices.forParam('s')).toContainText('unknown scenario "nope"');
  await expect(notices.forParam('seed')).toContainText('"abc" is not a valid seed');
  await expect(notices.forParam('set')).toContainText('"broken" has no "="');
  await expect(app.scenarioButton()).toContainText('Wired baseline');
  expect(await plots.points(plots.cwnd)).toBeGreaterThan(0);
  // The URL now says what is shown.
  expect(app.params().get('s')).toBe('seed000/wired');
  expect(app.params().get('seed')).toBe('1');
  await keep(testInfo, 'notices', await page.screenshot());

  await notices.dismiss(notices.forParam('s'));
  await expect(notices.forParam('s')).toHaveCount(0);
  await expect(notices.all()).toHaveCount(2);
});

test('a refused override shows the engine message and runs without it', async ({ page }, testInfo) => {
  const app = new AppPage(page);
  const notices = new NoticesArea(page);
  const knobs = new KnobsPanel(page);
  await app.open('/?s=seed000/wired&seed=1&set=flows.ftp.tcp.variant=rno');
  await app.waitForRun();
  // The engine's list of variants grows; it starts with Tahoe and Reno.
  const message = /flows\.ftp\.tcp\.variant: unknown value "rno" \(allowed: tahoe, reno\b[^)]*\)/;
  await expect(notices.area).toContainText(message);
  await expect(knobs.error('flows.ftp.tcp.variant')).toContainText(message);
  // The typed value is kept, shown as the knob's current (invalid) choice.
  await expect(knobs.control('TCP variant')).toHaveAttribute('aria-invalid', 'true');
  await expect(knobs.control('TCP variant').locator('option:checked')).toContainText('rno');
  await expect(page.getByTestId('summary')).toContainText('tahoe');
  await keep(testInfo, 'refused-override', await page.screenshot());

  // Choosing a valid value clears the error.
  const runId = await app.runId();
  await knobs.choose('TCP variant', 'reno');
  await app.waitForRun(runId);
  await expect(knobs.error('flows.ftp.tcp.variant')).toHaveCount(0);
  await expect(notices.area).toHaveCount(0);
});

test('play animates; pausing writes the time to the URL; plots move the cursor', async ({ page }) => {
  const app = new AppPage(page);
  const playback = new PlaybackBar(page);
  const plots = new PlotsPanel(page);
  await app.open('/?s=seed000/wired&seed=1&t=1000');
  await app.waitForRun();
  await playback.play();
  await expect(playback.bar).toHaveAttribute('data-playing', 'true');
  await expect.poll(() => playback.seconds()).toBeGreaterThan(1.0);
  await playback.pause();
  await expect(playback.bar).toHaveAttribute('data-playing', 'false');
  // The paused time goes to the URL, and the readout shows the same time.
  await expect.poll(() => Number(app.params().get('t'))).toBeGreaterThan(1000);
  await expect
    .poll(async () => Math.abs(Number(app.params().get('t')) / 1000 - (await playback.seconds())))
    .toBeLessThan(0.0006);

  // Clicking the middle of a 20 s plot puts the cursor near 10 s.
  await plots.clickAt(plots.cwnd, 0.5);
  await expect.poll(() => playback.seconds()).toBeCloseTo(10, 0);
  await expect.poll(() => Number(app.params().get('t'))).toBeCloseTo(10_000, -3);
});

test('the scenario picker switches scenario with its own defaults', async ({ page }, testInfo) => {
  const app = new AppPage(page);
  const plots = new PlotsPanel(page);
  await app.open('/?s=seed000/wired&seed=1&set=flows.ftp.tcp.variant=reno');
  await app.waitForRun();
  const runId = await app.runId();
  await app.openPicker();
  await keep(testInfo, 'picker', await page.screenshot());
  await app.chooseScenario(/^Satellite, symmetric/);
  await app.waitForRun(runId);
  await plots.waitDrawn();
  expect(app.params().get('s')).toBe('seed000/satellite-symmetric');
  expect(app.params().getAll('set')).toEqual([]);
  await expect(new PlaybackBar(page).bar).toContainText('60.000 s');
  await keep(testInfo, 'satellite', await page.screenshot({ fullPage: true }));
});
