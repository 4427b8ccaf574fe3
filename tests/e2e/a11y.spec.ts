import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { audit } from './axe';
import { AppPage } from './pages/app';
import { ComparePanel } from './pages/compare';
import { CustomEditor } from './pages/custom';
import { EventsPanel } from './pages/events';
import { PlotsPanel } from './pages/plots';
import { keep, LOSSY } from './support';

test('axe-core finds no serious or critical violations: a run, events and the inspector, light theme', async ({ page }, testInfo) => {
  const app = new AppPage(page);
  await app.open(LOSSY);
  await app.waitForRun();
  await new PlotsPanel(page).waitDrawn();
  await new EventsPanel(page).rows().first().click();
  await audit(page, testInfo, 'light');
});

test('axe-core: dark theme in compare mode, with the link forms open', async ({ page }, testInfo) => {
  const app = new AppPage(page);
  await app.open(`${LOSSY}&cmp=1&bset=flows.ftp.tcp.variant=reno`);
  await app.waitForRun();
  await new ComparePanel(page).waitForB();
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByTestId('link-forms').locator('> summary').click();
  await page.getByTestId('flow-forms').locator('> summary').click();
  await audit(page, testInfo, 'dark-compare');
  await keep(testInfo, 'dark', await page.screenshot({ fullPage: true }));
});

test('axe-core: the scenario picker, the custom editor and the help', async ({ page }, testInfo) => {
  const app = new AppPage(page);
  await app.open('/?s=seed000/satellite-symmetric');
  await app.waitForRun();
  await app.openPicker();
  await audit(page, testInfo, 'picker');
  await page.keyboard.press('Escape');
  const editor = new CustomEditor(page);
  await editor.openBlank();
  await audit(page, testInfo, 'editor');
  await page.keyboard.press('Escape');
  await expect(editor.dialog).toBeHidden();
  await page.locator('body').press('?');
  await expect(page.getByTestId('help')).toBeVisible();
  await audit(page, testInfo, 'help');
});

test('axe-core: the Korean interface (lang=ko), compare mode with a packet open', async ({ page }, testInfo) => {
  const app = new AppPage(page);
  await app.open(`${LOSSY}&cmp=1&bset=flows.ftp.tcp.variant=reno&pkt=40&lang=ko`);
  await app.waitForRun();
  await new PlotsPanel(page).waitDrawn();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
  await audit(page, testInfo, 'korean');
});

test('axe-core: no violations of any impact on the main view and in the scenario picker', async ({ page }) => {
  const app = new AppPage(page);
  await app.open(LOSSY);
  await app.waitForRun();
  await new PlotsPanel(page).waitDrawn();
  const all = async () => (await new AxeBuilder({ page }).analyze()).violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  expect(await all()).toEqual([]);
  await app.openPicker();
  expect(await all()).toEqual([]);
});
