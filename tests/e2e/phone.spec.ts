import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { AppPage } from './pages/app';
import { PhoneHeader, PHONES } from './pages/phone';
import { PlaybackBar } from './pages/playback';
import { recordCanvasText, Screen } from './pages/screens';
import { keep } from './support';

const RUN = '/?s=seed000/wired&seed=1&set=flows.ftp.tcp.rwnd=725KB';

for (const phone of PHONES) {
  test.describe(`phone ${phone.name}`, () => {
    test.use({ viewport: phone.viewport, deviceScaleFactor: phone.deviceScaleFactor, isMobile: true, hasTouch: true });

    test('no sideways scroll, a readable header, the network and its controls on the first screen, plots stacked below', async ({ page }, testInfo) => {
      const app = new AppPage(page);
      const screen = new Screen(page);
      await app.open(RUN);
      await app.waitForRun();
      await page.waitForFunction(() => document.querySelectorAll('figure.plot[data-complete="true"]').length > 1);
      expect(await page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth)).toBeLessThanOrEqual(0);
      expect(await new PhoneHeader(page).problems()).toEqual([]);
      const boxes = await screen.firstScreenBoxes();
      const height = phone.viewport.height;
      expect(boxes.animation && boxes.animation.y + boxes.animation.height).toBeLessThanOrEqual(height);
      expect(boxes.controls && boxes.controls.y + boxes.controls.height).toBeLessThanOrEqual(height);
      // Thumb-sized: the play button and the slider are at least 44 px high (with its padding) and on screen.
      const play = await page.getByTestId('play').boundingBox();
      expect(play?.height ?? 0).toBeGreaterThanOrEqual(44);
      expect((play?.y ?? 9999) + (play?.height ?? 0)).toBeLessThanOrEqual(height);
      // Plots one under another, below the network.
      const cwnd = await page.getByTestId('plot-cwnd').boundingBox();
      const rtt = await page.getByTestId('plot-rtt').boundingBox();
      expect(cwnd && rtt).toBeTruthy();
      expect(Math.abs((cwnd?.x ?? 0) - (rtt?.x ?? 1))).toBeLessThan(1);
      expect(rtt?.y ?? 0).toBeGreaterThan((cwnd?.y ?? 0) + (cwnd?.height ?? 0) - 1);
      expect(cwnd?.y ?? 0).toBeGreaterThan((boxes.controls?.y ?? 0) + (boxes.controls?.height ?? 0));
      await keep(testInfo, `phone-${phone.name}`, await page.screenshot());
    });

    test('scrubbing by touch: a tap on the slider and on a plot moves the playback time', async ({ page }) => {
      const app = new AppPage(page);
      const playback = new PlaybackBar(page);
      await app.open(RUN);
      await app.waitForRun();
      await page.waitForFunction(() => document.querySelectorAll('figure.plot[data-complete="true"]').length > 1);
      expect(await playback.seconds()).toBe(0);
      const slider = await page.locator('.scrub input').boundingBox();
      if (!slider) throw new Error('no slider');
      await page.touchscreen.tap(slider.x + slider.width * 0.75, slider.y + slider.height / 2);
      await expect.poll(() => playback.seconds()).toBeGreaterThan(10);
      const hit = page.getByTestId('plot-cwnd').locator('.plot-hit');
      await hit.scrollIntoViewIfNeeded();
      const box = await hit.boundingBox();
      if (!box) throw new Error('no plot');
      await page.touchscreen.tap(box.x + box.width * 0.25, box.y + box.height / 2);
      await expect.poll(() => playback.seconds()).toBeLessThan(8);
      expect(await playback.seconds()).toBeGreaterThan(2);
    });
  });
}

test.describe('phone 390x844: hostile labels and a11y', () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });

  test('a 200-character node name stays clear of its neighbours', async ({ page }) => {
    await recordCanvasText(page);
    const app = new AppPage(page);
    const long = 'a very long sender name '.repeat(9).trim().slice(0, 200);
    await app.open(`/?s=seed000/wired&set=nodes.sender.label=${encodeURIComponent(long)}`);
    await app.waitForRun();
    // One fresh drawing: the list of short names under the canvas changes its height once after the first layout.
    const drawn = await new Screen(page).redrawnText('animation');
    // Node names: bold, centred, hanging from their top.
    const names = drawn.filter((d) => d.font.startsWith('600') && d.align === 'center' && d.baseline === 'top');
    const last = new Map<string, (typeof names)[number]>();
    for (const n of names) last.set(`${Math.round(n.x)},${Math.round(n.y)}`, n);
    const boxes = [...last.values()].map((n) => ({ text: n.text, x0: n.x - n.width / 2, x1: n.x + n.width / 2, y0: n.y, y1: n.y + n.px }));
    expect(boxes.length).toBeGreaterThanOrEqual(4);
    const hits: string[] = [];
    for (const a of boxes) for (const b of boxes) if (a !== b && a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1) hits.push(`${a.text} / ${b.text}`);
    expect(hits).toEqual([]);
  });

  test('axe-core: no violations of any impact on the phone view', async ({ page }) => {
    const app = new AppPage(page);
    await app.open(RUN);
    await app.waitForRun();
    await page.waitForFunction(() => document.querySelectorAll('figure.plot[data-complete="true"]').length > 1);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
  });
});
