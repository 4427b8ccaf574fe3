import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { audit } from './axe';
import { keep } from './support';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = join(root, 'engine-wasm/target/release/ackscope');

/** Goodput of flow `flow` in the CLI's run of a scenario (kbit/s, one decimal, as the lesson prints it). */
function cliGoodputKbps(scenario: string, flow: string, sets: string[] = []): string {
  const out = JSON.parse(execFileSync(cli, ['run', scenario, '--format', 'json', ...sets.flatMap((s) => ['--set', s])], { encoding: 'utf8' }));
  const f = out.flows.find((x: { id: string }) => x.id === flow);
  return (f.goodput_bps / 1000).toFixed(1);
}

const TEXT = {
  en: { step1: 'Slow start', step2: 'Tahoe meets a loss', right: 'Your prediction was right.' },
  ko: { step1: '슬로 스타트', step2: 'Tahoe가 손실을 만나면', right: '예측이 맞았습니다.' },
} as const;

async function stepOf(page: Page): Promise<string | null> {
  return page.locator('.lesson-page').getAttribute('data-step');
}

for (const lang of ['en', 'ko'] as const) {
  test(`walks the cwnd lesson: predict, run, reveal, next, reload resumes (${lang})`, async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    await page.goto(`/?lesson=cwnd-basics&lang=${lang}`);
    const panel = page.getByTestId('lesson-panel');
    await expect(panel.getByRole('heading', { name: TEXT[lang].step1 })).toBeVisible();
    expect(await stepOf(page)).toBe('1');
    // Predict first: Run waits for an answer, and the stage shows nothing yet.
    const run = page.getByTestId('lesson-run');
    await expect(run).toBeDisabled();
    await expect(page.getByTestId('lesson-stage-empty')).toBeVisible();
    await page.getByTestId('lesson-predict').getByRole('radio').nth(1).check();
    // Sketch the cwnd: a ramp then a plateau, dragged across the pad.
    const pad = page.getByTestId('lesson-sketch-pad');
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.12, box.y + box.height * 0.85);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.35, { steps: 8 });
    await page.mouse.move(box.x + box.width * 0.95, box.y + box.height * 0.35, { steps: 12 });
    await page.mouse.up();
    await expect(page.getByTestId('lesson-sketch-guess')).toHaveAttribute('d', /^M.*L/);
    await run.click();
    const reveal = page.getByTestId('lesson-reveal');
    await expect(reveal).toBeVisible({ timeout: 90_000 });
    await expect(page.getByTestId('lesson-verdict')).toHaveAttribute('data-correct', 'true');
    await expect(page.getByTestId('lesson-verdict')).toHaveText(TEXT[lang].right);
    // The reveal quotes this run's goodput, which is the CLI's for the same scenario.
    await expect(reveal).toContainText(`${cliGoodputKbps('seed000/wired', 'ftp')} kbit/s`);
    await expect(page.locator('.lesson-stage canvas').first()).toBeVisible();
    // After the run, the real cwnd is drawn over the sketch, with how far the guess was.
    await expect(page.getByTestId('lesson-sketch-actual')).toHaveAttribute('d', /^M.*L/);
    await expect(page.getByTestId('lesson-sketch-score')).toBeVisible();
    await keep(testInfo, `lesson-step1-${lang}`, await page.screenshot());
    await audit(page, testInfo, `lesson-${lang}`);

    // The reveal's link opens the same run in the simulator.
    const appLink = await page.getByTestId('lesson-open-app').getAttribute('href');
    expect(appLink).toContain('s=seed000%2Fwired');

    await page.getByTestId('lesson-next').click();
    await expect(panel.getByRole('heading', { name: TEXT[lang].step2 })).toBeVisible();
    await expect(page).toHaveURL(/[?&]step=2(&|$)/);
    await expect(page.getByTestId('lesson-stage-empty')).toBeVisible();
    await page.getByTestId('lesson-predict').getByRole('radio').nth(0).check();

    // Reload: the link keeps the step, and the answer chosen is remembered.
    await page.reload();
    await expect(panel.getByRole('heading', { name: TEXT[lang].step2 })).toBeVisible();
    await expect(page.getByTestId('lesson-predict').getByRole('radio').nth(0)).toBeChecked();
    // A link without a step resumes where the learner left off (localStorage).
    await page.goto(`/?lesson=cwnd-basics&lang=${lang}`);
    await expect(panel.getByRole('heading', { name: TEXT[lang].step2 })).toBeVisible();
    expect(await stepOf(page)).toBe('2');
    // The wrong answer is marked after the run, the right one highlighted.
    await page.getByTestId('lesson-run').click();
    await expect(page.getByTestId('lesson-verdict')).toHaveAttribute('data-correct', 'false', { timeout: 90_000 });
    await expect(page.locator('.lesson-option-correct')).toHaveCount(1);
    // Step 2's reveal quotes step 1's run too.
    await expect(page.getByTestId('lesson-reveal')).toContainText(`${cliGoodputKbps('seed000/wired', 'ftp')} kbit/s`);
    await expect(page.getByTestId('lesson-reveal')).toContainText(`${cliGoodputKbps('seed000/wired', 'ftp', ['flows.ftp.tcp.rwnd=725KB'])} kbit/s`);
  });
}

