import { expect, type Locator, type Page } from '@playwright/test';

/** The Settings panel: scenario knobs, the seed, and the link and flow forms. */
export class KnobsPanel {
  readonly panel: Locator;
  /** The form; its data-editing says which run (A or B) it edits. */
  readonly form: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByTestId('knobs-panel');
    this.form = this.panel.locator('form.knobs');
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

  /** Opens the Links or Flows section. */
  async openSection(name: 'Links' | 'Flows'): Promise<Locator> {
    const section = this.panel.getByTestId(name === 'Links' ? 'link-forms' : 'flow-forms');
    if ((await section.getAttribute('open')) === null) await section.locator('> summary').click();
    await expect(section).toHaveAttribute('open', '');
    return section;
  }

  /** The form field writing `path` (e.g. links.bottleneck.rate). */
  field(path: string): Locator {
    return this.panel.locator(`[data-path="${path}"]`);
  }

  async setField(path: string, text: string): Promise<void> {
    const input = this.field(path).locator('input, select').first();
    if ((await input.evaluate((el) => el.tagName)) === 'SELECT') await input.selectOption(text);
    else {
      await input.fill(text);
      await input.press('Enter');
    }
  }
}
