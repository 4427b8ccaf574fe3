import { describe, expect, it } from 'vitest';
import { bounds, Placer, textBox } from './placement';

describe('Placer', () => {
  it('keeps boxes that overlap nothing kept before', () => {
    const p = new Placer();
    p.reserve({ x0: 0, y0: 0, x1: 10, y1: 10 });
    expect(p.take({ x0: 5, y0: 5, x1: 15, y1: 15 })).toBe(false);
    expect(p.take({ x0: 10, y0: 0, x1: 20, y1: 10 })).toBe(true); // touching is fine
    expect(p.take({ x0: 12, y0: 2, x1: 14, y1: 4 })).toBe(false);
  });
  it('estimates text boxes and bounds of points', () => {
    expect(textBox(50, 20, 'abcd', 6, 12)).toEqual({ x0: 38, y0: 14, x1: 62, y1: 26 });
    expect(bounds([{ x: 3, y: -1 }, { x: -2, y: 4 }])).toEqual({ x0: -2, y0: -1, x1: 3, y1: 4 });
  });
});
