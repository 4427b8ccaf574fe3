import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { AppPage } from './pages/app';
import { PresentMode } from './pages/present';
import { recordCanvasText, Screen } from './pages/screens';
import { keep } from './support';

test.use({ viewport: { width: 1280, height: 720 } });

const RUN = '/?s=seed000/wired&seed=1&set=flows.ftp.tcp.rwnd=725KB&t=5000';

test('present mode: the button and P switch it, the URL keeps it, editing panes hide', async ({ page }) => {
  const app = new AppPage(page);
  const present = new PresentMode(page);
  await app.open(RUN);
  await app.waitForRun();
  await present.expectOn(false);
  await expect(present.editingPanes()).toBeVisible();
  await present.button.click();
  await present.expectOn(true);
  await expect(present.editingPanes()).toBeHidden();
  await expect.poll(() => app.params().get('present')).toBe('1');
  // P leaves it (the body has the focus, not a field).
  await page.locator('body').press('p');
  await present.expectOn(false);
  await expect(present.editingPanes()).toBeVisible();
  await expect.poll(() => app.params().get('present')).toBeNull();
  await page.locator('body').press('P');
  await present.expectOn(true);
  // The URL is rewritten at most every 200 ms: reload once it holds present=1.
  await expect.poll(() => app.params().get('present')).toBe('1');
  // A link with present=1 opens in present mode.
  await page.reload();
  await app.waitForRun();
  await present.expectOn(true);
});

test('present mode at 1280x720: every canvas and plot text at least 16 px, network and cwnd on one screen', async ({ page }, testInfo) => {
  await recordCanvasText(page);
  const app = new AppPage(page);
  const screen = new Screen(page);
  await app.open(`${RUN}&present=1`);
  await app.waitForRun();
  await page.waitForFunction(() => document.querySelectorAll('figure.plot[data-complete="true"]').length > 1);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const canvas = await screen.drawnText('animation');
  expect(canvas.length).toBeGreaterThan(3);
  const small = canvas.filter((d) => d.px < 16).map((d) => `${d.text} (${d.px} px)`);
  expect(small).toEqual([]);
  const svg = await screen.plotTextSizes();
  expect(svg.length).toBeGreaterThan(10);
  expect(Math.min(...svg)).toBeGreaterThanOrEqual(16);
  expect(await screen.outsideFirstScreen()).toEqual([]);
  expect(await screen.sidewaysOverflow()).toBeLessThanOrEqual(0);
  expect(await screen.axisCollisions()).toEqual([]);
  const shot = await page.screenshot();
  await keep(testInfo, 'present-1280x720', shot);
});

// Scenarios whose cwnd legend takes three lines and whose network is tall: the
// animation alone cannot make the room, so the plots give some of their height.
for (const id of ['seed000/wireless-mtcp', 'seed001/snoop-vs-spoofing', 'examples/split-proxy']) {
  test(`present mode at 1280x720 keeps the cwnd plot on the first screen: ${id}`, async ({ page }, testInfo) => {
    const app = new AppPage(page);
    const screen = new Screen(page);
    await app.open(`/?s=${id}&present=1`);
    await app.waitForSettled();
    // The animation and the plots settle over a few layouts.
    await expect.poll(() => screen.outsideFirstScreen()).toEqual([]);
    expect(await screen.axisCollisions()).toEqual([]);
    await keep(testInfo, `present-${id.replace('/', '-')}`, await page.screenshot());
  });
}

test('axe-core: no violations of any impact in present mode', async ({ page }) => {
  const app = new AppPage(page);
  await app.open(`${RUN}&present=1`);
  await app.waitForRun();
  await page.waitForFunction(() => document.querySelectorAll('figure.plot[data-complete="true"]').length > 1);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
});
