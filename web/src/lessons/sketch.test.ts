import { describe, expect, it } from 'vitest';
import { SKETCH_BUCKETS, drawStroke, emptySketch, isDrawn, meanError, resample } from './sketch';

describe('cwnd sketch', () => {
  it('a stroke fills every bucket it crosses, interpolated', () => {
    const s = drawStroke(emptySketch(), 10, 0, 14, 40);
    expect(s.slice(10, 15)).toEqual([0, 10, 20, 30, 40]);
    expect(s[9]).toBeNull();
    expect(drawStroke(s, 12, 5, 12, 5)[12]).toBe(5);
    expect(isDrawn(s)).toBe(true);
    expect(isDrawn(emptySketch())).toBe(false);
  });

  it('resamples a step-after series at bucket middles and scores a guess', () => {
    // cwnd 1 from 0 s, 10 from 5 s, over 60 s: buckets are 1 s wide.
    const actual = resample([0, 5000], [1, 10], 60);
    expect(actual).toHaveLength(SKETCH_BUCKETS);
    expect(actual[4]).toBe(1);
    expect(actual[5]).toBe(10);
    const guess = emptySketch();
    guess[4] = 3;
    guess[5] = 10;
    expect(meanError(guess, actual)).toBe(1);
    expect(meanError(emptySketch(), actual)).toBeNull();
    expect(resample([2000], [4], 60)[0]).toBeNull();
  });
});
