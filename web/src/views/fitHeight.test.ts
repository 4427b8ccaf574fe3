import { describe, expect, it } from 'vitest';
import { fitHeight, MIN_ANIMATION_PX, plotSqueeze } from './fitHeight';

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

describe('plotSqueeze', () => {
  it('takes nothing from the plots while the animation can still shrink', () => {
    expect(plotSqueeze(0, 40, 60, 90)).toBe(0);
  });
  it('takes what the animation cannot give', () => {
    expect(plotSqueeze(0, 50, 5, 90)).toBe(45);
    expect(plotSqueeze(20, 10, 0, 90)).toBe(30);
  });
  it('gives room to spare back to the plots first', () => {
    expect(plotSqueeze(45, -30, 100, 90)).toBe(15);
    expect(plotSqueeze(45, -300, 0, 90)).toBe(0);
  });
  it('stops at its maximum (the page scrolls)', () => {
    expect(plotSqueeze(80, 100, 0, 90)).toBe(90);
  });
  it('settles with the animation: once the target fits, nothing changes', () => {
    // The animation at its minimum, 50 px over: the plots give 50, then the target ends on the screen.
    const s = plotSqueeze(0, 50, 0, 90);
    expect(plotSqueeze(s, 0, 0, 90)).toBe(s);
  });
});
