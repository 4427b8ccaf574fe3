import { expect, type Locator, type Page } from '@playwright/test';

/** The Events panel: filter chips, the virtual event list and the packet inspector. */
export class EventsPanel {
  readonly panel: Locator;
  readonly list: Locator;
  readonly inspector: Locator;
  readonly count: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByTestId('events-panel');
    this.list = page.getByTestId('event-list');
    this.inspector = page.getByTestId('inspector');
    this.count = page.getByTestId('event-count');
  }

  rows(): Locator {
    return this.list.getByRole('option');
  }

  /** A row by its event ("r<record>" or "m<marker>"): stable while the list scrolls. */
  row(ref: string): Locator {
    return this.list.locator(`[data-ref="${ref}"]`);
  }

  /** The ref of the first rendered row matching `text`. */
  async firstRef(text?: string): Promise<string> {
    const rows = text ? this.rows().filter({ hasText: text }) : this.rows();
    const ref = await rows.first().getAttribute('data-ref');
    if (!ref) throw new Error('no row');
    return ref;
  }

  chip(name: string): Locator {
    return this.panel.getByRole('group', { name: 'Event filter' }).getByRole('button', { name, exact: true });
  }

  /** Shows only one category (double-click on its chip). */
  async only(name: string): Promise<void> {
    await this.chip(name).dblclick();
    await expect(this.chip(name)).toHaveAttribute('aria-pressed', 'true');
  }

  /** How many events the list shows (once it is rendered: it comes just after the animation's first frame). */
  async shown(): Promise<number> {
    await this.list.waitFor();
    return Number((await this.list.getAttribute('data-count')) ?? '0');
  }

  /** The time of a row, in seconds, as the list shows it. */
  async rowSeconds(row: Locator): Promise<number> {
    return Number.parseFloat((await row.locator('.c-time').textContent()) ?? 'NaN');
  }

  async selectFlow(flow: string): Promise<void> {
    await this.panel.getByLabel('Flow', { exact: true }).selectOption({ label: flow });
  }
}
