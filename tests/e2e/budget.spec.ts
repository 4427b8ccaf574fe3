import { expect, test } from '@playwright/test';
import { AppPage } from './pages/app';
import { keep } from './support';

// A shared link to a day-long run: it stops at the budget with its partial
// results and an offer to go on, instead of keeping the laptop busy.
test('a day-long run stops at its budget, shows the results so far, and Continue goes on', async ({ page }, testInfo) => {
  // A small budget for this browser (the default is 2*10^8 events or 60 s of computing).
  await page.addInitScript(() => localStorage.setItem('ackscope:budget', JSON.stringify({ maxEvents: 300000, maxWallMs: 60000 })));
  const app = new AppPage(page);
  await app.open('/?s=seed000/wired&set=duration=86400s');
  const paused = page.getByTestId('run-paused');
  await expect(app.root).toHaveAttribute('data-run-state', 'paused');
  await expect(paused).toContainText('The run stopped at its budget of 300,000 events');
  await expect(paused).toContainText('The results so far are shown.');
  // The partial summary is on the page, and nothing runs meanwhile.
  await expect(page.getByTestId('run-status')).not.toContainText('Simulating');
  const first = await paused.textContent();
  await page.waitForTimeout(1000);
  await expect(app.root).toHaveAttribute('data-run-state', 'paused');
  expect(await paused.textContent()).toBe(first);
  await keep(testInfo, 'budget-paused', await page.screenshot());

  // Continue: one more budget, then it stops again further on.
  await paused.getByRole('button', { name: 'Continue' }).click();
  await expect(paused).toContainText('budget of 600,000 events');
  await expect(app.root).toHaveAttribute('data-run-state', 'paused');
  expect(await paused.textContent()).not.toBe(first);

  // Stop here: the run ends, cancelled.
  await paused.getByRole('button', { name: 'Stop here' }).click();
  await expect(app.root).toHaveAttribute('data-run-state', 'cancelled');
});
