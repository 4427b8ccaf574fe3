import { expect, test } from '@playwright/test';
import { AppPage } from './pages/app';
import { recordCanvasText, Screen } from './pages/screens';
import { keep } from './support';

// A lecturer on a projector: with any shipped scenario open, the play controls,
// the network and the cwnd plot show without scrolling, and nothing scrolls sideways.
for (const size of [
  { width: 1280, height: 720 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
]) {
  test.describe(`${size.width}x${size.height}`, () => {
    test.use({ viewport: size });

    test('every shipped scenario: controls, network and cwnd plot on the first screen, no sideways scroll, no tick on an axis title', async ({ page }, testInfo) => {
      test.setTimeout(15 * 60_000);
      const app = new AppPage(page);
      const screen = new Screen(page);
      await app.open('/?s=seed000/wired');
      await app.waitForRun();
      const ids = await screen.scenarioIds();
      expect(ids.length).toBeGreaterThan(20);
      const problems: string[] = [];
      for (const id of ids) {
        // A fresh page: its run state starts over, so "done" is this scenario's run.
        await app.open(`/?s=${id}`);
        // bench/perf-1 simulates 100 s of ten flows: give long runs time.
        await expect(app.root).toHaveAttribute('data-run-state', 'done', { timeout: 180_000 });
        await page.waitForFunction(() => document.querySelectorAll('figure.plot[data-complete="true"]').length > 0);
        // Let the animation settle into the height left over.
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        const outside = await screen.outsideFirstScreen();
        const overflow = await screen.sidewaysOverflow();
        const collisions = await screen.axisCollisions();
        if (outside.length > 0) problems.push(`${id}: ${outside.join('; ')}`);
        if (overflow > 0) problems.push(`${id}: scrolls sideways by ${overflow} px`);
        if (collisions.length > 0) problems.push(`${id}: tick labels on axis titles: ${collisions.join(', ')}`);
      }
      expect(problems).toEqual([]);
      await app.open('/?s=seed000/wired&seed=1&set=flows.ftp.tcp.rwnd=725KB&t=5000');
      await app.waitForRun();
      await keep(testInfo, `projector-${size.width}x${size.height}`, await page.screenshot());
    });
  });
}

test.describe('drawn text in the normal view', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test('canvas and plot text is at least 12 px', async ({ page }) => {
    await recordCanvasText(page);
    const app = new AppPage(page);
    const screen = new Screen(page);
    await app.open('/?s=seed000/wired&seed=1&set=flows.ftp.tcp.rwnd=725KB&t=5000');
    await app.waitForRun();
    await page.waitForFunction(() => document.querySelectorAll('figure.plot[data-complete="true"]').length > 0);
    const canvas = await screen.drawnText('animation');
    expect(canvas.length).toBeGreaterThan(3);
    expect(Math.min(...canvas.map((d) => d.px))).toBeGreaterThanOrEqual(12);
    const svg = await screen.plotTextSizes();
    expect(svg.length).toBeGreaterThan(10);
    expect(Math.min(...svg)).toBeGreaterThanOrEqual(12);
  });

  test('the y axis switches ms to s, and bytes to MB, before ticks need five digits', async ({ page }) => {
    const app = new AppPage(page);
    // A 20 s outage of the only path: RTO backs off to tens of seconds.
    await app.open('/?s=seed000/wireless-itcp&plots=cwnd,proxy');
    await app.waitForRun();
    await page.waitForFunction(() => document.querySelectorAll('figure.plot[data-complete="true"]').length > 1);
    const proxy = page.getByTestId('plot-proxy').locator('svg.plot-svg');
    await expect(proxy).toHaveAttribute('data-y-unit', /^(KB|MB)$/);
    const ticks = await proxy.locator('text.tick').allTextContents();
    for (const t of ticks) expect(t.replace(/[^0-9]/g, '').length).toBeLessThanOrEqual(4);
  });
});
