// CUBIC and BBR in the app: the variant knobs offer them, and a BBR run shows
// its pacing rate and bandwidth estimate in a plot of their own and its
// min-RTT estimate on the RTT plot.

import { expect, test } from '@playwright/test';
import { AppPage } from './pages/app';
import { KnobsPanel } from './pages/knobs';
import { PlotsPanel } from './pages/plots';
import { keep } from './support';

test('a BBR run plots its pacing rate and bandwidth estimate, and the variant knobs offer cubic and bbr', async ({ page }, testInfo) => {
  const app = new AppPage(page);
  const knobs = new KnobsPanel(page);
  const plots = new PlotsPanel(page);
  await app.open('/?s=examples/tcp-20mbps&seed=1&set=flows.flow.tcp.variant=bbr&t=3000');
  await app.waitForRun();
  await plots.waitDrawn();
  const pacing = plots.plot('pacing');
  await expect(pacing).toHaveAttribute('data-complete', 'true');
  expect(await plots.points(pacing)).toBeGreaterThan(0);
  await expect(pacing).toContainText('Pacing rate and bandwidth estimate');
  await expect(pacing).toContainText('bottleneck bandwidth estimate (BBR)');
  await expect(plots.rtt).toContainText('min RTT (BBR)');
  await keep(testInfo, 'bbr-pacing', await pacing.screenshot());

  // The scenario's variant knob (a radio group: three choices), and the
  // schema-driven flow form, both offer the new variants.
  const knob = page.getByRole('radiogroup', { name: 'TCP variant' });
  for (const v of ['newreno', 'cubic', 'bbr']) await expect(knob.getByRole('radio', { name: v, exact: true })).toBeVisible();
  await expect(knob.getByRole('radio', { name: 'bbr', exact: true })).toBeChecked();
  await knobs.openSection('Flows');
  const variant = knobs.field('flows.flow.tcp.variant').locator('select');
  await expect(variant.locator('option')).toContainText(['reno', 'sack1', 'vegas', 'cubic', 'bbr']);

  // CUBIC does not pace here: no pacing plot.
  const runId = await app.runId();
  await knob.getByRole('radio', { name: 'cubic', exact: true }).locator('xpath=ancestor::label[1]').click();
  await app.waitForRun(runId);
  await plots.waitDrawn();
  // CUBIC is the scenario's own variant: the override leaves the URL.
  expect(app.params().getAll('set')).not.toContain('flows.flow.tcp.variant=bbr');
  await expect(knob.getByRole('radio', { name: 'cubic', exact: true })).toBeChecked();
  await expect(plots.plot('pacing')).toHaveCount(0);
});
