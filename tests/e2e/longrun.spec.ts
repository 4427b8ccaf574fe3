import { expect, test } from '@playwright/test';
import { AppPage } from './pages/app';
import { NetworkPanel } from './pages/network';

test.use({ viewport: { width: 1280, height: 720 } });

// bench/perf-1 records more packets than the page keeps (the trace stops near
// 23 s): past that, the packets around the playhead are simulated again.
test('bench/perf-1 animates packets to the end of the run, past the kept trace', async ({ page }) => {
  test.setTimeout(300_000);
  const app = new AppPage(page);
  const network = new NetworkPanel(page);
  await app.open('/?s=bench/perf-1&t=60000');
  await expect(app.root).toHaveAttribute('data-run-state', 'done', { timeout: 240_000 });
  await expect(network.canvas).toHaveAttribute('data-trace', 'window', { timeout: 60_000 });
  await expect.poll(async () => Number(await network.canvas.getAttribute('data-packets')), { timeout: 30_000 }).toBeGreaterThan(10);
  // Near the end too.
  await page.goto('/?s=bench/perf-1&t=98000');
  await expect(app.root).toHaveAttribute('data-run-state', 'done', { timeout: 240_000 });
  await expect(network.canvas).toHaveAttribute('data-trace', 'window', { timeout: 60_000 });
  await expect.poll(async () => Number(await network.canvas.getAttribute('data-packets')), { timeout: 30_000 }).toBeGreaterThan(10);
});
