import { expect, type Locator, type Page } from '@playwright/test';

/** The Compare panel and the A/B table. */
export class ComparePanel {
  readonly panel: Locator;
  readonly summary: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByTestId('compare-panel');
    this.summary = page.getByTestId('compare-summary');
  }

  async start(): Promise<void> {
    await this.panel.getByRole('button', { name: 'Compare A with B' }).click();
  }

  async stop(): Promise<void> {
    await this.panel.getByRole('button', { name: 'Stop comparing' }).click();
  }

  async edit(run: 'A' | 'B'): Promise<void> {
    await this.panel.getByRole('radiogroup', { name: 'Settings edit run' }).getByText(run, { exact: true }).click();
  }

  /** Waits until run B (other than `previousRunId`) has finished. */
  async waitForB(previousRunId?: string): Promise<void> {
    const root = this.page.locator('.app');
    if (previousRunId !== undefined) await expect(root).not.toHaveAttribute('data-run-b-id', previousRunId);
    await expect(root).toHaveAttribute('data-run-b-state', 'done');
  }

  async runBId(): Promise<string> {
    return (await this.page.locator('.app').getAttribute('data-run-b-id')) ?? '';
  }

  async digestB(): Promise<string> {
    return (await this.page.locator('.app').getAttribute('data-digest-b')) ?? '';
  }

  row(flow: string, metric: string): Locator {
    return this.summary.locator(`tr[data-flow="${flow}"][data-metric="${metric}"]`);
  }
}
