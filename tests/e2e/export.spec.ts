import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { AppPage } from './pages/app';
import { LOSSY } from './support';

// The run downloads as a pcap capture and as an ns-2 trace, written by the
// wasm engine in chunks; the size shows before the download.

async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

const PCAP = 'pcap capture (Wireshark)';
const NS2 = 'ns-2 trace';

interface Summary {
  digest: string;
  summary: { flows: { sent_packets: number; retransmits: number }[] };
}

/** Writes an export through the menu; returns what the page says of it before the download. */
async function prepare(page: Page, kind: string): Promise<{ bytes: number; items: number; digest: string; text: string }> {
  await page.getByTestId('export-run').click();
  await page.getByRole('button', { name: kind, exact: true }).click();
  const ready = page.getByTestId('export-ready');
  await expect(ready).toBeVisible({ timeout: 60_000 });
  return {
    bytes: Number(await ready.getAttribute('data-bytes')),
    items: Number(await ready.getAttribute('data-items')),
    digest: (await ready.getAttribute('data-digest')) ?? '',
    text: (await ready.textContent()) ?? '',
  };
}

/** pcap records: each packet's IPv4 source address; problems found on the way. */
function pcapPackets(bytes: Buffer): { packets: { src: string; length: number }[]; problems: string[] } {
  expect(bytes.readUInt32LE(0)).toBe(0xa1b23c4d); // nanosecond pcap
  expect(bytes.readUInt32LE(20)).toBe(101); // raw IP
  const packets: { src: string; length: number }[] = [];
  const problems: string[] = [];
  let at = 24;
  while (at + 16 <= bytes.length) {
    const length = bytes.readUInt32LE(at + 8);
    const ip = at + 16;
    if (bytes[ip]! >> 4 !== 4) problems.push(`packet ${packets.length}: not IPv4`);
    // IPv4 total length = captured length (whole packets).
    if (bytes.readUInt16BE(ip + 2) !== length) problems.push(`packet ${packets.length}: total length ${bytes.readUInt16BE(ip + 2)} != ${length}`);
    packets.push({ src: [...bytes.subarray(ip + 12, ip + 16)].join('.'), length });
    at = ip + length;
  }
  if (at !== bytes.length) problems.push(`records end at ${at} of ${bytes.length} bytes`);
  return { packets, problems };
}

test('the run downloads as pcap and as an ns-2 trace, sized before the download', async ({ page }) => {
  const app = new AppPage(page);
  await app.open(`${LOSSY}&set=duration=20s`);
  await app.waitForRun();
  const digest = await app.digest();
  const json = await download(page, () => page.getByTestId('export-summary').click());
  const summary = JSON.parse(json.bytes.toString('utf8')) as Summary;
  const flow = summary.summary.flows[0]!;
  expect(flow.retransmits).toBeGreaterThan(0);

  const pcap = await prepare(page, PCAP);
  expect(pcap.digest).toBe(digest); // the export re-ran the same run
  expect(pcap.text).toContain('.pcap');
  expect(pcap.text).toMatch(/(kB|MB)/);
  await expect(page.getByTestId('export-download')).toContainText(/\d/);
  const capture = await download(page, () => page.getByTestId('export-download').click());
  expect(capture.name).toMatch(/\.pcap$/);
  expect(capture.bytes.length).toBe(pcap.bytes);
  const { packets, problems } = pcapPackets(capture.bytes);
  expect(problems).toEqual([]);
  expect(packets.length).toBe(pcap.items);
  // The sender's own packets are every segment it sent, retransmissions included.
  const sender = packets[0]!.src;
  expect(packets.filter((p) => p.src === sender).length).toBe(flow.sent_packets);

  const trace = await prepare(page, NS2);
  const text = await download(page, () => page.getByTestId('export-download').click());
  expect(text.name).toMatch(/\.tr$/);
  expect(text.bytes.length).toBe(trace.bytes);
  const lines = text.bytes.toString('utf8').trimEnd().split('\n');
  expect(lines.length).toBe(trace.items);
  expect(lines[0]).toMatch(/^\+ 0\.000000000 \d+ \d+ tcp /);
  // Each sent segment is enqueued once on its first link: one `+` line there.
  const firstLink = lines[0]!.split(' ').slice(2, 4).join(' ');
  const enqueued = lines.filter((l) => l.startsWith('+ ') && l.split(' ').slice(2, 4).join(' ') === firstLink && l.includes(' tcp '));
  expect(enqueued.length).toBe(flow.sent_packets);
  const retransmitted = new Set<string>();
  const seen = new Set<string>();
  for (const l of enqueued) {
    const seq = l.split(' ')[10]!;
    if (seen.has(seq)) retransmitted.add(seq);
    seen.add(seq);
  }
  expect(retransmitted.size).toBeGreaterThan(0);
});

test('an export can be cancelled', async ({ page }) => {
  const app = new AppPage(page);
  await app.open('/?s=bench/perf-1&seed=1&set=duration=5s');
  await app.waitForRun();
  await page.getByTestId('export-run').click();
  await page.getByRole('button', { name: NS2, exact: true }).click();
  const status = page.getByTestId('export-status');
  await expect(status).toHaveAttribute('data-phase', 'writing');
  await status.getByRole('button', { name: 'Cancel' }).click();
  await expect(status).toHaveCount(0);
});
