import { defineConfig, chromium } from '@playwright/test';
import { existsSync } from 'node:fs';

// Playwright's own Chromium where it was downloaded, else the system's.
function chromiumPath(): string | undefined {
  const fromEnv = process.env.ACKSCOPE_CHROMIUM;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  try {
    if (existsSync(chromium.executablePath())) return undefined;
  } catch {
    /* no bundled browser */
  }
  return ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find(existsSync);
}

const port = Number(process.env.ACKSCOPE_TEST_PORT ?? 4173);

export default defineConfig({
  testDir: './e2e',
  outputDir: '../test-results',
  timeout: 90_000,
  expect: { timeout: 30_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['html', { outputFolder: '../playwright-report', open: 'never' }]],
  use: {
    baseURL: `http://localhost:${port}/`,
    viewport: { width: 1280, height: 800 },
    screenshot: 'on',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    // Serves the production build (npm test builds it first).
    command: `npx vite preview --config web/vite.config.ts --port ${port} --strictPort`,
    cwd: '..',
    url: `http://localhost:${port}/`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
