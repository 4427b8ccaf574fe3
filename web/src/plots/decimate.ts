// Per-pixel min/max decimation (as uPlot and the M4 algorithm do): when a series
// has more points than the plot has pixel columns, keep in each column only the
// first, lowest, highest and last point. The drawn line then covers exactly the
// same pixels as the full series, extremes included.

/**
 * Indices (ascending) of the points of `times`/`values` to draw over the time
 * range [t0, t1] mapped onto `width` pixel columns. Includes the last point
 * before t0 and the first after t1, so lines and steps enter and leave the
 * plot correctly. With few points, every point in range is kept.
 */
export function decimate(times: Float64Array, values: Float64Array, t0: number, t1: number, width: number): Uint32Array {
  const n = Math.min(times.length, values.length);
  if (n === 0) return new Uint32Array(0);
  // [first, last] = points in range plus one on each side.
  let first = lowerBound(times, n, t0) - 1;
  if (first < 0) first = 0;
  let last = lowerBound(times, n, t1);
  if (last >= n) last = n - 1;
  const count = last - first + 1;
  const columns = Math.max(1, Math.floor(width));
  if (count <= 2 * columns || t1 <= t0) {
    const all = new Uint32Array(count);
    for (let i = 0; i < count; i++) all[i] = first + i;
    return all;
  }

  const out: number[] = [];
  const scale = columns / (t1 - t0);
  let column = Number.NaN;
  let firstI = 0;
  let minI = 0;
  let maxI = 0;
  let lastI = 0;
  const flush = () => {
    // Up to four indices, ascending and distinct.
    const picks = [firstI, minI, maxI, lastI].sort((a, b) => a - b);
    for (let k = 0; k < picks.length; k++) {
      const p = picks[k] ?? 0;
      if (k === 0 || p !== picks[k - 1]) out.push(p);
    }
  };
  for (let i = first; i <= last; i++) {
    const c = Math.floor(((times[i] ?? 0) - t0) * scale);
    const v = values[i] ?? 0;
    if (c !== column) {
      if (!Number.isNaN(column)) flush();
      column = c;
      firstI = minI = maxI = lastI = i;
    } else {
      lastI = i;
      if (v < (values[minI] ?? 0)) minI = i;
      if (v > (values[maxI] ?? 0)) maxI = i;
    }
  }
  flush();
  return Uint32Array.from(out);
}

function lowerBound(times: Float64Array, n: number, t: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((times[mid] ?? 0) < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Vertical bars [start, end) at times, thinned per pixel column: within a
 * column, the lowest start and the highest end (exactly the pixels the bars
 * would cover). Few bars pass through as they are.
 */
export function decimateRanges(
  times: Float64Array,
  starts: Float64Array,
  ends: Float64Array,
  t0: number,
  t1: number,
  width: number,
): { times: Float64Array; starts: Float64Array; ends: Float64Array } {
  const n = Math.min(times.length, starts.length, ends.length);
  const first = lowerBound(times, n, t0);
  let last = lowerBound(times, n, t1);
  while (last < n && (times[last] ?? 0) <= t1) last++;
  const count = last - first;
  const columns = Math.max(1, Math.floor(width));
  if (count <= 2 * columns || t1 <= t0) {
    return { times: times.slice(first, last), starts: starts.slice(first, last), ends: ends.slice(first, last) };
  }
  const ot: number[] = [];
  const os: number[] = [];
  const oe: number[] = [];
  const scale = columns / (t1 - t0);
  let column = Number.NaN;
  for (let i = first; i < last; i++) {
    const t = times[i] ?? 0;
    const c = Math.floor((t - t0) * scale);
    const s = starts[i] ?? 0;
    const e = ends[i] ?? 0;
    if (c !== column) {
      column = c;
      ot.push(t0 + (c + 0.5) / scale);
      os.push(s);
      oe.push(e);
    } else {
      const k = os.length - 1;
      if (s < (os[k] ?? s)) os[k] = s;
      if (e > (oe[k] ?? e)) oe[k] = e;
    }
  }
  return { times: Float64Array.from(ot), starts: Float64Array.from(os), ends: Float64Array.from(oe) };
}
