import { expect, type Page } from '@playwright/test';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A piece of canvas text as drawn: which canvas, where, its font size and width (CSS px). */
export interface DrawnText {
  canvas: string;
  text: string;
  x: number;
  y: number;
  px: number;
  width: number;
  font: string;
  align: string;
  baseline: string;
}

declare global {
  interface Window {
    __drawnText?: DrawnText[];
  }
}

/**
 * Records every fillText on every canvas (font size, position, width), before
 * the app loads: the sizes tests check are those actually drawn.
 */
export async function recordCanvasText(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const fill = CanvasRenderingContext2D.prototype.fillText;
    window.__drawnText = [];
    CanvasRenderingContext2D.prototype.fillText = function (this: CanvasRenderingContext2D, text: string, x: number, y: number, maxWidth?: number) {
      const log = window.__drawnText ?? [];
      if (log.length > 20_000) log.splice(0, 10_000);
      const m = /(\d+(?:\.\d+)?)px/.exec(this.font);
      const t = this.getTransform();
      const dpr = window.devicePixelRatio || 1;
      log.push({
        // A still layer drawn once and copied onto its canvas counts as that canvas' text.
        canvas: this.canvas.dataset.testid ?? this.canvas.dataset.layerOf ?? this.canvas.className,
        text: String(text),
        x: t.e / dpr + x,
        y: t.f / dpr + y,
        px: m ? Number(m[1]) : 0,
        width: this.measureText(String(text)).width,
        font: this.font,
        align: this.textAlign,
        baseline: this.textBaseline,
      });
      if (maxWidth === undefined) fill.call(this, text, x, y);
      else fill.call(this, text, x, y, maxWidth);
    };
  });
}

/** What the page shows at a screen size: boxes of the parts that must fit, scrolling, text sizes. */
export class Screen {
  constructor(readonly page: Page) {}

  /** Scenario ids the app lists in its picker. */
  async scenarioIds(): Promise<string[]> {
    await this.page.getByTestId('scenario-picker').click();
    const dialog = this.page.getByRole('dialog', { name: 'Scenarios' });
    await expect(dialog).toBeVisible();
    // The catalogue beyond the URL's scenario loads after run A's first data.
    await expect(dialog.getByTestId('picker-pending')).toHaveCount(0);
    const ids = await dialog.locator('[data-scenario]').evaluateAll((els) => els.map((e) => e.getAttribute('data-scenario') ?? ''));
    await this.page.keyboard.press('Escape');
    return ids.filter(Boolean);
  }

