import type { TestInfo } from '@playwright/test';
import { writeFile } from 'node:fs/promises';

/** Saves a screenshot under test-results/ and attaches it to the report. */
export async function keep(testInfo: TestInfo, name: string, png: Buffer): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await writeFile(path, png);
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** A run of the wired baseline with losses: Tahoe's fast retransmits and queue drops. */
export const LOSSY = '/?s=seed000/wired&seed=1&set=flows.ftp.tcp.rwnd=725KB&t=5000';
