import type { Locator, Page } from '@playwright/test';

/** The message area under the header. */
export class NoticesArea {
  readonly area: Locator;

  constructor(readonly page: Page) {
    this.area = page.getByLabel('Messages');
  }

  all(): Locator {
    return this.area.locator('.notice');
  }

  /** The notice about URL parameter `param`. */
  forParam(param: string): Locator {
    return this.all().filter({ hasText: `URL parameter "${param}"` });
  }

  async dismiss(notice: Locator): Promise<void> {
    await notice.getByRole('button', { name: /^Dismiss/ }).click();
  }
}