  /** Document width beyond the window (sideways scrolling), in px. */
  async sidewaysOverflow(): Promise<number> {
    return this.page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth);
  }

  /** Page-coordinate boxes (scrolled to the top) of the parts a lecturer needs on one screen. */
  async firstScreenBoxes(): Promise<Record<'controls' | 'animation' | 'cwnd', Box | null>> {
    return this.page.evaluate(() => {
      window.scrollTo(0, 0);
      const box = (el: Element | null) => {
        if (!el) return null;
        const r = el.getBoundingClientRect();
        return { x: r.left, y: r.top, width: r.width, height: r.height };
      };
      return {
        controls: box(document.querySelector('[role="group"][aria-label="Playback"]')),
        animation: box(document.querySelector('[data-testid="animation"]')),
        // The cwnd plot; a run without TCP (UDP only) has none, then its first plot.
        cwnd: box(document.querySelector('[data-testid="plot-cwnd"]') ?? document.querySelector('figure.plot')),
      };
    });
  }

  /** Names of the parts not wholly inside the window, with their boxes. */
  async outsideFirstScreen(): Promise<string[]> {
    const size = this.page.viewportSize() ?? { width: 0, height: 0 };
    const boxes = await this.firstScreenBoxes();
    return Object.entries(boxes).flatMap(([name, b]) => {
      if (!b) return [`${name}: missing`];
      const inside = b.x >= 0 && b.y >= 0 && b.x + b.width <= size.width + 0.5 && b.y + b.height <= size.height + 0.5;
      return inside ? [] : [`${name}: ${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.width)}x${Math.round(b.height)} in ${size.width}x${size.height}`];
    });
  }

  /** Canvas text drawn so far on a canvas (by test id or class). */
  async drawnText(canvas: string): Promise<DrawnText[]> {
    return this.page.evaluate((c) => (window.__drawnText ?? []).filter((d) => d.canvas === c), canvas);
  }

  /**
   * Pairs of texts drawn on a canvas whose boxes overlap, and texts that leave
   * it ("a / b", "a: outside"), from what was drawn since the last clear.
   */
  async textCollisions(canvas: string): Promise<string[]> {
    return this.page.evaluate((c) => {
      const el = document.querySelector(`canvas[data-testid="${c}"]`);
      const size = el ? el.getBoundingClientRect() : { width: Infinity, height: Infinity };
      const latest = new Map<string, DrawnText>();
      for (const d of window.__drawnText ?? []) if (d.canvas === c) latest.set(`${d.text}|${Math.round(d.x)}|${Math.round(d.y)}`, d);
      const boxes = [...latest.values()].map((d) => {
        const x0 = d.align === 'center' ? d.x - d.width / 2 : d.align === 'right' || d.align === 'end' ? d.x - d.width : d.x;
        const y0 = d.baseline === 'top' ? d.y : d.baseline === 'middle' ? d.y - d.px / 2 : d.y - d.px;
        return { text: d.text, x0, y0, x1: x0 + d.width, y1: y0 + d.px };
      });
      const out: string[] = [];
      // Half a pixel of slack: anti-aliased edges may touch.
      boxes.forEach((a, i) => {
        if (a.x0 < -0.5 || a.y0 < -0.5 || a.x1 > size.width + 0.5 || a.y1 > size.height + 0.5) out.push(`${a.text}: outside`);
        for (const b of boxes.slice(i + 1)) if (a.x0 < b.x1 - 0.5 && b.x0 < a.x1 - 0.5 && a.y0 < b.y1 - 0.5 && b.y0 < a.y1 - 0.5) out.push(`${a.text} / ${b.text}`);
      });
      return out;
    }, canvas);
  }

  /**
   * The text of one fresh drawing of a canvas: a theme switch draws the still
   * layers anew (what was recorded before, e.g. from a layout before the page
   * settled, is left out).
   */
  async redrawnText(canvas: string): Promise<DrawnText[]> {
    await this.clearDrawnText();
    await this.page.getByTestId('theme-toggle').click();
    // Node names are bold: the over layer was drawn again.
    await expect.poll(async () => (await this.drawnText(canvas)).some((d) => d.font.startsWith('600'))).toBe(true);
    await this.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    return this.drawnText(canvas);
  }

  async clearDrawnText(): Promise<void> {
    await this.page.evaluate(() => {
      window.__drawnText = [];
    });
  }

  /** Font sizes of the SVG text in the plots (ticks, axis titles), as computed. */
  async plotTextSizes(): Promise<number[]> {
    return this.page.evaluate(() => [...document.querySelectorAll('.plot-svg text')].map((t) => Number.parseFloat(getComputedStyle(t).fontSize)));
  }

  /**
   * Plots where a y tick label overlaps the y axis title, or an x tick label
   * the x axis title: returns "plot: tick" for each collision.
   */
  async axisCollisions(): Promise<string[]> {
    return this.page.evaluate(() => {
      const out: string[] = [];
      const overlap = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      for (const svg of document.querySelectorAll('.plot-svg')) {
        const titles = [...svg.querySelectorAll('text.axis-label')].map((t) => t.getBoundingClientRect());
        for (const tick of svg.querySelectorAll('text.tick')) {
          const r = tick.getBoundingClientRect();
          if (titles.some((t) => overlap(r, t))) out.push(`${svg.closest('figure')?.getAttribute('data-testid')}: ${tick.textContent}`);
        }
      }
      return out;
    });
  }
}
