import type { Locator, Page } from '@playwright/test';

/** The prominent mechanism switches above the network. */
export class MechanismBar {
  readonly bar: Locator;

  constructor(readonly page: Page) {
    this.bar = page.getByTestId('mechanisms');
  }

  switch(label: string): Locator {
    return this.bar.getByRole('switch', { name: label });
  }

  choice(group: string, option: string): Locator {
    return this.bar.getByRole('radiogroup', { name: group }).getByRole('radio', { name: option, exact: true });
  }

  /** Picks an option as a user does: by clicking its label (the radio itself is visually hidden). */
  async choose(group: string, option: string): Promise<void> {
    await this.choice(group, option).locator('xpath=ancestor::label[1]').click();
  }
}
