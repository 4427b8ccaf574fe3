import { expect, type Locator, type Page } from '@playwright/test';

/** The custom scenario editor (a modal dialog). */
export class CustomEditor {
  readonly dialog: Locator;
  readonly errors: Locator;
  readonly size: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByTestId('custom-editor');
    this.errors = page.getByTestId('custom-errors');
    this.size = page.getByTestId('custom-size');
  }

  async openBlank(): Promise<void> {
    await this.page.getByTestId('scenario-picker').click();
    await this.page.getByTestId('new-custom').click();
    await expect(this.dialog).toBeVisible();
  }

  input(label: string): Locator {
    return this.dialog.getByLabel(label, { exact: true });
  }

  async fill(label: string, text: string): Promise<void> {
    await this.input(label).fill(text);
  }

  async run(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Run this scenario' }).click();
  }
}

/** A scenario as the URL carries it: JSON, deflate-raw, base64url (computed in the page). */
export async function encodeInPage(page: Page, scenario: unknown): Promise<string> {
  return page.evaluate(async (json) => {
    const stream = new Blob([json]).stream().pipeThrough(new CompressionStream('deflate-raw'));
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    let s = '';
    for (const b of bytes) s += String.fromCharCode(b);
    return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }, JSON.stringify(scenario));
}
