// The engine's link, queue, middlebox and application mechanisms as the app
// shows them: in the animation, the plots, the event list, the inspector and
// the summary.

import { expect, test } from '@playwright/test';
import { AppPage } from './pages/app';
import { EventsPanel } from './pages/events';
import { MechanismBar } from './pages/mechanisms';
import { NetworkPanel } from './pages/network';
import { PlotsPanel } from './pages/plots';
import { SummaryPanel } from './pages/summary';
import { keep } from './support';

test('choosing Snoop at the base station of the I-TCP path re-runs, changes the plots and goes to the URL', async ({ page }, testInfo) => {
  const app = new AppPage(page);
  const bar = new MechanismBar(page);
  const plots = new PlotsPanel(page);
  await app.open('/?s=seed000/wireless-itcp&seed=1');
  await app.waitForRun();
  await plots.waitDrawn();
  const split = bar.choice('Base station', 'I-TCP split');
  const snoop = bar.choice('Base station', 'Snoop');
  await expect(split).toBeChecked();
  // I-TCP: the proxy's buffer plot, and no Snoop cache.
  await expect(plots.plot('proxy')).toBeVisible();
  await expect(plots.plot('snoop')).toHaveCount(0);
  const before = await plots.cwnd.screenshot();
  const runId = await app.runId();

  await bar.choose('Base station', 'Snoop');
  await app.waitForRun(runId);
  await plots.waitDrawn();
  await expect(snoop).toBeChecked();
  const set = app.params().getAll('set');
  expect(set).toContain('middleboxes.snoop.enabled=true');
  expect(set).toContain('middleboxes.itcp.enabled=false');
  await expect(plots.plot('snoop')).toHaveAttribute('data-complete', 'true');
  expect(await plots.points(plots.plot('snoop'))).toBeGreaterThan(0);
  await expect(plots.plot('proxy')).toHaveCount(0);
  expect((await plots.cwnd.screenshot()).equals(before)).toBe(false);
  await keep(testInfo, 'itcp-snoop', await page.screenshot());

  // The link reproduces the choice.
  await page.reload();
  await app.waitForRun();
  await expect(bar.choice('Base station', 'Snoop')).toBeChecked();
});

test('a handoff draws the radio link broken while it is down, shades the cwnd plot and counts its losses', async ({ page }, testInfo) => {
  const app = new AppPage(page);
  const network = new NetworkPanel(page);
  const plots = new PlotsPanel(page);
  const summary = new SummaryPanel(page);
  // Outages every 10 s from 5 s, 400 ms long.
  await app.open('/?s=examples/handoff&t=5200');
  await app.waitForRun();
  await plots.waitDrawn();
  await expect.poll(() => network.downChannels()).toEqual(['links.radio.forward', 'links.radio.reverse']);
  await expect(network.legend).toContainText('link down');
  await keep(testInfo, 'handoff-down', await network.screenshot());
  await expect(plots.cwnd.locator('.legend')).toContainText('outage radio');
  expect(await summary.headers(summary.links)).toContain('Outage');
  expect(Number(await summary.cell(summary.links, /radio/, 'Outage'))).toBeGreaterThan(0);

  await app.open('/?s=examples/handoff&t=4000');
  await app.waitForRun();
  await expect(network.canvas).toHaveAttribute('data-packets', /[1-9]/);
  expect(await network.downChannels()).toEqual([]);
});

