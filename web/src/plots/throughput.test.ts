import { describe, expect, it } from 'vitest';
import { binWidthMs, rateFromCounter, rateFromCumulative, stepValueAt } from './throughput';

describe('throughput', () => {
  it('picks 1-2-5 bin widths', () => {
    expect(binWidthMs(20_000, 150)).toBe(200);
    expect(binWidthMs(20_000, 200)).toBe(100);
    expect(binWidthMs(60_000, 100)).toBe(1000);
    expect(binWidthMs(3, 100)).toBe(0.05);
  });

  it('bins arrivals into rates', () => {
    // 1000 B at 50 ms and 150 ms, 2000 B at 160 ms: bins of 100 ms.
    const times = Float64Array.of(50, 150, 160);
    const cum = Float64Array.of(1000, 2000, 4000);
    const r = rateFromCumulative(times, cum, 0, 300, 100);
    expect([...r.timesMs]).toEqual([0, 100, 200]);
    expect([...r.values]).toEqual([80_000, 240_000, 0]);
  });

  it('aligns bins to the grid and counts an arrival at a bin edge in the later bin', () => {
    const r = rateFromCumulative(Float64Array.of(100), Float64Array.of(500), 50, 250, 100);
    expect([...r.timesMs]).toEqual([0, 100, 200]);
    expect([...r.values]).toEqual([0, 40_000, 0]);
  });

  it('turns a cumulative counter into a rate', () => {
    const t = Float64Array.of(0, 100, 250);
    const v = Float64Array.of(0, 1000, 3000);
    expect(stepValueAt(t, v, -1)).toBe(0);
    expect(stepValueAt(t, v, 100)).toBe(1000);
    const r = rateFromCounter(t, v, 0, 300, 100);
    expect([...r.values]).toEqual([0, 80_000, 160_000]);
  });
});
