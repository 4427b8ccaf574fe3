import { minmaxIndex } from './minmaxIndex';

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
  // The same arrays over the same range: the last answer again (a run shown
  // again from the run cache draws its plots without decimating them again).
  const last = lastPicks.get(times);
  if (last && last.values === values && last.t0 === t0 && last.t1 === t1 && last.width === width) return last.picks;
  const picks = pick(times, values, t0, t1, width);
  lastPicks.set(times, { values, t0, t1, width, picks });
  return picks;
}

/**
 * The last decimation of each times array (arrays are not changed in place
 * once read: a growing column hands out a new view, see state/columns.ts).
 */
const lastPicks = new WeakMap<Float64Array, { values: Float64Array; t0: number; t1: number; width: number; picks: Uint32Array }>();

function pick(times: Float64Array, values: Float64Array, t0: number, t1: number, width: number): Uint32Array {
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
  const column = (i: number) => Math.floor(((times[i] ?? 0) - t0) * scale);
  const push = (a: number, b: number, c: number, d: number) => {
    // Up to four indices, ascending and distinct.
    const picks = [a, b, c, d].sort((x, y) => x - y);
    for (let k = 0; k < picks.length; k++) {
      const p = picks[k] ?? 0;
      if (k === 0 || p !== picks[k - 1]) out.push(p);
    }
  };
  const index = minmaxIndex(values.length === n ? values : values.subarray(0, n));
  if (index) {
    // Column by column: its index range by binary search, its extremes from the block index.
    for (let i = first; i <= last; ) {
      const c = column(i);
      let j = Math.max(i + 1, Math.min(last + 1, lowerBound(times, last + 1, t0 + (c + 1) / scale)));
      // Floating point at the boundary: agree with column() exactly.
      while (j <= last && column(j) === c) j++;
      while (j - 1 > i && column(j - 1) !== c) j--;
      push(i, index.argmin(i, j), index.argmax(i, j), j - 1);
      i = j;
    }
    return Uint32Array.from(out);
  }
  let col = Number.NaN;
  let firstI = 0;
  let minI = 0;
  let maxI = 0;
  let lastI = 0;
  for (let i = first; i <= last; i++) {
    const c = column(i);
    const v = values[i] ?? 0;
    if (c !== col) {
      if (!Number.isNaN(col)) push(firstI, minI, maxI, lastI);
      col = c;
      firstI = minI = maxI = lastI = i;
    } else {
      lastI = i;
      if (v < (values[minI] ?? 0)) minI = i;
      if (v > (values[maxI] ?? 0)) maxI = i;
    }
  }
  push(firstI, minI, maxI, lastI);
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
  /** Null: each bar is one unit tall (a segment: [seq, seq + 1)). */
  endsOrNull: Float64Array | null,
  t0: number,
  t1: number,
  width: number,
): { times: Float64Array; starts: Float64Array; ends: Float64Array } {
  const unit = endsOrNull === null;
  const ends = endsOrNull ?? starts;
  const n = Math.min(times.length, starts.length, ends.length);
  const first = lowerBound(times, n, t0);
  let last = lowerBound(times, n, t1);
  while (last < n && (times[last] ?? 0) <= t1) last++;
  const count = last - first;
  const columns = Math.max(1, Math.floor(width));
  if (count <= 2 * columns || t1 <= t0) {
    const e = ends.slice(first, last);
    if (unit) for (let k = 0; k < e.length; k++) e[k] = (e[k] ?? 0) + 1;
    return { times: times.slice(first, last), starts: starts.slice(first, last), ends: e };
  }
  const ot: number[] = [];
  const os: number[] = [];
  const oe: number[] = [];
  const scale = columns / (t1 - t0);
  const column = (i: number) => Math.floor(((times[i] ?? 0) - t0) * scale);
  const lo = minmaxIndex(starts);
  const hi = minmaxIndex(ends);
  for (let i = first; i < last; ) {
    const c = column(i);
    let j = Math.max(i + 1, Math.min(last, lowerBound(times, last, t0 + (c + 1) / scale)));
    while (j < last && column(j) === c) j++;
    while (j - 1 > i && column(j - 1) !== c) j--;
    let s = Number.POSITIVE_INFINITY;
    let e = Number.NEGATIVE_INFINITY;
    if (lo && hi) {
      s = starts[lo.argmin(i, j)] ?? 0;
      e = ends[hi.argmax(i, j)] ?? 0;
    } else {
      for (let k = i; k < j; k++) {
        if ((starts[k] ?? 0) < s) s = starts[k] ?? 0;
        if ((ends[k] ?? 0) > e) e = ends[k] ?? 0;
      }
    }
    ot.push(t0 + (c + 0.5) / scale);
    os.push(s);
    oe.push(unit ? e + 1 : e);
    i = j;
  }
  return { times: Float64Array.from(ot), starts: Float64Array.from(os), ends: Float64Array.from(oe) };
}
