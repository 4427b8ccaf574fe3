import { describe, expect, it } from 'vitest';
import { PRESENT_MIN_PX, smallest, textSizes, viewScale } from './viewScale';

describe('view scale and drawn text sizes', () => {
  it('keeps every drawn text at 12 px or more in the normal view, at any screen', () => {
    for (const viewport of [{ width: 360, height: 740 }, { width: 1280, height: 720 }, { width: 1920, height: 1080 }]) {
      expect(viewScale(false, viewport)).toBe(1);
      expect(smallest(textSizes(viewScale(false, viewport)))).toBeGreaterThanOrEqual(12);
    }
  });

  it('makes every drawn text 16 px or more in present mode at 1280x720 and 1366x768', () => {
    for (const viewport of [{ width: 1280, height: 720 }, { width: 1366, height: 768 }, { width: 1024, height: 640 }]) {
      expect(smallest(textSizes(viewScale(true, viewport)))).toBeGreaterThanOrEqual(PRESENT_MIN_PX);
    }
  });

  it('grows with a larger projector, within a limit', () => {
    const hd = smallest(textSizes(viewScale(true, { width: 1920, height: 1080 })));
    expect(hd).toBeGreaterThan(smallest(textSizes(viewScale(true, { width: 1280, height: 720 }))));
    expect(viewScale(true, { width: 7680, height: 4320 })).toBe(2);
  });
});
