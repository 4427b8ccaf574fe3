// CoDel, FQ-CoDel and PIE in the app: a CoDel scenario draws its queue's
// sojourn time, and the queue-kind knob and the link form offer every AQM.

import { expect, test } from '@playwright/test';
import { AppPage } from './pages/app';
import { KnobsPanel } from './pages/knobs';
import { MechanismBar } from './pages/mechanisms';
import { PlotsPanel } from './pages/plots';
import { keep } from './support';

test('a CoDel bottleneck draws its sojourn time, and the queue knob offers DropTail, RED and the three AQMs', async ({ page }, testInfo) => {
  const app = new AppPage(page);
  const plots = new PlotsPanel(page);
  const knobs = new KnobsPanel(page);
  const bar = new MechanismBar(page);
  await app.open('/?s=examples/bufferbloat-codel&seed=1');
  await app.waitForRun();
  await plots.waitDrawn();

  const sojourn = plots.plot('sojourn');
  await expect(sojourn).toHaveAttribute('data-complete', 'true');
  expect(await plots.points(sojourn)).toBeGreaterThan(100);
  await expect(sojourn).toContainText('Queue sojourn time');
  await keep(testInfo, 'codel-sojourn', await sojourn.screenshot());

  // The scenario's knob switches among the four queues.
  for (const k of ['droptail', 'codel', 'fq_codel', 'pie']) await expect(bar.choice('Uplink queue', k)).toHaveCount(1);
  await expect(bar.choice('Uplink queue', 'codel')).toBeChecked();
  // The link form's queue kind (from the schema) offers every kind.
  await knobs.openSection('Links');
  const kind = knobs.field('links.uplink.queue.kind').locator('select');
  for (const k of ['droptail', 'red', 'codel', 'fq_codel', 'pie']) await expect(kind.locator(`option[value="${k}"]`)).toHaveCount(1);
  await expect(kind).toHaveValue('codel');

  // Back to DropTail: no AQM, so no sojourn plot.
  const runId = await app.runId();
  await bar.choose('Uplink queue', 'droptail');
  await app.waitForRun(runId);
  await plots.waitDrawn();
  await expect(plots.plot('sojourn')).toHaveCount(0);
});
