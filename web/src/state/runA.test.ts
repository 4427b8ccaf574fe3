import { describe, expect, it } from 'vitest';
import { prefetchCount } from './runA';

describe('prefetchCount', () => {
  it('computes more neighbours of a quick run, within bounds', () => {
    expect(prefetchCount(40)).toBe(16);
    expect(prefetchCount(500)).toBe(16);
    expect(prefetchCount(800)).toBe(10);
    // A run near the limit of computing ahead at all still gets the mechanism bar's neighbours.
    expect(prefetchCount(1500)).toBe(8);
    expect(prefetchCount(0)).toBe(16);
  });
});
