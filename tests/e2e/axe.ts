import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { writeFile } from 'node:fs/promises';

/** Runs axe-core on the page; fails on serious or critical violations, keeps the full report. */
export async function audit(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const path = testInfo.outputPath(`axe-${name}.json`);
  await writeFile(path, JSON.stringify({ violations: results.violations, passes: results.passes.map((p) => p.id), incomplete: results.incomplete.map((p) => p.id) }, null, 2));
  await testInfo.attach(`axe-${name}`, { path, contentType: 'application/json' });
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  expect(summary, `${name}: serious or critical accessibility violations`).toEqual([]);
  expect(results.passes.length).toBeGreaterThan(10);
}
