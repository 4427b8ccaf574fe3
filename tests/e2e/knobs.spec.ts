import { expect, test } from '@playwright/test';
import { AppPage } from './pages/app';
import { KnobsPanel } from './pages/knobs';
import { MechanismBar } from './pages/mechanisms';
import { PlotsPanel } from './pages/plots';
import { PlaybackBar } from './pages/playback';
import { keep } from './support';

const WIRED = '/?s=seed000/wired&seed=1';

test('a [false, true] knob is a switch; flipping it re-runs and goes to the URL', async ({ page }) => {
  const app = new AppPage(page);
  const knobs = new KnobsPanel(page);
  await app.open(WIRED);
  await app.waitForRun();
  const runId = await app.runId();
  const sw = knobs.panel.getByRole('switch', { name: 'Delayed ACK' });
  await expect(sw).toHaveAttribute('aria-checked', 'false');
  await sw.click();
  await app.waitForRun(runId);
  await expect(sw).toHaveAttribute('aria-checked', 'true');
  expect(app.params().getAll('set')).toContain('flows.ftp.receiver.delayed_ack=true');
  // Back to the scenario's value: no override left.
  const again = await app.runId();
  await sw.click();
  await app.waitForRun(again);
  expect(app.params().getAll('set')).toEqual([]);
});

test("each link's rate, delay, BER and queue can be edited, with the allowed range named", async ({ page }, testInfo) => {
  const app = new AppPage(page);
  const knobs = new KnobsPanel(page);
  await app.open(WIRED);
  await app.waitForRun();
  const digest = await app.digest();
  await knobs.openSection('Links');
  for (const key of ['rate', 'delay', 'errors.ber', 'queue.limit']) await expect(knobs.field(`links.bottleneck.${key}`)).toBeVisible();

  let runId = await app.runId();
  await knobs.setField('links.bottleneck.rate', '250kbps');
  await app.waitForRun(runId);
  expect(app.params().getAll('set')).toContain('links.bottleneck.rate=250kbps');
  expect(await app.digest()).not.toBe(digest);
  // The scenario knob bound to the same field follows.
  await expect(knobs.control('Bottleneck rate').locator('option:checked')).toHaveText('250kbps');

  // A refused value leaves the run as it was (it is not run again), and says why.
  runId = await app.runId();
  await knobs.setField('links.bottleneck.errors.ber', '2');
  const error = knobs.field('links.bottleneck.errors.ber').locator('.knob-error');
  await expect(error).toContainText('links.bottleneck.errors.ber: 2 is out of range (allowed: 0 to less than 1)');
  await expect(knobs.field('links.bottleneck.errors.ber').locator('input')).toHaveAttribute('aria-invalid', 'true');
  // What was typed stays.
  await expect(knobs.field('links.bottleneck.errors.ber').locator('input')).toHaveValue('2');
  expect(await app.runId()).toBe(runId);
  expect(app.params().getAll('set')).toContain('links.bottleneck.errors.ber=2');

  await knobs.setField('links.bottleneck.queue.limit', 'lots');
  await expect(knobs.field('links.bottleneck.queue.limit').locator('.knob-error')).toContainText('allowed: packets as "50pkt" or a size as "120KB"');
  await keep(testInfo, 'link-form', await knobs.panel.screenshot());
});

test('flow settings come from the schema: variant choices, windows, switches', async ({ page }) => {
  const app = new AppPage(page);
  const knobs = new KnobsPanel(page);
  await app.open(WIRED);
  await app.waitForRun();
  await knobs.openSection('Flows');
  const variant = knobs.field('flows.ftp.tcp.variant').locator('select');
  await expect(variant.locator('option')).toContainText(['tahoe', 'reno', 'newreno']);
  const runId = await app.runId();
  await variant.selectOption('newreno');
  await app.waitForRun(runId);
  expect(app.params().getAll('set')).toContain('flows.ftp.tcp.variant=newreno');
  await expect(page.getByTestId('summary')).toContainText('newreno');
  for (const key of ['tcp.initial_window', 'tcp.rwnd', 'tcp.mss', 'receiver.delayed_ack']) await expect(knobs.field(`flows.ftp.${key}`)).toBeVisible();
  await expect(knobs.field('flows.ftp.receiver.delayed_ack').getByRole('switch')).toBeVisible();
});

