import type { Locator, Page } from '@playwright/test';

/** The Settings panel: scenario knobs and the seed. */
export class KnobsPanel {
  readonly panel: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByTestId('knobs-panel');
  }

  control(label: string): Locator {
    return this.panel.getByLabel(label, { exact: true });
  }

  async choose(label: string, option: string): Promise<void> {
    await this.control(label).selectOption({ label: option });
  }

  async type(label: string, text: string): Promise<void> {
    const input = this.control(label);
    await input.fill(text);
    await input.press('Enter');
  }

  /** The inline error of the knob bound to `path`. */
  error(path: string): Locator {
    return this.panel.locator(`[data-knob="${path}"] .knob-error`);
  }
}
