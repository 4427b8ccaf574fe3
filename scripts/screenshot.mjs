// Regenerates docs/screenshot.png, the README's picture: serves the built app
// (run `npm run build` first), opens a scenario URL and captures the page.
import { preview } from 'vite';
import { chromium } from '@playwright/test';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const url = '?s=seed000%2Fwired&set=flows.ftp.tcp.rwnd%3D725KB&t=2300';

const server = await preview({ configFile: `${root}web/vite.config.ts`, preview: { port: 4179, strictPort: true } });
const bundled = (() => {
  try {
    return existsSync(chromium.executablePath());
  } catch {
    return false;
  }
})();
const browser = await chromium.launch({
  executablePath: bundled ? undefined : ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find(existsSync),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 760 }, deviceScaleFactor: 1 });
  await page.goto(`http://localhost:4179/${url}`);
  await page.locator('[data-run-state="done"]').waitFor({ timeout: 60_000 });
  await page.screenshot({ path: `${root}docs/screenshot.png` });
  console.log('wrote docs/screenshot.png');
} finally {
  await browser.close();
  await new Promise((resolve) => server.httpServer.close(resolve));
}
