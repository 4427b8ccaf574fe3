import { describe, expect, it } from 'vitest';
import type { SeriesQuantity } from '../generated/types';
import type { SeriesView } from '../state/runStore';
import { cwndDomainMax, maxValue, niceMax, rttDomainMaxMs, yDomain } from './model';

function view(name: string, pts: [number, number][]): SeriesView {
  return {
    id: 0,
    info: { name, owner: 'flows.f', quantity: name as SeriesQuantity, unit: '', style: 'step' },
    timesMs: Float64Array.from(pts, (p) => p[0]),
    values: Float64Array.from(pts, (p) => p[1]),
  };
}

describe('plot ranges', () => {
  it('maxValue honours a start time', () => {
    const s = view('rto', [
      [0, 3],
      [200, 0.6],
      [900, 1.2],
    ]);
    expect(maxValue(s)).toBe(3);
    expect(maxValue(s, 200)).toBe(1.2);
    expect(maxValue(null)).toBe(0);
  });

  it('ignores an initial ssthresh far above cwnd', () => {
    const cwnd = view('cwnd', [
      [0, 1],
      [1000, 60],
    ]);
    const ssthresh = view('ssthresh', [
      [0, 725],
      [2000, 70],
      [6000, 35],
    ]);
    const max = cwndDomainMax(cwnd, ssthresh);
    expect(max).toBeGreaterThanOrEqual(70);
    expect(max).toBeLessThan(100);
  });

  it('leaves the initial RTO out of the RTT scale but keeps backed-off ones', () => {
    const rtt = view('rtt', [
      [220, 0.22],
      [900, 0.58],
    ]);
    const srtt = view('srtt', [[220, 0.22]]);
    const rto = view('rto', [
      [0, 3],
      [220, 0.66],
    ]);
    expect(rttDomainMaxMs(rtt, srtt, rto)).toBeLessThan(1000);
    const backedOff = view('rto', [
      [0, 3],
      [220, 0.66],
      [5000, 2.4],
    ]);
    expect(rttDomainMaxMs(rtt, srtt, backedOff)).toBeGreaterThanOrEqual(2400);
  });

  it('rounds maxima up to clean values', () => {
    expect(niceMax(64.8)).toBe(80);
    expect(niceMax(0.95)).toBe(1);
    expect(niceMax(1300)).toBe(1500);
    expect(niceMax(0)).toBe(1);
  });
});

describe('yDomain', () => {
  const model = (fit: 'zero' | 'range' | 'none', fitWhole = false) => ({
    layers: [
      { key: 's', label: 's', colour: 'cwnd' as const, style: 'step' as const, data: { timesMs: Float64Array.of(0, 100, 200, 300), values: Float64Array.of(10, 50, 20, 200), scale: 1 } },
      { key: 'w', label: 'w', colour: 'cwnd' as const, style: 'step' as const, outOfScale: true, data: { timesMs: Float64Array.of(0), values: Float64Array.of(9999), scale: 1 } },
    ],
    yMin: 0,
    yMax: 250,
    fit,
    fitWhole,
  });
  it('keeps the whole-run range when not zoomed', () => {
    expect(yDomain(model('zero'), 0, 1000, 1000, 500)).toEqual([0, 250]);
  });
  it('fits to what is visible when zoomed, the step entering the view included, out-of-scale layers left out', () => {
    expect(yDomain(model('zero'), 120, 250, 1000, 500)).toEqual([0, 60]);
    expect(yDomain(model('range'), 120, 250, 1000, 500)).toEqual([18, 52]);
    expect(yDomain(model('none'), 120, 250, 1000, 500)).toEqual([0, 250]);
    expect(yDomain(model('zero', true), 0, 1000, 1000, 500)).toEqual([0, 250]);
  });
});
