import { expect, test, type Page } from '@playwright/test';
import { AppPage } from './pages/app';

// After one visit the service worker (Workbox, precaching the app, its chunks,
// the engine worker and the .wasm engine) serves everything: the app loads and
// runs with the network off, and never asks any other origin for anything.

async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.state === 'activated' && navigator.serviceWorker.controller !== null;
  });
}

/** Scenarios run offline: TCP, UDP and a middlebox, on small links. */
const OFFLINE_RUNS = ['seed000/wired', 'examples/cbr-udp', 'examples/snoop'];

test('after one visit the app loads and runs with the network off', async ({ page, context }) => {
  const app = new AppPage(page);
  const online: Record<string, string> = {};
  for (const id of OFFLINE_RUNS) {
    await app.open(`/?s=${id}&seed=1`);
    await app.waitForRun();
    online[id] = await app.digest();
  }
  await waitForServiceWorker(page);

  await context.setOffline(true);
  const fromNetwork: string[] = [];
  page.on('response', (r) => {
    if (!r.fromServiceWorker() && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) fromNetwork.push(r.url());
  });
  for (const id of OFFLINE_RUNS) {
    // A new document each time: its run starts from idle.
    await app.open(`/?s=${id}&seed=1`);
    await app.waitForRun();
    expect(await app.digest(), id).toBe(online[id]);
  }
  await page.reload();
  await app.waitForRun();
  expect(await app.digest()).toBe(online[OFFLINE_RUNS.at(-1)!]);
  // Every scenario file ships inside the app: each one is offered offline.
  const dialog = await app.openPicker();
  await expect(dialog.getByRole('button', { name: /PERF-1/ })).toBeVisible();
  expect(fromNetwork, 'requests that bypassed the service worker').toEqual([]);
  await context.setOffline(false);
});

test('the app asks nothing of any other origin while it loads and runs', async ({ page, baseURL }) => {
  const origin = new URL(baseURL ?? 'http://localhost/').origin;
  const foreign: string[] = [];
  const track = (url: string) => {
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    if (new URL(url).origin !== origin) foreign.push(url);
  };
  page.on('request', (r) => track(r.url()));
  page.context().on('request', (r) => track(r.url()));
  const app = new AppPage(page);
  await app.open('/?s=seed000/satellite-symmetric&seed=1');
  await app.waitForRun();
  await app.open('/?s=examples/red-ecn&seed=1&set=duration=5s');
  await app.waitForRun();
  // The manifest and its icons are this origin's too.
  const manifest = await page.evaluate(async () => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    const res = await fetch(link?.href ?? '');
    return { ok: res.ok, json: (await res.json()) as { icons: { src: string; sizes: string; purpose: string }[] } };
  });
  expect(manifest.ok).toBe(true);
  expect(manifest.json.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']),
  );
  for (const icon of manifest.json.icons) {
    const status = await page.evaluate(async (src) => (await fetch(src)).status, new URL(icon.src, page.url()).href);
    expect(status, icon.src).toBe(200);
  }
  expect(foreign).toEqual([]);
});
