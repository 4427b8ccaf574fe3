import { describe, expect, it } from 'vitest';
import { axisMargins, axisUnit, textWidth } from './axes';
import { textSizes } from '../viewScale';

describe('axis units', () => {
  it('switches ms to s when ticks would need five digits', () => {
    expect(axisUnit('ms', 9_000)).toEqual({ unit: 'ms', factor: 1 });
    expect(axisUnit('ms', 12_000)).toEqual({ unit: 's', factor: 1e-3 });
  });
  it('climbs the byte and rate ladders', () => {
    expect(axisUnit('bytes', 47_800_000)).toEqual({ unit: 'MB', factor: 1e-6 });
    expect(axisUnit('bytes', 64_000)).toEqual({ unit: 'KB', factor: 1e-3 });
    expect(axisUnit('kbit/s', 95_000)).toEqual({ unit: 'Mbit/s', factor: 1e-3 });
  });
  it('counts in thousands otherwise', () => {
    expect(axisUnit('segment number', 52_000)).toEqual({ unit: 'segment number (\u00d71000)', factor: 1e-3 });
  });
});

describe('axis margins', () => {
  for (const scale of [1, 4 / 3, 2]) {
    it(`keeps the y title clear of the widest tick label at scale ${scale}`, () => {
      const text = textSizes(scale);
      const labels = ['0', '2,500', '9,999'];
      const m = axisMargins(labels, ['0', '50', '100'], text);
      const tickLeft = -(8 + Math.max(...labels.map((l) => textWidth(l, text.tick))));
      // The rotated title's glyphs span [yTitleX - axis size, yTitleX].
      expect(m.yTitleX).toBeLessThan(tickLeft);
      expect(m.yTitleX - text.axis).toBeGreaterThanOrEqual(-m.left);
      // The x title is on its own line below the tick labels.
      expect(m.xTitleY - text.axis).toBeGreaterThanOrEqual(m.xTickY);
      expect(m.bottom).toBeGreaterThan(m.xTitleY);
    });
  }
});
