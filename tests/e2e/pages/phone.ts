import type { Locator, Page } from '@playwright/test';
import type { Box } from './screens';

/** Phones as Playwright emulates them in Chromium: size, touch, pixel ratio. */
export const PHONES = [
  { name: '390x844', viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 },
  { name: '360x740', viewport: { width: 360, height: 740 }, deviceScaleFactor: 3 },
] as const;

export const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The header's parts on a small screen. */
export class PhoneHeader {
  readonly parts: Record<string, Locator>;

  constructor(readonly page: Page) {
    this.parts = {
      name: page.locator('.brand h1'),
      present: page.getByTestId('present-toggle'),
      theme: page.getByTestId('theme-toggle'),
      help: page.getByTestId('help-button'),
      copy: page.getByTestId('copy-link'),
      scenario: page.locator('.picker-value'),
    };
  }

  /** Pairs of header parts that overlap, and parts outside the window. */
  async problems(): Promise<string[]> {
    const width = this.page.viewportSize()?.width ?? 0;
    const boxes: [string, Box][] = [];
    for (const [name, loc] of Object.entries(this.parts)) {
      const b = await loc.boundingBox();
      if (!b) return [`${name}: not shown`];
      boxes.push([name, b]);
    }
    const out: string[] = [];
    for (const [name, b] of boxes) if (b.x < 0 || b.x + b.width > width + 0.5) out.push(`${name} outside the window`);
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const [na, a] = boxes[i] ?? ['', { x: 0, y: 0, width: 0, height: 0 }];
        const [nb, b] = boxes[j] ?? ['', { x: 0, y: 0, width: 0, height: 0 }];
        if (overlaps(a, b)) out.push(`${na} overlaps ${nb}`);
      }
    return out;
  }
}
