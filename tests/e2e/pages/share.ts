import { expect, type Download, type Locator, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';

/** Copy link and the export buttons. */
export class SharePanel {
  readonly copyButton: Locator;
  readonly copyStatus: Locator;
  readonly summaryExport: Locator;

  constructor(readonly page: Page) {
    this.copyButton = page.getByTestId('copy-link');
    this.copyStatus = page.locator('.copy-status');
    this.summaryExport = page.getByTestId('export-summary');
  }

  async copyLink(): Promise<string> {
    await this.copyButton.click();
    await expect(this.copyStatus).toHaveText('Link copied');
    return this.page.evaluate(() => navigator.clipboard.readText());
  }

  /** Runs `action` and returns the file it downloads. */
  async download(action: () => Promise<void>): Promise<{ name: string; bytes: Buffer; download: Download }> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), action()]);
    const path = await download.path();
    return { name: download.suggestedFilename(), bytes: await readFile(path), download };
  }

  /** Exports a plot in a format through its Export menu. */
  async exportPlot(plot: Locator, title: string, format: 'PNG' | 'SVG' | 'CSV'): Promise<{ name: string; bytes: Buffer }> {
    return this.download(async () => {
      await plot.getByRole('button', { name: `Export ${title}`, exact: true }).click();
      await plot.getByRole('button', { name: `Export ${title} as ${format}` }).click();
    });
  }
}
