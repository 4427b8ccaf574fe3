import { expect, test } from '@playwright/test';
import { writeFile } from 'node:fs/promises';
import { AppPage } from './pages/app';
import { EventsPanel } from './pages/events';
import { PlaybackBar } from './pages/playback';
import { PlotsPanel } from './pages/plots';
import { SharePanel } from './pages/share';
import { keep, LOSSY } from './support';

test('a copied link reopens the same view: run, cursor, zoom, plots, speed and inspected packet', async ({ page, context, browser }, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const app = new AppPage(page);
  const plots = new PlotsPanel(page);
  const events = new EventsPanel(page);
  const share = new SharePanel(page);
  await app.open(LOSSY);
  await app.waitForRun();
  await plots.waitDrawn();
  await plots.wheel(plots.plot('tseq'), 0.3, -400);
  await expect.poll(async () => (await plots.view(plots.cwnd))[1]).toBeLessThan(20000);
  await plots.setVisible('Queue occupancy', false);
  await events.only('Queue drops');
  const ref = await events.firstRef();
  await events.row(ref).click();
  await page.locator('body').press('+');
  const view = await plots.view(plots.cwnd);
  const time = await new PlaybackBar(page).time.textContent();
  const before = await plots.screenshot();
  await keep(testInfo, 'before', before);

  const link = await share.copyLink();
  expect(link).toBe(page.url());
  const url = new URL(link);
  expect(url.searchParams.get('pkt')).toBe(ref.slice(1));
  expect(url.searchParams.get('zoom')).not.toBeNull();
  expect(url.searchParams.get('plots')).toBe('cwnd,rtt,tseq,tput,owd');
  expect(url.searchParams.get('speed')).toBe('0.2');
  expect(url.searchParams.get('ev')).toBe('drop');

  // Someone else opens it.
  const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page2 = await other.newPage();
  const app2 = new AppPage(page2);
  const plots2 = new PlotsPanel(page2);
  await page2.goto(link);
  await app2.waitForRun();
  await plots2.waitDrawn();
  expect(await app2.digest()).toBe(await app.digest());
  expect(await plots2.view(plots2.cwnd)).toEqual(view);
  await expect(plots2.plot('queue')).toHaveCount(0);
  const events2 = new EventsPanel(page2);
  await expect(events2.inspector).toHaveAttribute('data-ref', ref);
  // The event list has the same filter: only queue drops.
  await expect(events2.chip('Queue drops')).toHaveAttribute('aria-pressed', 'true');
  await expect(events2.chip('Data')).toHaveAttribute('aria-pressed', 'false');
  expect(await events2.shown()).toBe(await events.shown());
  await expect(new PlaybackBar(page2).time).toHaveText(time ?? '');
  expect(await new PlaybackBar(page2).speedValue()).toBe(0.2);
  const after = await plots2.screenshot();
  await keep(testInfo, 'reopened', after);
  expect(after.equals(before)).toBe(true);
  await other.close();
});

test('plots export as PNG, SVG and CSV, and the summary as JSON', async ({ page }, testInfo) => {
  const app = new AppPage(page);
  const plots = new PlotsPanel(page);
  const share = new SharePanel(page);
  await app.open(LOSSY);
  await app.waitForRun();
  await plots.waitDrawn();

  const png = await share.exportPlot(plots.cwnd, 'Congestion window', 'PNG');
  expect(png.name).toBe('ackscope-seed000-wired-ftp-cwnd.png');
  expect(png.bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  // The PNG is a real picture of the plot: decode it in the page.
  const size = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    return [img.naturalWidth, img.naturalHeight];
  }, png.bytes.toString('base64'));
  expect(size[0]).toBeGreaterThan(1000);
  const pngPath = testInfo.outputPath('cwnd.png');
  await writeFile(pngPath, png.bytes);
  await testInfo.attach('exported-png', { path: pngPath, contentType: 'image/png' });

  const svg = await share.exportPlot(plots.plot('tseq'), 'Time-sequence (tcptrace)', 'SVG');
  expect(svg.name).toBe('ackscope-seed000-wired-ftp-tseq.svg');
  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    return { error: doc.querySelector('parsererror') !== null, root: doc.documentElement.nodeName, paths: doc.querySelectorAll('path').length, title: doc.querySelector('title')?.textContent };
  }, svg.bytes.toString('utf8'));
  expect(parsed).toMatchObject({ error: false, root: 'svg', title: 'Time-sequence (tcptrace)' });
  expect(parsed.paths).toBeGreaterThan(3);

  const csv = await share.exportPlot(plots.rtt, 'Round-trip time', 'CSV');
  const lines = csv.bytes.toString('utf8').trim().split('\n');
  expect(lines[0]).toBe('run,series,time_s,value,end,unit');
  const samples = lines.filter((l) => l.startsWith('A,RTT samples,'));
  expect(samples.length).toBeGreaterThan(10);
  for (const l of samples.slice(0, 20)) {
    const [, , t, v] = l.split(',');
    expect(Number.isFinite(Number(t))).toBe(true);
    expect(Number(v)).toBeGreaterThan(0);
  }

  const json = await share.download(() => share.summaryExport.click());
  expect(json.name).toBe('ackscope-seed000-wired-summary.json');
  const data = JSON.parse(json.bytes.toString('utf8'));
  expect(data).toMatchObject({ format: 'ackscope-summary', scenario: 'seed000/wired', seed: 1, overrides: { 'flows.ftp.tcp.rwnd': '725KB' } });
  expect(data.digest).toBe(await app.digest());
  expect(data.summary.flows[0].retransmits).toBeGreaterThan(0);
  expect(data.url).toBe(page.url());
});
