// Throughput and goodput as rates over bins of time, for any visible range:
// throughput from the bytes reaching the receiver (duplicates included),
// goodput from the in-order bytes the application got (`delivered`).

import { lowerBound, upperBound } from '../state/search';
import type { Points } from './flowData';

/** A bin width in ms on a 1-2-5 grid giving about `bins` bins over the span. */
export function binWidthMs(spanMs: number, bins: number): number {
  const raw = Math.max(spanMs / Math.max(1, bins), 1e-3);
  const p = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (raw <= m * p * (1 + 1e-9)) return m * p;
  return 10 * p;
}

/** Bins of [t0, t1): start times, aligned to multiples of the width (so panning does not shimmer). */
function binStarts(t0: number, t1: number, binMs: number): number[] {
  const out: number[] = [];
  for (let t = Math.floor(t0 / binMs) * binMs; t < t1; t += binMs) out.push(t);
  return out;
}

/**
 * Bits per second in each bin, from arrival times and cumulative bytes
 * (cum[i] = bytes of arrivals 0..i). A bin holds arrivals in [start, start + width).
 */
export function rateFromCumulative(times: Float64Array, cum: Float64Array, t0: number, t1: number, binMs: number): Points {
  const starts = binStarts(t0, t1, binMs);
  const n = times.length;
  const bytesBefore = (t: number) => {
    // Arrivals strictly before t.
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((times[mid] ?? 0) < t) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 ? 0 : (cum[lo - 1] ?? 0);
  };
  const values = starts.map((s) => ((bytesBefore(s + binMs) - bytesBefore(s)) * 8) / (binMs / 1000));
  return { timesMs: Float64Array.from(starts), values: Float64Array.from(values) };
}

/** Value of a step-after series at t (0 before its first point). */
export function stepValueAt(times: Float64Array, values: Float64Array, t: number): number {
  const i = upperBound(times, times.length, t) - 1;
  return i < 0 ? 0 : (values[i] ?? 0);
}

/** Value of a step-after series just before t: what it counted in (-inf, t). */
function valueBefore(times: Float64Array, values: Float64Array, t: number): number {
  const i = lowerBound(times, times.length, t) - 1;
  return i < 0 ? 0 : (values[i] ?? 0);
}

/** Bits per second in each bin from a cumulative byte counter (a step series); a bin counts [start, end). */
export function rateFromCounter(times: Float64Array, values: Float64Array, t0: number, t1: number, binMs: number): Points {
  const starts = binStarts(t0, t1, binMs);
  const rate = starts.map(
    (s) => ((valueBefore(times, values, s + binMs) - valueBefore(times, values, s)) * 8) / (binMs / 1000),
  );
  return { timesMs: Float64Array.from(starts), values: Float64Array.from(rate) };
}
