import { expect, test } from '@playwright/test';
import { AppPage } from './pages/app';
import { PlaybackBar } from './pages/playback';
import { PlotsPanel } from './pages/plots';
import { keep, LOSSY } from './support';

test.use({ viewport: { width: 1280, height: 720 } });

test('fits a 1280x720 projector: no sideways scrolling, the network and controls in the first screen', async ({ page }, testInfo) => {
  const app = new AppPage(page);
  await app.open(LOSSY);
  await app.waitForRun();
  await new PlotsPanel(page).waitDrawn();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(1280);
  const playback = new PlaybackBar(page);
  const bar = await playback.bar.boundingBox();
  expect((bar?.y ?? 999) + (bar?.height ?? 0)).toBeLessThanOrEqual(720);
  // Text stays readable from the back of a room.
  const size = await page.evaluate(() => Number.parseFloat(getComputedStyle(document.body).fontSize));
  expect(size).toBeGreaterThanOrEqual(14);
  await keep(testInfo, 'projector-first-screen', await page.screenshot());
  await keep(testInfo, 'projector-full', await page.screenshot({ fullPage: true }));
});

test('light and dark themes; the choice is kept', async ({ page }, testInfo) => {
  const app = new AppPage(page);
  const plots = new PlotsPanel(page);
  await app.open(LOSSY);
  await app.waitForRun();
  await plots.waitDrawn();
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');
  const light = await plots.cwnd.screenshot();
  const toggle = page.getByRole('button', { name: 'Dark theme' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const bg = await page.evaluate(() => getComputedStyle(document.body.querySelector('.app') ?? document.body).backgroundColor);
  expect(bg).not.toBe('rgb(243, 245, 248)');
  // The canvases are drawn again in the dark colours.
  await expect.poll(async () => (await plots.cwnd.screenshot()).equals(light)).toBe(false);
  await keep(testInfo, 'dark', await page.screenshot());
  await page.reload();
  await app.waitForRun();
  await expect(html).toHaveAttribute('data-theme', 'dark');
});

test('the help overlay lists the shortcuts; ? opens it, Escape closes it', async ({ page }, testInfo) => {
  const app = new AppPage(page);
  await app.open(LOSSY);
  await app.waitForRun();
  const help = page.getByTestId('help');
  await expect(help).toBeHidden();
  await page.locator('body').press('?');
  await expect(help).toBeVisible();
  await expect(help.getByRole('heading', { name: 'Keyboard shortcuts' })).toBeVisible();
  for (const key of ['Space', '→', '←', '+', '−', '?']) await expect(help.locator('kbd', { hasText: key }).first()).toBeVisible();
  await keep(testInfo, 'help', await page.screenshot());
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  await expect(help).toBeVisible();
  await help.getByRole('button', { name: 'Close the help' }).click();
  await expect(help).toBeHidden();
  // Space plays and pauses from anywhere outside a field or button (a focused button takes its own space).
  const playback = new PlaybackBar(page);
  await page.locator('.scenario-title').click();
  await page.keyboard.press(' ');
  await expect(playback.bar).toHaveAttribute('data-playing', 'true');
  await page.keyboard.press(' ');
  await expect(playback.bar).toHaveAttribute('data-playing', 'false');
});
