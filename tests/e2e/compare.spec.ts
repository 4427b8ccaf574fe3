import { expect, test } from '@playwright/test';
import { AppPage } from './pages/app';
import { ComparePanel } from './pages/compare';
import { KnobsPanel } from './pages/knobs';
import { PlotsPanel } from './pages/plots';
import { keep, LOSSY } from './support';

test('compare mode runs B with one knob changed, overlays both runs on every plot and tables the differences', async ({ page }, testInfo) => {
  const app = new AppPage(page);
  const compare = new ComparePanel(page);
  const knobs = new KnobsPanel(page);
  const plots = new PlotsPanel(page);
  await app.open(LOSSY);
  await app.waitForRun();
  await plots.waitDrawn();
  const runA = await app.runId();
  const digestA = await app.digest();
  const pointsA = await plots.points(plots.cwnd);

  await compare.start();
  await compare.waitForB();
  // B starts as a copy of A: the same seed and settings, the same run.
  expect(await compare.digestB()).toBe(digestA);
  await expect(knobs.form).toHaveAttribute('data-editing', 'B');

  const runB = await compare.runBId();
  await knobs.choose('TCP variant', 'reno');
  await compare.waitForB(runB);
  await plots.waitDrawn();
  // A was not run again; B differs.
  expect(await app.runId()).toBe(runA);
  expect(await compare.digestB()).not.toBe(digestA);
  expect(app.params().get('cmp')).toBe('1');
  expect(app.params().getAll('bset')).toEqual(['flows.ftp.tcp.variant=reno']);
  expect(app.params().getAll('set')).toEqual(['flows.ftp.tcp.rwnd=725KB']);
  await expect(compare.panel.getByRole('list', { name: "Run B's differences" })).toContainText('TCP variant: reno');

  // Every plot has both runs, with a legend saying which is which.
  for (const fig of await plots.all().all()) {
    await expect(fig.locator('.legend-runs')).toContainText('A');
    await expect(fig.locator('.legend-runs')).toContainText('B');
  }
  expect(await plots.points(plots.cwnd)).toBeGreaterThan(pointsA);

  // The table: goodput, retransmissions, timeouts, mean RTT for each run.
  for (const metric of ['goodput_bps', 'retransmits', 'timeouts', 'rtt_mean_s']) await expect(compare.row('ftp', metric)).toBeVisible();
  await expect(compare.summary).toContainText('tahoe / reno');
  const retx = compare.row('ftp', 'retransmits').locator('td');
  await expect(retx.nth(0)).not.toHaveText(await retx.nth(1).innerText());
  await keep(testInfo, 'compare-plots', await plots.screenshot());
  await keep(testInfo, 'compare-table', await page.getByTestId('compare-summary-panel').screenshot());

  // The link reproduces the comparison.
  const url = page.url();
  const digestB = await compare.digestB();
  await page.reload();
  await app.waitForRun();
  await compare.waitForB();
  expect(page.url()).toBe(url);
  expect(await compare.digestB()).toBe(digestB);
  expect(await app.digest()).toBe(digestA);

  // Editing A changes both runs; stopping drops B.
  await compare.edit('A');
  await expect(knobs.form).toHaveAttribute('data-editing', 'A');
  await compare.stop();
  await expect(app.root).toHaveAttribute('data-run-b-state', '');
  expect(app.params().get('cmp')).toBeNull();
  await expect(page.getByTestId('compare-summary')).toHaveCount(0);
});
