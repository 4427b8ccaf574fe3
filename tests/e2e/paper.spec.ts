import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFile } from 'node:fs/promises';
import { audit } from './axe';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = join(root, 'engine-wasm/target/release/ackscope');

interface SweepRun {
  axes: Record<string, string>;
  value: number;
  summary: { digest: string };
}

test('paper mode recomputes seed 003 Table 1 in the browser and matches the CLI', async ({ page }, testInfo) => {
  test.setTimeout(900_000);
  // The native sweep on this machine, timed, as the reference for every cell.
  const t0 = performance.now();
  const native = JSON.parse(execFileSync(cli, ['sweep', 'seed003/table1', '--format', 'json'], { encoding: 'utf8', maxBuffer: 64 << 20 }));
  const nativeMs = performance.now() - t0;
  const runs = native.runs as SweepRun[];
  expect(runs).toHaveLength(240);

  await page.goto('/?view=paper&seed=003&lang=en');
  const table = page.locator('[data-testid="paper-table"][data-sweep="seed003/table1"]');
  await expect(table).toBeVisible();
  await expect(table.locator('td.paper-cell')).toHaveCount(240);
  // Before a run: the paper's and ns-2's values, ours pending.
  const cell = table.locator('td[data-cell="Reno/10M/TCPSink/two-way"]');
  // The paper's value first, then ns-2's, then ours.
  await expect(cell).toHaveText(/^paper 7602\.4\s*ns-2 6689\.6\s*ours …$/);
  await expect(cell).toHaveAttribute('data-ours', '');

  await table.getByTestId('paper-run').click();
  await expect(table).toHaveAttribute('data-run', 'running');
  await expect(table.getByTestId('paper-progress')).toBeVisible();
  await expect(table).toHaveAttribute('data-run', 'done', { timeout: 840_000 });
  const browserMs = Number(await table.getAttribute('data-wall-ms'));
  const workers = await page.evaluate(() => navigator.hardwareConcurrency);
  const report = `seed003/table1: browser ${(browserMs / 1000).toFixed(2)} s on ${workers} workers, native ackscope sweep ${(nativeMs / 1000).toFixed(2)} s (ratio ${(browserMs / nativeMs).toFixed(2)})`;
  console.log(report);
  const path = testInfo.outputPath('paper-timing.txt');
  await writeFile(path, `${report}\n`);
  await testInfo.attach('paper-timing', { path, contentType: 'text/plain' });
  await testInfo.attach('paper-table1', { body: await page.screenshot({ fullPage: false }), contentType: 'image/png' });
  await audit(page, testInfo, 'paper');

  // Every recomputed cell equals the CLI's; the agreement lines are the CLI's too.
  const ours = await table.locator('td.paper-cell').evaluateAll((tds) => tds.map((td) => [td.getAttribute('data-cell'), Number(td.getAttribute('data-ours'))] as const));
  const byCell = new Map(runs.map((r) => [[r.axes.sender, r.axes.speed, r.axes.sink, r.axes.traffic].join('/'), r]));
  for (const [key, value] of ours) expect(value, key ?? '').toBeCloseTo(byCell.get(key ?? '')!.value, 6);
  const reno = byCell.get('Reno/10M/TCPSink/two-way')!;
  await expect(cell).toHaveAttribute('data-ours', String(reno.value));
  for (const line of native.agreement as string[]) if (line.startsWith('ours')) await expect(table.getByTestId('paper-agreement')).toContainText(line);

  // The cell opens that exact run in the simulator: same digest as the CLI's run.
  await cell.getByTestId('paper-ours').click();
  await expect(page).toHaveURL(/s=seed003%2Ftwo-way/);
  await expect(page.locator('.app')).toHaveAttribute('data-run-state', 'done', { timeout: 60_000 });
  await expect(page.locator('.app')).toHaveAttribute('data-digest', reno.summary.digest);
});

test('paper mode: cancel, other seeds, and a bad seed', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/?view=paper&seed=003&lang=ko');
  const table2 = page.locator('[data-testid="paper-table"][data-sweep="seed003/table2"]');
  await table2.getByTestId('paper-run').click();
  await expect(table2.getByTestId('paper-status')).toContainText('회');
  await table2.getByTestId('paper-cancel').click();
  await expect(table2).toHaveAttribute('data-run', 'cancelled');
  await expect(table2.getByTestId('paper-status')).toContainText('취소됨');

  await page.goto('/?view=paper&seed=004&lang=en');
  await expect(page.locator('[data-testid="paper-table"][data-sweep="seed004/asymmetry"]')).toBeVisible();
  await expect(page.locator('[data-testid="paper-table"][data-sweep="seed004/sessions"]')).toBeVisible();

  await page.goto('/?view=paper&seed=000&lang=en');
  const seed000 = page.locator('[data-testid="paper-table"][data-sweep="seed000/window-scale"]');
  await expect(seed000.locator('td.paper-cell')).toHaveCount(24);
  await seed000.getByTestId('paper-run').click();
  await expect(seed000).toHaveAttribute('data-run', 'done', { timeout: 120_000 });
  await expect(seed000.locator('td[data-cell="2M/0/725 KB"]')).toHaveAttribute('data-ours', /^156[0-9]\./);
  await expect(page.getByTestId('paper-setups').getByRole('link')).toHaveCount(5);

  await page.goto('/?view=paper&seed=042&lang=en');
  await expect(page.getByTestId('paper-notice')).toContainText('no seed paper "042"');
  await expect(page.locator('[data-testid="paper-table"][data-sweep="seed003/table1"]')).toBeVisible();
});
