import { expect, test, type Page } from '@playwright/test';
import { AppPage } from './pages/app';
import { PlotsPanel } from './pages/plots';
import { keep, LOSSY } from './support';

/**
 * Interface words of the English catalog that must not show on a Korean page
 * (scenario titles and descriptions come from the scenario files and stay as written).
 */
const ENGLISH_UI = [
  'Settings',
  'Summary',
  'Compare A with B',
  'Copy link',
  'Congestion window',
  'Round-trip time',
  'Whole run',
  'Random seed',
  'Reset to scenario values',
  'events simulated',
  'Event filter',
  'Queue drops',
  'Retransmissions',
  'Export JSON',
  'Click an event',
  'Legend',
];

/** The visible text of the page plus the accessible names and tooltips of its controls. */
async function interfaceText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const attrs = [...document.querySelectorAll('[aria-label], [title], [placeholder]')].flatMap((el) =>
      ['aria-label', 'title', 'placeholder'].map((a) => el.getAttribute(a) ?? ''),
    );
    return `${document.body.innerText}\n${attrs.join('\n')}`;
  });
}

/** Scenario titles, descriptions and knob labels come from the scenario files, not the catalogs. */
async function withoutScenarioText(page: Page, text: string): Promise<string> {
  const fromScenario = await page.evaluate(() =>
    [...document.querySelectorAll('.scenario-info, .mechanisms, .knob label, .knob-label, .knob-help, .entity-section')].map((el) => (el as HTMLElement).innerText),
  );
  return fromScenario.reduce((rest, s) => rest.split(s).join(''), text);
}

test('English is the default language', async ({ page }) => {
  const app = new AppPage(page);
  await app.open(LOSSY);
  await app.waitForRun();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.getByTestId('language-switch').getByRole('button', { name: 'EN' })).toHaveAttribute('aria-pressed', 'true');
  expect(app.params().get('lang')).toBeNull();
});

test('lang=ko shows the whole interface in Korean and keeps lang in the URL', async ({ page }, testInfo) => {
  const app = new AppPage(page);
  await app.open(`${LOSSY}&lang=ko`);
  await app.waitForRun();
  await new PlotsPanel(page).waitDrawn();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
  for (const heading of ['시나리오', '설정', '비교', '네트워크', '이벤트', '그래프', '요약']) {
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('group', { name: '재생' })).toBeVisible();
  await expect(page.getByTestId('plot-cwnd')).toContainText('혼잡 윈도우(cwnd)');
  await expect(page.getByTestId('run-status')).toContainText('시뮬레이션 완료');
  await expect(page.getByRole('button', { name: '링크 복사' })).toBeVisible();
  const text = await withoutScenarioText(page, await interfaceText(page));
  const leaked = ENGLISH_UI.filter((w) => text.includes(w));
  expect(leaked, 'English interface text on the Korean page').toEqual([]);
  // The app rewrites the URL as the view changes; lang stays in it.
  await page.getByRole('button', { name: '다음 이벤트' }).click();
  await expect.poll(() => app.params().get('pkt')).not.toBeNull();
  expect(app.params().get('lang')).toBe('ko');
  expect(app.params().get('s')).toBe('seed000/wired');
  await keep(testInfo, 'korean', await page.screenshot({ fullPage: true }));
});

