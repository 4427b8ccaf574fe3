import { describe, expect, it } from 'vitest';
import { clampRange, isWhole, panRange, TimeWindow, zoomRange } from './timeWindow';

describe('time window', () => {
  it('zooms around a point, keeping it under the pointer', () => {
    const r = zoomRange({ t0: 0, t1: 1000 }, 1000, 250, 0.5);
    expect(r).toEqual({ t0: 125, t1: 625 });
  });

  it('pans within the run', () => {
    expect(panRange({ t0: 100, t1: 300 }, 1000, 50)).toEqual({ t0: 150, t1: 350 });
    expect(panRange({ t0: 100, t1: 300 }, 1000, -500)).toEqual({ t0: 0, t1: 200 });
    expect(panRange({ t0: 100, t1: 300 }, 1000, 5000)).toEqual({ t0: 800, t1: 1000 });
  });

  it('clamps spans to the run and to a minimum', () => {
    expect(clampRange({ t0: -10, t1: 5000 }, 1000)).toEqual({ t0: 0, t1: 1000 });
    const tiny = clampRange({ t0: 10, t1: 10 }, 1000);
    expect(tiny.t1 - tiny.t0).toBeCloseTo(0.001);
    expect(isWhole({ t0: 0, t1: 1000 }, 1000)).toBe(true);
  });

  it('stores null for the whole run and notifies on change only', () => {
    const w = new TimeWindow();
    let n = 0;
    w.subscribe(() => n++);
    w.setEnd(20000);
    expect(w.getSnapshot()).toEqual({ t0: 0, t1: 20000 });
    w.zoomAt(10000, 0.5);
    expect(w.zoom()).toEqual({ t0: 5000, t1: 15000 });
    w.pan(1000);
    expect(w.getSnapshot()).toEqual({ t0: 6000, t1: 16000 });
    const calls = n;
    w.pan(0);
    expect(n).toBe(calls);
    w.zoomAt(10000, 100);
    expect(w.zoom()).toBeNull();
    // A URL zoom set before the run length is known is kept, then clamped.
    const v = new TimeWindow();
    v.set({ t0: 1000, t1: 90000 });
    v.setEnd(60000);
    expect(v.zoom()).toEqual({ t0: 1000, t1: 60000 });
  });
});
