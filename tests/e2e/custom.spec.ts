import { expect, test } from '@playwright/test';
import { AppPage } from './pages/app';
import { CustomEditor, encodeInPage } from './pages/custom';
import { MechanismBar } from './pages/mechanisms';
import { PlotsPanel } from './pages/plots';
import { keep } from './support';

test('a custom scenario built from the forms runs, travels in the link and reopens', async ({ page }, testInfo) => {
  const app = new AppPage(page);
  const editor = new CustomEditor(page);
  const plots = new PlotsPanel(page);
  await app.open('/?s=seed000/wired&seed=1');
  await app.waitForRun();
  const runId = await app.runId();
  await editor.openBlank();
  await editor.fill('Title', 'Two hops, slow bottleneck');
  await editor.fill('link bottleneck rate', '500kbps');
  await editor.input('flow ftp variant').selectOption('newreno');
  await expect(editor.size).toHaveText(/^\d+ of 2000 characters in the link$/);
  await keep(testInfo, 'editor', await page.screenshot());
  await editor.run();
  await expect(editor.dialog).toBeHidden();
  await app.waitForRun(runId);
  await plots.waitDrawn();
  expect(app.params().get('s')).toBe('custom');
  const cs = app.params().get('cs') ?? '';
  expect(cs).toMatch(/^[A-Za-z0-9_-]{20,2000}$/);
  await expect(app.scenarioButton()).toContainText('Two hops, slow bottleneck');
  await expect(page.getByTestId('summary')).toContainText('newreno');
  const digest = await app.digest();

  // Knobs and link forms work on it like on any scenario.
  const again = await app.runId();
  await page.getByTestId('knobs-panel').getByTestId('link-forms').locator('> summary').click();
  const rate = page.getByTestId('knobs-panel').locator('[data-path="links.bottleneck.rate"] input');
  await expect(rate).toHaveValue('500kbps');

  await page.reload();
  await app.waitForRun();
  expect(await app.digest()).toBe(digest);
  expect(again).not.toBe('');
  await keep(testInfo, 'custom-run', await page.screenshot({ fullPage: true }));
});

test('the editor shows the engine errors by field and keeps what was typed', async ({ page }) => {
  const app = new AppPage(page);
  const editor = new CustomEditor(page);
  await app.open('/?s=seed000/wired&seed=1');
  await app.waitForRun();
  await editor.openBlank();
  await editor.fill('link bottleneck rate', 'fast');
  await editor.run();
  await expect(editor.errors).toContainText('links.bottleneck.rate');
  await expect(editor.dialog.locator('[data-field="link bottleneck.rate"] .knob-error')).toBeVisible();
  expect(app.params().get('s')).toBe('seed000/wired');
  // Closing keeps the draft; reopening shows it.
  await editor.dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(editor.dialog).toBeHidden();
  await editor.openBlank();
  await expect(editor.input('link bottleneck rate')).toHaveValue('fast');
  await editor.dialog.getByRole('button', { name: 'Start over' }).click();
  await expect(editor.input('link bottleneck rate')).toHaveValue('1Mbps');
  await editor.dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await page.getByTestId('scenario-picker').click();
  await page.getByTestId('edit-as-custom').click();
  await expect(editor.dialog).toBeVisible();
  // "Edit as custom" starts from the current scenario instead.
  await expect(editor.input('Title')).toHaveValue('Wired baseline (Tahoe over 0.8 Mbit/s)');
});

test('a scenario too large for a link is refused with its size and the limit', async ({ page }) => {
  const app = new AppPage(page);
  const editor = new CustomEditor(page);
  await app.open('/?s=seed000/wired&seed=1');
  await app.waitForRun();
  await editor.openBlank();
  // Text that does not compress: 4000 pseudo-random characters.
  const noise = Array.from({ length: 4000 }, (_, i) => String.fromCharCode(33 + ((i * 7919 + ((i * i) % 89)) % 90))).join('');
  await editor.fill('What to watch for', noise);
  await expect(editor.size).toHaveClass(/too-large/);
  await editor.run();
  await expect(editor.errors).toContainText(/too large for a link: \d+ characters compressed, at most 2000/);
  expect(app.params().get('s')).toBe('seed000/wired');
  await expect(editor.input('What to watch for')).toHaveValue(noise);
});

test('preset knobs and prominent switches: one click sets several fields, re-runs, changes the plots and the URL', async ({ page }, testInfo) => {
  const app = new AppPage(page);
  const bar = new MechanismBar(page);
  const plots = new PlotsPanel(page);
  await app.open('/?s=seed000/wired&seed=1');
  await app.waitForRun();
  const scenario = {
    version: 1,
    id: 'custom',
    title: 'Lossy hop with SACK and delayed-ACK switches',
    duration: '20s',
    seed: 1,
    nodes: [{ id: 'sender' }, { id: 'gw', kind: 'router' }, { id: 'receiver' }],
    links: [
      { id: 'access', a: 'sender', b: 'gw', rate: '10Mbps', delay: '1ms' },
      { id: 'radio', a: 'gw', b: 'receiver', rate: '1Mbps', delay: '50ms', errors: { ber: 2e-5 } },
    ],
    flows: [{ id: 'ftp', from: 'sender', to: 'receiver', tcp: { variant: 'reno', rwnd: '200KB' } }],
    knobs: [
      {
        label: 'SACK',
        prominent: true,
        presets: [
          { label: 'off', set: { 'flows.ftp.tcp.variant': 'reno', 'flows.ftp.receiver.sack': false } },
          { label: 'on', set: { 'flows.ftp.tcp.variant': 'sack1', 'flows.ftp.receiver.sack': true } },
        ],
      },
      { label: 'Delayed ACK', prominent: true, path: 'flows.ftp.receiver.delayed_ack', options: [false, true] },
      { label: 'Rate', path: 'links.radio.rate', options: ['500kbps', '1Mbps'] },
    ],
  };
  await app.open(`/?s=custom&cs=${await encodeInPage(page, scenario)}`);
  await app.waitForRun();
  await plots.waitDrawn();
  const sack = bar.switch('SACK');
  await expect(sack).toHaveAttribute('aria-checked', 'false');
  await expect(bar.switch('Delayed ACK')).toHaveAttribute('aria-checked', 'false');
  const before = await plots.plot('tseq').screenshot();
  const digest = await app.digest();
  await keep(testInfo, 'sack-off', await page.screenshot());

  const runId = await app.runId();
  await sack.click();
  await app.waitForRun(runId);
  await plots.waitDrawn();
  await expect(sack).toHaveAttribute('aria-checked', 'true');
  expect(app.params().getAll('set')).toEqual(['flows.ftp.receiver.sack=true', 'flows.ftp.tcp.variant=sack1']);
  expect(await app.digest()).not.toBe(digest);
  await expect(page.getByTestId('summary')).toContainText('sack1');
  // SACK blocks now reach the sender: the time-sequence graph shows them.
  await expect(plots.plot('tseq').locator('.legend')).toContainText('SACK blocks');
  const after = await plots.plot('tseq').screenshot();
  expect(after.equals(before)).toBe(false);
  await keep(testInfo, 'sack-on', await page.screenshot());

  // Off again: the preset matches the scenario, so no override is left.
  const runOn = await app.runId();
  await sack.click();
  await app.waitForRun(runOn);
  expect(app.params().getAll('set')).toEqual([]);
  expect(await app.digest()).toBe(digest);
});