test('a CBR flow over UDP has no cwnd or RTT plot, and the summary gives its losses and inter-arrival times', async ({ page }, testInfo) => {
  const app = new AppPage(page);
  const plots = new PlotsPanel(page);
  const summary = new SummaryPanel(page);
  const events = new EventsPanel(page);
  const network = new NetworkPanel(page);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await app.open('/?s=examples/cbr-udp&t=70000');
  await app.waitForRun();
  await expect(plots.plot('owd')).toHaveAttribute('data-complete', 'true');
  await expect(plots.cwnd).toHaveCount(0);
  await expect(plots.rtt).toHaveCount(0);
  expect(await plots.points(plots.plot('owd'))).toBeGreaterThan(0);
  expect(await plots.points(plots.plot('tput'))).toBeGreaterThan(0);
  // 160 kbit/s into a 144 kbit/s radio: the BSC buffer overflows and datagrams are lost.
  const headers = await summary.headers(summary.flows);
  expect(headers).toEqual(expect.arrayContaining(['Lost', 'Inter-arrival']));
  expect(Number((await summary.cell(summary.flows, /cbr/, 'Lost')).replace(/,/g, ''))).toBeGreaterThan(0);
  expect(await summary.cell(summary.flows, /cbr/, 'Retx')).toBe('\u2013');
  expect(await summary.cell(summary.flows, /cbr/, 'Inter-arrival')).toMatch(/ms \(.+ – .+\)$/);
  await expect(network.legend).toContainText('UDP datagram');
  await events.only('Datagrams');
  await expect(events.rows().first()).toContainText('UDP');
  await events.rows().first().click();
  await expect(events.inspector).toContainText('Datagram');
  expect(errors).toEqual([]);
  await keep(testInfo, 'cbr', await page.screenshot({ fullPage: true }));
});

test('ECN on a RED bottleneck: echoes on the cwnd plot, marks in the summary, CE and ECE bits in the inspector', async ({ page }, testInfo) => {
  const app = new AppPage(page);
  const bar = new MechanismBar(page);
  const plots = new PlotsPanel(page);
  const summary = new SummaryPanel(page);
  const events = new EventsPanel(page);
  await app.open('/?s=examples/red-ecn');
  await app.waitForRun();
  await plots.waitDrawn();
  await expect(plots.cwnd.locator('.legend')).not.toContainText('ECN echo');
  // Without ECN, RED drops early; with it, it marks instead.
  expect(await summary.headers(summary.links)).toContain('Early');
  expect(await summary.headers(summary.links)).not.toContain('ECN marks');
  const runId = await app.runId();
  await bar.switch('ECN').click();
  await app.waitForRun(runId);
  await plots.waitDrawn();
  await expect(plots.cwnd.locator('.legend')).toContainText('ECN echo');
  expect(await summary.headers(summary.links)).toContain('ECN marks');
  expect(Number((await summary.cell(summary.links, /bottleneck/, 'ECN marks')).replace(/,/g, ''))).toBeGreaterThan(0);

  await events.only('ECN');
  await events.rows().filter({ hasText: 'CE' }).first().click();
  await expect(events.inspector.locator('.bit-on', { hasText: 'CE' })).toBeVisible();
  await events.rows().filter({ hasText: 'ECE' }).first().click();
  await expect(events.inspector.locator('.bit-on', { hasText: 'ECE' })).toBeVisible();
  await keep(testInfo, 'ecn', await page.screenshot({ fullPage: true }));
});

test('a split proxy: spoofed ACKs advertising a window, its buffer plotted, its second leg on the cwnd plot, its figures in the summary', async ({ page }, testInfo) => {
  const app = new AppPage(page);
  const plots = new PlotsPanel(page);
  const summary = new SummaryPanel(page);
  const events = new EventsPanel(page);
  const network = new NetworkPanel(page);
  // A 64 KB proxy buffer: the hub then advertises the room it has left.
  await app.open('/?s=examples/split-proxy&set=middleboxes.pep.split.buffer=64KB&t=3000');
  await app.waitForRun();
  await plots.waitDrawn();
  await expect(network.legend).toContainText('spoofed ACK');
  await expect(plots.cwnd.locator('.legend')).toContainText('cwnd, second leg from pep');
  await expect(plots.plot('proxy')).toHaveAttribute('data-complete', 'true');
  expect(await plots.points(plots.plot('proxy'))).toBeGreaterThan(0);
  await expect(summary.middleboxes).toContainText('spoofed ACKs');
  await expect(summary.middleboxes).toContainText('most buffered');

  await events.only('Middlebox');
  await events.rows().filter({ hasText: 'spoofed' }).first().click();
  await expect(events.inspector).toContainText('spoofed by a middlebox');
  await expect(events.inspector).toContainText('advertises a receive window');
  await keep(testInfo, 'split-proxy', await page.screenshot({ fullPage: true }));
});

