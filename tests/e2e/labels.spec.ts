// The network's labels in a real browser with its fonts: on seed 001 with five
// terminals and Snoop (five names in one column, two gauges at the hub), no
// two texts drawn on the canvas overlap and none leaves it, on a projector,
// in present mode and on a phone, in English and Korean.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { AppPage } from './pages/app';
import { recordCanvasText, Screen } from './pages/screens';
import { keep } from './support';

const FIVE = ['f2', 'f3', 'f4', 'f5'].map((f) => `set=flows.${f}.enabled=true`).join('&');
const RUN = `/?s=seed001/snoop-vs-spoofing&${FIVE}&set=middleboxes.snoop.enabled=true&set=middleboxes.spoof.enabled=false&t=20000`;

const SCREENS = [
  { name: '1280x720', viewport: { width: 1280, height: 720 }, query: '', phone: false },
  { name: 'present', viewport: { width: 1280, height: 720 }, query: '&present=1', phone: false },
  { name: '390x844', viewport: { width: 390, height: 844 }, query: '', phone: true },
];

for (const screen of SCREENS) {
  for (const lang of ['en', 'ko']) {
    test.describe(`labels at ${screen.name} (${lang})`, () => {
      test.use({ viewport: screen.viewport, isMobile: screen.phone, hasTouch: screen.phone });

      test('seed 001, five terminals: no two canvas texts overlap, none leaves the canvas', async ({ page }, testInfo) => {
        await recordCanvasText(page);
        const app = new AppPage(page);
        const view = new Screen(page);
        await app.open(`${RUN}${screen.query}&lang=${lang}`);
        await app.waitForRun();
        // Texts of the network before the plots fixed its height are not this layout's.
        await app.waitForSettled();
        const drawn = await view.redrawnText('animation');
        // The hub's Snoop cache gauge is drawn.
        expect(drawn.some((d) => d.text.startsWith(lang === 'ko' ? 'Snoop 캐시' : 'snoop cache'))).toBe(true);
        expect(await view.textCollisions('animation')).toEqual([]);
        await keep(testInfo, `labels-${screen.name}-${lang}`, await page.getByTestId('animation').screenshot());
      });
    });
  }
}

test.describe('names drawn short', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test('are spelled out under the network, and that list passes axe-core', async ({ page }) => {
    const app = new AppPage(page);
    await app.open(RUN);
    await app.waitForRun();
    const list = page.getByTestId('animation-abbreviations');
    await expect(list).toContainText('t1 = terminal 1');
    const results = await new AxeBuilder({ page }).include('[data-testid="animation-panel"]').analyze();
    expect(results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
  });
});
