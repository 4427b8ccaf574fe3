import { expect, type Locator, type Page } from '@playwright/test';

/** The "TCP state" panel: the cwnd and RTT plots of the selected flow. */
export class PlotsPanel {
  readonly panel: Locator;
  readonly cwnd: Locator;
  readonly rtt: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByTestId('plots-panel');
    this.cwnd = page.getByTestId('plot-cwnd');
    this.rtt = page.getByTestId('plot-rtt');
  }

  /** Waits until both plots have drawn a finished run. */
  async waitDrawn(): Promise<void> {
    await expect(this.cwnd).toHaveAttribute('data-complete', 'true');
    await expect(this.rtt).toHaveAttribute('data-complete', 'true');
  }

  async points(plot: Locator): Promise<number> {
    return Number((await plot.getAttribute('data-points')) ?? '0');
  }

  /** Clicks a plot at a fraction of its data area's width (moves the time cursor). */
  async clickAt(plot: Locator, fraction: number): Promise<void> {
    const hit = plot.locator('.plot-hit');
    const box = await hit.boundingBox();
    if (!box) throw new Error('plot is not visible');
    await hit.click({ position: { x: box.width * fraction, y: box.height / 2 } });
  }

  async screenshot(): Promise<Buffer> {
    return this.panel.screenshot({ animations: 'disabled' });
  }
}