test('speed runs from 0.01x to 1000x on a log slider and with + and -; it is kept in the URL', async ({ page }) => {
  const app = new AppPage(page);
  const playback = new PlaybackBar(page);
  await app.open(WIRED);
  await app.waitForRun();
  expect(await playback.speedValue()).toBe(0.1);
  for (let i = 0; i < 20; i++) await page.locator('body').press('+');
  expect(await playback.speedValue()).toBe(1000);
  await expect.poll(() => app.params().get('speed')).toBe('1000');
  for (let i = 0; i < 20; i++) await page.locator('body').press('-');
  expect(await playback.speedValue()).toBe(0.01);
  await playback.speed.fill('0.4');
  await expect(playback.speed).toHaveAttribute('aria-valuetext', '1× real time');
  await expect.poll(() => app.params().get('speed')).toBe('1');
  await page.reload();
  await app.waitForRun();
  expect(await playback.speedValue()).toBe(1);
});

test('a lane with thousands of packets is drawn as a density instead of slowing down', async ({ page }, testInfo) => {
  const app = new AppPage(page);
  const playback = new PlaybackBar(page);
  await app.open(
    '/?s=bench/bulk-10mbps&set=duration=5s&set=links.path.rate=100Mbps&set=links.path.delay=100ms&set=flows.bulk.tcp.rwnd=2500KB&set=links.path.queue.limit=3000pkt&t=4000',
  );
  await app.waitForRun();
  await expect.poll(async () => Number(await playback.canvas.getAttribute('data-packets'))).toBeGreaterThan(2000);
  await expect(playback.canvas).not.toHaveAttribute('data-aggregated', '0');
  await keep(testInfo, 'density', await playback.animation.screenshot());
  // A small run is drawn packet by packet.
  await app.open('/?s=seed000/wired&seed=1&t=5000');
  await app.waitForRun();
  await expect(playback.canvas).toHaveAttribute('data-aggregated', '0');
  await expect.poll(async () => Number(await playback.canvas.getAttribute('data-packets'))).toBeGreaterThan(0);
});

test('a long run shows its progress and can be cancelled; the page keeps answering', async ({ page }) => {
  const app = new AppPage(page);
  await app.open('/?s=bench/perf-1');
  const status = page.getByTestId('run-status');
  await expect(status.getByRole('progressbar', { name: 'Simulation progress' })).toBeVisible();
  // The UI thread is free while the engine works: the picker opens at once.
  await app.openPicker();
  await page.keyboard.press('Escape');
  await status.getByRole('button', { name: 'Cancel' }).click();
  await expect(app.root).toHaveAttribute('data-run-state', 'cancelled');
  await expect(status).toContainText('Run cancelled');
  await status.getByRole('button', { name: 'Run again' }).click();
  await expect(app.root).toHaveAttribute('data-run-state', 'running');
});

test("the scenario's prominent SACK switch sets its fields, re-runs, and changes the plots and the URL", async ({ page }, testInfo) => {
  const app = new AppPage(page);
  const bar = new MechanismBar(page);
  const plots = new PlotsPanel(page);
  await app.open('/?s=seed000/wired&seed=1&set=flows.ftp.tcp.rwnd=725KB');
  await app.waitForRun();
  await plots.waitDrawn();
  const sack = bar.switch('SACK');
  await expect(sack).toHaveAttribute('aria-checked', 'false');
  const before = await plots.plot('tseq').screenshot();
  const runId = await app.runId();
  await sack.click();
  await app.waitForRun(runId);
  await plots.waitDrawn();
  await expect(sack).toHaveAttribute('aria-checked', 'true');
  expect(app.params().getAll('set')).toEqual(['flows.ftp.receiver.sack=true', 'flows.ftp.tcp.rwnd=725KB', 'flows.ftp.tcp.variant=sack1']);
  await expect(page.getByTestId('summary')).toContainText('sack1');
  await expect(plots.plot('tseq').locator('.legend')).toContainText('SACK blocks');
  expect((await plots.plot('tseq').screenshot()).equals(before)).toBe(false);
  await keep(testInfo, 'wired-sack', await page.screenshot());
});
