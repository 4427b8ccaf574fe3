import { expect, type Locator, type Page } from '@playwright/test';

/** The Plots panel: every visible plot, the plot chooser and the zoom controls. */
export class PlotsPanel {
  readonly panel: Locator;
  readonly cwnd: Locator;
  readonly rtt: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByTestId('plots-panel');
    this.cwnd = page.getByTestId('plot-cwnd');
    this.rtt = page.getByTestId('plot-rtt');
  }

  plot(id: string): Locator {
    return this.page.getByTestId(`plot-${id}`);
  }

  /** Every plot on the page. */
  all(): Locator {
    return this.panel.locator('figure.plot');
  }

  /** Waits until every plot has drawn a finished run (a screenshot covers them all). */
  async waitDrawn(): Promise<void> {
    await expect(this.cwnd).toHaveAttribute('data-complete', 'true');
    await expect(this.rtt).toHaveAttribute('data-complete', 'true');
    await expect(this.all().and(this.page.locator('[data-complete="false"]'))).toHaveCount(0);
  }

  async points(plot: Locator): Promise<number> {
    return Number((await plot.getAttribute('data-points')) ?? '0');
  }

  /** The drawn time range, ms. */
  async view(plot: Locator): Promise<[number, number]> {
    const [a, b] = ((await plot.getAttribute('data-view')) ?? '').split(',').map(Number);
    return [a ?? Number.NaN, b ?? Number.NaN];
  }

  /** Clicks a plot at a fraction of its data area's width (moves the time cursor). */
  async clickAt(plot: Locator, fraction: number): Promise<void> {
    const hit = plot.locator('.plot-hit');
    const box = await hit.boundingBox();
    if (!box) throw new Error('plot is not visible');
    await hit.click({ position: { x: box.width * fraction, y: box.height / 2 } });
  }

  /** Turns the mouse wheel over a plot at a fraction of its width (negative: zoom in). */
  async wheel(plot: Locator, fraction: number, deltaY: number): Promise<void> {
    const hit = plot.locator('.plot-hit');
    await hit.scrollIntoViewIfNeeded();
    const box = await hit.boundingBox();
    if (!box) throw new Error('plot is not visible');
    await this.page.mouse.move(box.x + box.width * fraction, box.y + box.height / 2);
    await this.page.mouse.wheel(0, deltaY);
  }

  /** Drags over a plot with shift held (pans). */
  async shiftDrag(plot: Locator, from: number, to: number): Promise<void> {
    const hit = plot.locator('.plot-hit');
    await hit.scrollIntoViewIfNeeded();
    const box = await hit.boundingBox();
    if (!box) throw new Error('plot is not visible');
    const y = box.y + box.height / 2;
    await this.page.keyboard.down('Shift');
    await this.page.mouse.move(box.x + box.width * from, y);
    await this.page.mouse.down();
    await this.page.mouse.move(box.x + box.width * to, y, { steps: 5 });
    await this.page.mouse.up();
    await this.page.keyboard.up('Shift');
  }

  async setVisible(title: string, visible: boolean): Promise<void> {
    const chooser = this.page.getByTestId('plot-chooser');
    if ((await chooser.getAttribute('aria-expanded')) !== 'true') await chooser.click();
    const box = this.panel.getByRole('group', { name: 'Visible plots' }).getByLabel(title, { exact: true });
    await box.setChecked(visible);
    await chooser.click();
  }

  /** The RGBA pixels of every plot's canvas (where the series are drawn). */
  async canvasPixels(): Promise<Buffer[]> {
    const encoded = await this.panel.locator('canvas').evaluateAll((canvases) =>
      canvases.map((c) => {
        const canvas = c as HTMLCanvasElement;
        const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? new Uint8ClampedArray();
        let text = '';
        for (let i = 0; i < data.length; i += 0x8000) text += String.fromCharCode(...data.subarray(i, i + 0x8000));
        return btoa(text);
      }),
    );
    return encoded.map((b64) => Buffer.from(b64, 'base64'));
  }

  async screenshot(): Promise<Buffer> {
    return this.panel.screenshot({ animations: 'disabled' });
  }
}