test('the language switch changes the language without losing the view', async ({ page }) => {
  const app = new AppPage(page);
  await app.open(LOSSY);
  await app.waitForRun();
  const digest = await app.digest();
  const runId = await app.runId();
  const switcher = page.getByTestId('language-switch');
  await switcher.getByRole('button', { name: '한국어' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
  await expect(page.getByRole('heading', { name: '설정', exact: true })).toBeVisible();
  await expect.poll(() => app.params().get('lang')).toBe('ko');
  // Same run, same scenario, overrides and cursor: nothing re-ran.
  expect(await app.runId()).toBe(runId);
  expect(await app.digest()).toBe(digest);
  expect(app.params().get('set')).toBe('flows.ftp.tcp.rwnd=725KB');
  expect(app.params().get('t')).toBe('5000');
  await switcher.getByRole('button', { name: 'EN' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect.poll(() => app.params().get('lang')).toBe('en');
  // A reload keeps the choice (it is in the URL).
  await page.reload();
  await app.waitForRun();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await app.digest()).toBe(digest);
});

test('an unknown lang= is a notice and English is used', async ({ page }) => {
  const app = new AppPage(page);
  await app.open(`${LOSSY}&lang=xx`);
  await app.waitForRun();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const notice = page.locator('[data-notice^="url:lang"]');
  await expect(notice).toContainText('"xx" is not a language of the interface');
  // Switching the language words the notice again.
  await page.getByTestId('language-switch').getByRole('button', { name: '한국어' }).click();
  await expect(notice).toContainText('"xx"은(는) 인터페이스 언어가 아닙니다');
  await expect(notice).toContainText('URL 매개변수 "lang"');
});

for (const [name, viewport] of [
  ['projector', { width: 1280, height: 720 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`Korean fits the ${name} (${viewport.width}x${viewport.height}): nothing wider than the screen`, async ({ page }, testInfo) => {
    await page.setViewportSize(viewport);
    const app = new AppPage(page);
    await app.open(`${LOSSY}&lang=ko`);
    await app.waitForRun();
    await new PlotsPanel(page).waitDrawn();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    // No control's text spills out of it (buttons, switches, tabs, headings).
    const spilled = await page.evaluate(() =>
      [...document.querySelectorAll('button, h1, h2, h3, label, summary, th, .chip, .segment')]
        .filter((el) => {
          const e = el as HTMLElement;
          return e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX === 'visible';
        })
        .map((el) => (el as HTMLElement).innerText.trim())
        .filter((t) => t !== ''),
    );
    expect(spilled).toEqual([]);
    await keep(testInfo, `korean-${name}`, await page.screenshot());
    await keep(testInfo, `korean-${name}-full`, await page.screenshot({ fullPage: true }));
    // A long scenario title: the picker gives way, the page does not scroll sideways.
    await app.open('/?s=seed002/two-connections&lang=ko');
    await app.waitForRun();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await keep(testInfo, `korean-${name}-long-title`, await page.screenshot());
  });
}

/** Elements whose text runs out of their box (nothing is clipped on purpose in these). */
async function spilled(page: Page, within: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const root = document.querySelector(sel);
    if (!root) return [`no ${sel}`];
    return [...root.querySelectorAll('button, h2, h3, h4, label, summary, th, td, kbd, .chip, .segment, .option-title')]
      .filter((el) => {
        const e = el as HTMLElement;
        return e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX === 'visible';
      })
      .map((el) => (el as HTMLElement).innerText.trim())
      .filter((t) => t !== '');
  }, within);
}

for (const [name, viewport] of [
  ['projector', { width: 1280, height: 720 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`Korean dialogs, compare mode and the inspector fit the ${name}`, async ({ page }, testInfo) => {
    await page.setViewportSize(viewport);
    const app = new AppPage(page);
    await app.open(`${LOSSY}&pkt=40&cmp=1&bset=flows.ftp.tcp.variant=reno&lang=ko`);
    await app.waitForRun();
    await expect(page.getByTestId('compare')).toContainText('실행 B');
    await expect(page.getByTestId('inspector')).toContainText('단방향 지연');
    await expect(page.getByTestId('compare-summary')).toContainText('굿풋');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    expect(await spilled(page, '.app')).toEqual([]);
    await keep(testInfo, `korean-compare-${name}`, await page.screenshot({ fullPage: true }));

    await page.getByRole('button', { name: '키보드 단축키' }).click();
    const help = page.getByTestId('help');
    await expect(help.getByRole('heading', { name: '키보드 단축키' })).toBeVisible();
    await expect(help).toContainText('재생 또는 일시 정지');
    expect(await spilled(page, '[data-testid="help"]')).toEqual([]);
    await keep(testInfo, `korean-help-${name}`, await page.screenshot());
    await help.getByRole('button', { name: '도움말 닫기' }).click();

    await page.getByTestId('scenario-picker').click();
    const picker = page.getByRole('dialog', { name: '시나리오 목록' });
    await expect(picker.getByRole('region', { name: '예제: 메커니즘 하나씩' })).toBeVisible();
    await keep(testInfo, `korean-picker-${name}`, await page.screenshot());
    await picker.getByRole('button', { name: /새 사용자 시나리오/ }).click();
    const editor = page.getByTestId('custom-editor');
    await expect(editor.getByRole('heading', { name: '사용자 시나리오' })).toBeVisible();
    await expect(editor.getByRole('button', { name: '이 시나리오 실행' })).toBeVisible();
    expect(await spilled(page, '[data-testid="custom-editor"]')).toEqual([]);
    // No field is cut off at the dialog's edge.
    const cut = await page.evaluate(() => {
      const body = document.querySelector('.custom-editor .editor-body');
      const footer = document.querySelector('.custom-editor .editor-footer');
      if (!body || !footer) return ['no editor'];
      const outside = (box: Element) => (el: Element) => {
        const r = el.getBoundingClientRect();
        const b = box.getBoundingClientRect();
        return r.width > 0 && (r.right > b.right + 1 || r.left < b.left - 1);
      };
      return [
        ...[...body.querySelectorAll('input, select, button')].filter(outside(body)),
        ...[...footer.querySelectorAll('button, span')].filter(outside(footer)),
      ].map((el) => el.getAttribute('aria-label') ?? (el.id || (el as HTMLElement).innerText));
    });
    expect(cut).toEqual([]);
    await keep(testInfo, `korean-editor-${name}`, await page.screenshot());
  });
}
