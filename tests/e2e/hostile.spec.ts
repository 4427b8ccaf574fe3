import { expect, test } from '@playwright/test';
import { AppPage } from './pages/app';
import { encodeInPage } from './pages/custom';
import { NoticesArea } from './pages/notices';
import { PlotsPanel } from './pages/plots';
import { keep } from './support';

test.beforeEach(async ({ page }) => {
  // Any script run from hostile text would show up as a dialog or a global.
  page.on('dialog', (d) => {
    throw new Error(`a dialog opened: ${d.message()}`);
  });
});

test('malformed and oversized URL parameters are each named, shown as text, and the default scenario still runs', async ({ page }, testInfo) => {
  const app = new AppPage(page);
  const notices = new NoticesArea(page);
  const plots = new PlotsPanel(page);
  const params = new URLSearchParams();
  params.append('s', '<script>alert(1)</script>');
  params.append('seed', '-5');
  params.append('t', 'abc');
  params.append('speed', '9999');
  params.append('zoom', '5,1');
  params.append('plots', 'cwnd,<img src=x onerror=alert(2)>');
  params.append('flow', '../x');
  params.append('pkt', '-3');
  params.append('cmp', 'yes');
  params.append('set', `flows.ftp.tcp.rwnd=${'9'.repeat(3000)}`);
  params.append('bogus', '<b>bold</b>');
  await app.open(`/?${params.toString()}`);
  await app.waitForRun();
  // Only the plots named correctly are shown: cwnd.
  await expect(plots.cwnd).toHaveAttribute('data-complete', 'true');
  await expect(plots.all()).toHaveCount(1);
  for (const p of ['s', 'seed', 't', 'speed', 'zoom', 'plots', 'flow', 'pkt', 'cmp', 'set', 'bogus']) {
    await expect(notices.forParam(p), p).toBeVisible();
  }
  // Shown as text, never as markup.
  await expect(notices.forParam('s')).toContainText('unknown scenario "<script>alert(1)</script>"');
  await expect(notices.forParam('plots')).toContainText('<img src=x onerror=alert(2)>');
  await expect(notices.forParam('set')).toContainText('longer than 2000 characters');
  await expect(notices.forParam('bogus')).toContainText('unknown parameter');
  await expect(notices.area.locator('script, img, b')).toHaveCount(0);
  // Each says what it allows.
  await expect(notices.forParam('speed')).toContainText('allowed: a number from 0.01 to 1000');
  await expect(notices.forParam('zoom')).toContainText('allowed: two times in ms');
  await expect(app.scenarioButton()).toContainText('Wired baseline');
  expect(await plots.points(plots.cwnd)).toBeGreaterThan(0);
  await keep(testInfo, 'hostile-url', await page.screenshot());
});

test('scenario text containing HTML is shown as text everywhere', async ({ page }, testInfo) => {
  const app = new AppPage(page);
  await app.open('/?s=seed000/wired');
  await app.waitForRun();
  const evil = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
  const scenario = {
    version: 1,
    id: 'custom',
    title: `Title ${evil}`,
    description: `Description ${evil}`,
    duration: '5s',
    nodes: [
      { id: 'a', label: `Node ${evil}` },
      { id: 'b', label: 'Receiver' },
    ],
    links: [{ id: 'l', a: 'a', b: 'b', rate: '1Mbps', delay: '10ms' }],
    flows: [{ id: 'f', from: 'a', to: 'b' }],
    knobs: [{ label: `Knob ${evil}`, help: `Help ${evil}`, path: 'flows.f.tcp.initial_window', options: [1, 2] }],
  };
  await app.open(`/?s=custom&cs=${await encodeInPage(page, scenario)}`);
  await app.waitForRun();
  const info = page.getByTestId('scenario-panel');
  await expect(info.locator('.scenario-title')).toHaveText(`Title ${evil}`);
  await expect(info.locator('.scenario-description')).toHaveText(`Description ${evil}`);
  await expect(app.scenarioButton()).toContainText(`Title ${evil}`);
  await expect(page.getByTestId('knobs-panel')).toContainText(`Knob ${evil}`);
  await expect(page.getByTestId('knobs-panel')).toContainText(`Help ${evil}`);
  await expect(page.getByTestId('animation')).toHaveAttribute('aria-label', new RegExp(`Node <img`));
  await expect(page.locator('main img, main script')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await keep(testInfo, 'html-as-text', await page.screenshot());
});

test('a custom scenario link that is too long, not compressed or a zip bomb is named and refused', async ({ page }) => {
  const app = new AppPage(page);
  const notices = new NoticesArea(page);
  await app.open(`/?s=custom&cs=${'A'.repeat(2500)}`);
  await app.waitForRun();
  await expect(notices.forParam('cs')).toContainText('longer than 2000 characters');
  await expect(notices.forParam('s')).toContainText('s=custom needs a valid cs parameter');
  await expect(app.scenarioButton()).toContainText('Wired baseline');

  await app.open('/?s=custom&cs=notcompressed');
  await app.waitForRun();
  await expect(notices.forParam('cs')).toContainText(/not base64url|not a compressed scenario|not text/);

  const bomb = await encodeInPage(page, { title: 'x'.repeat(600_000) });
  expect(bomb.length).toBeLessThan(2000);
  await app.open(`/?s=custom&cs=${bomb}`);
  await app.waitForRun();
  await expect(notices.forParam('cs')).toContainText('expands to more than 256 KB');
  await expect(app.scenarioButton()).toContainText('Wired baseline');
});
