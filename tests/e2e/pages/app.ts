import { expect, type Locator, type Page } from '@playwright/test';

/** The page as a whole: navigation and the run state exposed on the app root. */
export class AppPage {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('.app');
  }

  async open(query: string): Promise<void> {
    await this.page.goto(query);
  }

  /** Waits until a run (other than `previousRunId`, if given) has finished. */
  async waitForRun(previousRunId?: string): Promise<void> {
    if (previousRunId !== undefined) await expect(this.root).not.toHaveAttribute('data-run-id', previousRunId);
    await expect(this.root).toHaveAttribute('data-run-state', 'done');
  }

  /**
   * Waits until the page has settled after a cold load: the panels that follow
   * the first animated frame are drawn (a plot complete), and the network has
   * taken the height they leave it (two frames later).
   */
  async waitForSettled(): Promise<void> {
    await this.page.waitForFunction(() => document.querySelectorAll('figure.plot[data-complete="true"]').length > 0);
    await this.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  }

  async runId(): Promise<string> {
    return (await this.root.getAttribute('data-run-id')) ?? '';
  }

  async digest(): Promise<string> {
    const d = (await this.root.getAttribute('data-digest')) ?? '';
    expect(d).toMatch(/^[0-9a-f]{8,}$/);
    return d;
  }

  params(): URLSearchParams {
    return new URL(this.page.url()).searchParams;
  }

  /** The scenario shown on the picker button. */
  scenarioButton(): Locator {
    return this.page.getByTestId('scenario-picker');
  }

  async openPicker(): Promise<Locator> {
    const button = this.scenarioButton();
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    const dialog = this.page.getByRole('dialog', { name: 'Scenarios' });
    await expect(dialog).toBeVisible();
    // The rest of the catalogue is read after the first frame; until then the list holds the URL's scenario only.
    await expect(dialog.getByTestId('picker-pending')).toHaveCount(0);
    return dialog;
  }

  /** Picks a scenario by (the start of) its title. */
  async chooseScenario(title: RegExp): Promise<void> {
    const dialog = await this.openPicker();
    await dialog.getByRole('button', { name: title }).click();
  }
}
