import { expect, test } from '@playwright/test';
import { AppPage } from './pages/app';
import { ComparePanel } from './pages/compare';
import { EventsPanel } from './pages/events';
import { KnobsPanel } from './pages/knobs';
import { NoticesArea } from './pages/notices';
import { keep } from './support';

test.use({ viewport: { width: 1280, height: 720 } });

test('seed003/two-way: "Reverse traffic" reads on while the reverse flow runs', async ({ page }) => {
  const app = new AppPage(page);
  await app.open('/?s=seed003/two-way');
  await app.waitForRun();
  const knobs = new KnobsPanel(page);
  const reverse = knobs.panel.locator('[data-knob="flows.ji.enabled"]').getByRole('switch');
  await expect(reverse).toHaveAttribute('aria-checked', 'true');
  await expect(knobs.panel.locator('[data-knob="flows.ji.enabled"]')).toContainText('on');
});

test('wireless-itcp: the Radio MTU select says the MTU is not set instead of showing nothing', async ({ page }) => {
  const app = new AppPage(page);
  await app.open('/?s=seed000/wireless-itcp');
  await app.waitForRun();
  const select = new KnobsPanel(page).control('Radio MTU');
  await expect(select).toBeVisible();
  const shown = await select.evaluate((s: HTMLSelectElement) => s.options[s.selectedIndex]?.textContent?.trim() ?? '');
  expect(shown).toBe('not set');
});

test('a title override and a clipped node name each get a visible notice', async ({ page }) => {
  const app = new AppPage(page);
  const long = 'n'.repeat(200);
  await app.open(`/?s=seed000/wired&set=title=My%20run&set=nodes.sender.label=${long}`);
  await app.waitForRun();
  const notices = new NoticesArea(page);
  await expect(notices.all().filter({ hasText: 'title=My run' })).toBeVisible();
  await expect(notices.all().filter({ hasText: 'nodes.sender.label' }).filter({ hasText: 'cut short' })).toBeVisible();
});

test('the event list shows both ends of From -> to in full for the seed 000 wireless names', async ({ page }) => {
  const app = new AppPage(page);
  await app.open('/?s=seed000/wireless-itcp&t=2000');
  await app.waitForRun();
  const events = new EventsPanel(page);
  await events.panel.scrollIntoViewIfNeeded();
  await expect(events.rows().first()).toBeVisible();
  const cut = await events.list.locator('.where-end').evaluateAll((ends) =>
    ends.slice(0, 40).filter((e) => e.scrollWidth > e.clientWidth + 0.5).map((e) => e.textContent),
  );
  expect(cut).toEqual([]);
  expect(await events.list.locator('.where-end').count()).toBeGreaterThan(4);
});

test('compare mode: settings by name, one precision per row, and the switches say which run they show', async ({ page }, testInfo) => {
  const app = new AppPage(page);
  await app.open('/?s=seed000/wired&set=flows.ftp.tcp.rwnd=725KB&cmp=1&bset=flows.ftp.tcp.variant=reno');
  await app.waitForRun();
  const compare = new ComparePanel(page);
  await compare.waitForB();
  const differences = compare.panel.getByRole('list', { name: "Run B's differences" });
  await expect(differences).toContainText('TCP variant: reno');
  await expect(differences).not.toContainText('flows.ftp.tcp.variant');
  const table = page.getByTestId('compare-summary');
  await expect(table).toBeVisible();
  for (const metric of ['goodput_bps', 'rtt_mean_s']) {
    const cells = await table.locator(`tr[data-metric="${metric}"] td.num`).allTextContents();
    const decimals = cells.map((c) => (/\d\.(\d+)/.exec(c)?.[1] ?? '').length);
    expect(new Set(decimals).size, `${metric}: ${cells.join(' | ')}`).toBe(1);
  }
  // Editing run B: the switches show B's settings, and say so (the network shows run A).
  await page.getByTestId('compare-target').getByText('B', { exact: true }).click();
  await expect(page.getByTestId('mechanisms')).toHaveAttribute('data-run', 'B');
  await expect(page.getByTestId('mechanisms-run')).toHaveText('Run B:');
  await page.getByTestId('compare-target').getByText('A', { exact: true }).click();
  await expect(page.getByTestId('mechanisms-run')).toHaveText('Run A:');
  await keep(testInfo, 'compare', await page.screenshot({ fullPage: true }));
});

test('legends list only what the run has; the outage bands can be hidden', async ({ page }) => {
  const app = new AppPage(page);
  await app.open('/?s=examples/handoff');
  await app.waitForRun();
  await page.waitForFunction(() => document.querySelectorAll('figure.plot[data-complete="true"]').length > 1);
  const legend = page.getByTestId('animation-panel').getByRole('list', { name: 'Legend' });
  const shown = (await legend.locator('li:visible').allTextContents()).map((t) => t.trim());
  expect(shown).toEqual(expect.arrayContaining(['data', 'ACK', 'link down']));
  expect(shown).not.toContain('spoofed ACK');
  expect(shown).not.toContain('UDP datagram');
  const cwnd = page.getByTestId('plot-cwnd');
  await expect(cwnd.locator('.legend')).not.toContainText('(0)');
  // One switch per band layer (each direction of the radio link); any hides them all.
  const toggle = cwnd.getByTestId('band-toggle').first();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const before = await cwnd.locator('canvas').screenshot();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(async () => (await cwnd.locator('canvas').screenshot()).equals(before)).toBe(false);
});