test('bad lesson links give notices, never a blank page', async ({ page }) => {
  await page.goto('/?lesson=no-such-lesson&lang=en');
  const notice = page.getByTestId('lesson-notice');
  await expect(notice).toContainText('There is no lesson "no-such-lesson"');
  await expect(notice).toContainText('cwnd-basics');

  await page.goto('/?lesson=cwnd-basics&step=99&lang=en');
  await expect(page.getByTestId('lesson-notice')).toContainText('step "99"');
  await expect(page.getByTestId('lesson-notice')).toContainText('a step number from 1 to');
  await expect(page.getByTestId('lesson-panel')).toBeVisible();

  // A link straight to a later step: figures of earlier runs are missing, and the page says which step fills them.
  await page.goto('/?lesson=cwnd-basics&step=2&lang=en');
  await page.getByTestId('lesson-predict').getByRole('radio').nth(1).check();
  await page.getByTestId('lesson-run').click();
  await expect(page.getByTestId('lesson-reveal')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('lesson-missing')).toHaveText('Run step 1 of this lesson to fill in the figures marked —.');

  await page.goto('/?lesson=cwnd-basics&step=two&lang=ko');
  await expect(page.getByTestId('lesson-notice')).toContainText('"two"');
  await expect(page.getByTestId('lesson-panel')).toBeVisible();

  // Run settings belong in the lesson file: a link's own are named and ignored.
  await page.goto('/?lesson=cwnd-basics&step=1&set=flows.ftp.tcp.variant=reno&speed=2&lang=en');
  await expect(page.locator('[data-notice="params"]')).toContainText('does not use "set", "speed"');
  await expect(page.locator('[data-notice="params"]')).toContainText('allowed: lesson, lessonUrl, step, lang');
  await expect(page.getByTestId('lesson-panel')).toBeVisible();

  await page.goto('/?lessonUrl=https://elsewhere.invalid/l.toml&lang=en');
  await expect(page.getByTestId('lesson-notice')).toContainText('is not on this site');

  await page.route('**/missing-lesson.toml', (r) => r.fulfill({ status: 404, body: 'no' }));
  await page.goto('/?lessonUrl=/missing-lesson.toml&lang=en');
  await expect(page.getByTestId('lesson-notice')).toContainText('could not be loaded');
});

const BAD_LESSON = `
version = 1
id = "Bad Id"
title = { en = "A broken lesson", fr = "Une leçon" }
colour = "red"

[[steps]]
title = { en = "One" }
text = { en = "Quotes {flows.ftp.nothing:furlongs}" }
params = "s=seed000/nowhere&set=flows.ftp.tcp.variant"

[steps.predict]
question = { en = "?" }
options = [{ text = { en = "only one" } }]
`;

test('a malformed lesson file gets field-by-field errors', async ({ page }) => {
  await page.goto('/?view=lessons&lang=en');
  await expect(page.getByTestId('lesson-list')).toBeVisible();
  await page.getByTestId('lesson-file').setInputFiles({ name: 'bad.toml', mimeType: 'text/plain', buffer: Buffer.from(BAD_LESSON) });
  const notice = page.getByTestId('lesson-notice');
  await expect(notice).toContainText('The lesson file bad.toml has problems');
  const line = (path: string) => notice.locator(`li[data-path="${path}"]`);
  await expect(line('id')).toContainText('lower-case letters');
  await expect(line('lesson')).toContainText('colour');
  await expect(line('title')).toContainText('fr');
  await expect(line('title')).toContainText('allowed: en, ko');
  await expect(line('steps.1.predict.options').filter({ hasText: 'at least 2' })).toHaveCount(1);
  await expect(line('steps.1.predict.options').filter({ hasText: 'correct = true' })).toHaveCount(1);
  // A TOML syntax error names the line.
  await page.getByTestId('lesson-file').setInputFiles({ name: 'broken.toml', mimeType: 'text/plain', buffer: Buffer.from('version = 1\nid = "x\n') });
  await expect(page.getByTestId('lesson-notice')).toContainText('not valid TOML');
  await expect(page.locator('li[data-path="file"]')).toContainText('line 2');

  // Valid shape, bad run parameters and placeholders: named by step, in Korean too.
  const badParams = BAD_LESSON.replace('id = "Bad Id"', 'id = "bad-params"')
    .replace(', fr = "Une leçon"', '')
    .replace('colour = "red"', '')
    .replace('options = [{ text = { en = "only one" } }]', 'options = [{ text = { en = "a" }, correct = true }, { text = { en = "b" } }]');
  await page.goto('/?view=lessons&lang=ko');
  await page.route('**/teacher/bad-params.toml', (r) => r.fulfill({ status: 200, body: badParams, contentType: 'text/plain' }));
  await page.goto('/?lessonUrl=/teacher/bad-params.toml&lang=ko');
  const params = page.locator('li[data-path="steps.1.params"]');
  await expect(params.first()).toContainText('매개변수 "s"');
  await expect(params.first()).toContainText('seed000/wired');
  await expect(page.locator('li[data-path="steps.1.text"]')).toContainText('{flows.ftp.nothing:furlongs}');
});

test('at projector width the scenario picker leads to the lessons and paper mode', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/?s=seed000/wired');
  await expect(page.getByTestId('link-lessons')).toBeHidden();
  await page.getByTestId('scenario-picker').click();
  await expect(page.getByTestId('picker-link-paper')).toBeVisible();
  await page.getByTestId('picker-link-lessons').click();
  await expect(page).toHaveURL(/view=lessons/);
  await expect(page.getByRole('heading').first()).toBeVisible();
});