test("Snoop's local retransmissions are told apart in the event list and the inspector, its cache drawn at the base station", async ({ page }) => {
  const app = new AppPage(page);
  const events = new EventsPanel(page);
  const plots = new PlotsPanel(page);
  await app.open('/?s=examples/snoop&t=3000');
  await app.waitForRun();
  await expect(plots.plot('snoop')).toHaveAttribute('data-complete', 'true');
  expect(await plots.points(plots.plot('snoop'))).toBeGreaterThan(0);
  await events.only('Middlebox');
  await events.rows().filter({ hasText: 'local retransmission' }).first().click();
  await expect(events.inspector).toContainText('resent from a middlebox cache');
});

test('packets larger than the MTU are marked fragmented, and the link counts its fragments', async ({ page }) => {
  const app = new AppPage(page);
  const events = new EventsPanel(page);
  const summary = new SummaryPanel(page);
  const network = new NetworkPanel(page);
  await app.open('/?s=examples/mtu&t=3000');
  await app.waitForRun();
  await expect(network.legend).toContainText('fragmented');
  expect(Number((await summary.cell(summary.links, /radio/, 'Frags')).replace(/,/g, ''))).toBeGreaterThan(0);
  await events.only('Data');
  await events.rows().filter({ hasText: 'fragmented' }).first().click();
  await expect(events.inspector).toContainText('fragmented (larger than the MTU)');
});

test('the one-way delay plot of the asymmetric path shows the true, the estimated and RTT/2', async ({ page }, testInfo) => {
  const app = new AppPage(page);
  const plots = new PlotsPanel(page);
  await app.open('/?s=seed004/asymmetric');
  await app.waitForRun();
  const owd = plots.plot('owd');
  await expect(owd).toHaveAttribute('data-complete', 'true');
  for (const label of ['true forward', 'estimated forward', 'RTT/2']) await expect(owd.locator('.legend')).toContainText(label);
  await keep(testInfo, 'owd-asymmetric', await owd.screenshot());
});

test('the gallery groups scenarios by paper, then the one-mechanism examples, each with what to watch and what to try; no sweeps', async ({ page }, testInfo) => {
  const app = new AppPage(page);
  await app.open('/');
  await app.waitForRun();
  const dialog = await app.openPicker();
  const groups = (await dialog.locator('.picker-group h2').allTextContents()).map((t) => t.trim());
  const papers = groups.filter((g) => g.startsWith('Seed paper'));
  expect(papers).toEqual([...papers].sort());
  expect(papers).toEqual(expect.arrayContaining(['Seed paper 000', 'Seed paper 004']));
  expect(groups.indexOf('Examples: one mechanism each')).toBe(papers.length);
  const examples = dialog.getByRole('region', { name: 'Examples: one mechanism each' });
  const options = examples.locator('.scenario-option');
  expect(await options.count()).toBeGreaterThanOrEqual(12);
  for (const option of await options.all()) {
    await expect(option.locator('.option-description')).not.toBeEmpty();
    await expect(option.locator('.option-knobs')).toContainText('Try:');
  }
  await expect(dialog).not.toContainText(/sweep/i);
  await keep(testInfo, 'gallery', await dialog.screenshot());
  await examples.getByRole('button', { name: /Snoop/ }).first().click();
  await expect.poll(() => app.params().get('s')).toBe('examples/snoop');
});
