import { describe, expect, it } from 'vitest';
import { decimate, decimateRanges } from './decimate';

function series(n: number, f: (i: number) => number, dt = 1): [Float64Array, Float64Array] {
  return [Float64Array.from({ length: n }, (_, i) => i * dt), Float64Array.from({ length: n }, (_, i) => f(i))];
}

describe('decimate', () => {
  it('passes few points through untouched', () => {
    const [t, v] = series(50, (i) => i);
    expect([...decimate(t, v, 0, 49, 100)]).toEqual([...Array(50).keys()]);
  });

  it('keeps at most four points per pixel column, including each column extremes', () => {
    // 100k points of noise with spikes, onto 200 columns.
    const n = 100_000;
    const [t, v] = series(n, (i) => Math.sin(i * 0.37) * 10 + (i % 9973 === 0 ? 500 : 0) - (i % 7919 === 0 ? 500 : 0));
    const idx = decimate(t, v, 0, n - 1, 200);
    expect(idx.length).toBeLessThanOrEqual(4 * 201);
    expect(idx.length).toBeGreaterThan(200);
    // Ascending, distinct.
    for (let i = 1; i < idx.length; i++) expect(idx[i]).toBeGreaterThan(idx[i - 1] ?? -1);
    // Global extremes survive.
    const kept = [...idx].map((i) => v[i] ?? 0);
    expect(Math.max(...kept)).toBe(Math.max(...v));
    expect(Math.min(...kept)).toBe(Math.min(...v));
    // And each column's min and max survive.
    const columns = new Map<number, number[]>();
    for (let i = 0; i < n; i++) {
      const c = Math.floor(((t[i] ?? 0) / (n - 1)) * 200);
      const list = columns.get(c) ?? [];
      list.push(v[i] ?? 0);
      columns.set(c, list);
    }
    const keptByColumn = new Map<number, number[]>();
    for (const i of idx) {
      const c = Math.floor(((t[i] ?? 0) / (n - 1)) * 200);
      keptByColumn.set(c, [...(keptByColumn.get(c) ?? []), v[i] ?? 0]);
    }
    for (const [c, vals] of columns) {
      const k = keptByColumn.get(c) ?? [];
      expect(Math.max(...k)).toBe(Math.max(...vals));
      expect(Math.min(...k)).toBe(Math.min(...vals));
    }
    // First and last points are kept (lines start and end where the data do).
    expect(idx[0]).toBe(0);
    expect(idx.at(-1)).toBe(n - 1);
  });

  it('includes one point on each side of the visible range', () => {
    const [t, v] = series(1000, (i) => i, 10); // t = 0..9990
    const idx = decimate(t, v, 2005, 2995, 1000);
    expect(idx[0]).toBe(200); // t = 2000, before the range
    expect(idx.at(-1)).toBe(300); // t = 3000, after it
  });

  it('handles empty input and a zero-width range', () => {
    expect(decimate(new Float64Array(0), new Float64Array(0), 0, 1, 100).length).toBe(0);
    const [t, v] = series(10_000, (i) => i);
    expect(decimate(t, v, 5, 5, 100).length).toBeGreaterThan(0);
  });
});

describe('decimateRanges', () => {
  it('passes few bars through', () => {
    const r = decimateRanges(Float64Array.of(1, 2, 3), Float64Array.of(0, 1, 2), Float64Array.of(1, 2, 3), 0, 10, 100);
    expect([...r.times]).toEqual([1, 2, 3]);
    expect([...r.ends]).toEqual([1, 2, 3]);
  });
  it('keeps one bar per column covering every bar of the column', () => {
    const n = 100_000;
    const times = Float64Array.from({ length: n }, (_, i) => i);
    const starts = Float64Array.from({ length: n }, (_, i) => (i * 7919) % 1000);
    const ends = Float64Array.from(starts, (s) => s + 1);
    const r = decimateRanges(times, starts, ends, 0, n, 100);
    expect(r.times.length).toBe(100);
    expect(Math.min(...r.starts)).toBe(0);
    expect(Math.max(...r.ends)).toBe(1000);
    // Each column's bar covers all of that column's bars.
    for (let c = 0; c < 100; c++) {
      let lo = Infinity;
      let hi = -Infinity;
      for (let i = c * 1000; i < (c + 1) * 1000; i++) {
        lo = Math.min(lo, starts[i] ?? 0);
        hi = Math.max(hi, ends[i] ?? 0);
      }
      expect(r.starts[c]).toBe(lo);
      expect(r.ends[c]).toBe(hi);
    }
  });
});
