import { expect, type Locator, type Page } from '@playwright/test';

/** Present mode: its header button, the P key and the present=1 parameter. */
export class PresentMode {
  readonly button: Locator;

  constructor(readonly page: Page) {
    this.button = page.getByTestId('present-toggle');
  }

  async isOn(): Promise<boolean> {
    return (await this.page.locator('.app').getAttribute('data-present')) === 'true';
  }

  async expectOn(on: boolean): Promise<void> {
    await expect(this.button).toHaveAttribute('aria-pressed', String(on));
    if (on) await expect(this.page.locator('.app')).toHaveAttribute('data-present', 'true');
    else await expect(this.page.locator('.app')).not.toHaveAttribute('data-present', 'true');
  }

  /** The editing panes present mode hides. */
  editingPanes(): Locator {
    return this.page.locator('aside.sidebar');
  }
}
