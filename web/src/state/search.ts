// Binary searches over ascending time columns.

/** The first index in [0, count) whose value is >= t (count when none). */
export function lowerBound(times: ArrayLike<number>, count: number, t: number): number {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((times[mid] ?? 0) < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first index in [0, count) whose value is > t (count when none). */
export function upperBound(times: ArrayLike<number>, count: number, t: number): number {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((times[mid] ?? 0) <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** lowerBound over a column read through an accessor (the packed trace). */
export function lowerBoundBy(at: (i: number) => number, count: number, t: number): number {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (at(mid) < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** upperBound over a column read through an accessor. */
export function upperBoundBy(at: (i: number) => number, count: number, t: number): number {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (at(mid) <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
