import type { Locator, Page } from '@playwright/test';

/** The Network panel: the animation canvas and its legend. */
export class NetworkPanel {
  readonly panel: Locator;
  readonly canvas: Locator;
  readonly legend: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByTestId('animation-panel');
    this.canvas = page.getByTestId('animation');
    this.legend = this.panel.getByRole('list', { name: 'Legend' });
  }

  /** Channel names the animation draws as down (an outage) at the playback time. */
  async downChannels(): Promise<string[]> {
    return ((await this.canvas.getAttribute('data-down')) ?? '').split(' ').filter(Boolean);
  }

  async screenshot(): Promise<Buffer> {
    return this.canvas.screenshot();
  }
}
