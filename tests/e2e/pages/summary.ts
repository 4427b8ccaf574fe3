import type { Locator, Page } from '@playwright/test';

/** The Summary panel: flows, links and middleboxes tables. */
export class SummaryPanel {
  readonly panel: Locator;
  readonly flows: Locator;
  readonly links: Locator;
  readonly middleboxes: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByTestId('summary');
    this.flows = page.getByTestId('summary-flows');
    this.links = page.getByTestId('summary-links');
    this.middleboxes = page.getByTestId('summary-middleboxes');
  }

  /** A table's column headers (the panel renders just after the animation's first frame: wait for it). */
  async headers(table: Locator): Promise<string[]> {
    await table.locator('thead th').first().waitFor();
    return (await table.locator('thead th').allTextContents()).map((t) => t.trim());
  }

  /** The cell of a row (by its header's text) in a column (by its header). */
  async cell(table: Locator, row: RegExp, column: string): Promise<string> {
    const col = (await this.headers(table)).indexOf(column);
    if (col < 1) throw new Error(`no column ${column}`);
    return ((await table.locator('tbody tr').filter({ has: this.page.locator('th', { hasText: row }) }).locator('td').nth(col - 1).textContent()) ?? '').trim();
  }
}
