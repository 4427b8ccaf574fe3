import { describe, expect, it } from 'vitest';
import { fitHeight, MIN_ANIMATION_PX } from './fitHeight';

describe('fitHeight', () => {
  it('keeps the natural height when the target already fits', () => {
    expect(fitHeight(236, 40, 236)).toBe(236);
  });
  it('shrinks by the overflow of the target', () => {
    expect(fitHeight(236, -60, 236)).toBe(176);
  });
  it('grows back to the natural height, no further', () => {
    expect(fitHeight(176, 500, 236)).toBe(236);
  });
  it('stops at the minimum (the page scrolls)', () => {
    expect(fitHeight(236, -400, 640)).toBe(MIN_ANIMATION_PX);
    expect(fitHeight(100, -400, 120)).toBe(120);
  });
  it('is a fixed point: applying it again changes nothing', () => {
    const h = fitHeight(300, -77, 640);
    expect(fitHeight(h, 0, 640)).toBe(h);
  });
});
