import { describe, expect, it } from 'vitest';
import { MinMaxIndex, minmaxIndex } from './minmaxIndex';

describe('MinMaxIndex', () => {
  it('finds the first minimum and maximum of any range, as a scan would', () => {
    const n = 5000;
    const v = Float64Array.from({ length: n }, (_, i) => Math.round(Math.sin(i * 0.013) * 50 + ((i * 7919) % 97)));
    const idx = new MinMaxIndex(v);
    const scan = (a: number, b: number) => {
      let lo = a;
      let hi = a;
      for (let i = a + 1; i < b; i++) {
        if ((v[i] ?? 0) < (v[lo] ?? 0)) lo = i;
        if ((v[i] ?? 0) > (v[hi] ?? 0)) hi = i;
      }
      return [lo, hi];
    };
    for (const [a, b] of [
      [0, n],
      [0, 1],
      [3, 4],
      [255, 257],
      [100, 2049],
      [256, 512],
      [1000, 4999],
      [4990, 5000],
    ] as const) {
      expect([idx.argmin(a, b), idx.argmax(a, b)], `${a}..${b}`).toEqual(scan(a, b));
    }
  });

  it('is only built for large arrays, once per array', () => {
    expect(minmaxIndex(new Float64Array(100))).toBeNull();
    const big = new Float64Array(10_000);
    expect(minmaxIndex(big)).toBe(minmaxIndex(big));
  });
});
