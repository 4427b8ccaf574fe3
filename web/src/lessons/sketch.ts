// "Sketch the cwnd": the learner's guess as a fixed number of time buckets, and
// the run's series resampled onto the same buckets to compare.

export const SKETCH_BUCKETS = 60;

/** A guess: segments per bucket, null where nothing was drawn. */
export type Sketch = (number | null)[];

export function emptySketch(): Sketch {
  return new Array<number | null>(SKETCH_BUCKETS).fill(null);
}

/**
 * Draws a stroke from bucket `from` (value `a`) to bucket `to` (value `b`),
 * filling the buckets between so a fast pointer leaves no gaps.
 */
export function drawStroke(sketch: Sketch, from: number, a: number, to: number, b: number): Sketch {
  const out = [...sketch];
  const lo = Math.max(0, Math.min(from, to));
  const hi = Math.min(SKETCH_BUCKETS - 1, Math.max(from, to));
  for (let i = lo; i <= hi; i++) {
    const f = to === from ? 1 : (i - from) / (to - from);
    out[i] = a + (b - a) * f;
  }
  return out;
}

/** Step-after resampling of a series (times in ms) at each bucket's middle, over `seconds`. */
export function resample(timesMs: ArrayLike<number>, values: ArrayLike<number>, seconds: number): Sketch {
  const out = emptySketch();
  let j = -1;
  for (let i = 0; i < SKETCH_BUCKETS; i++) {
    const t = ((i + 0.5) / SKETCH_BUCKETS) * seconds * 1000;
    while (j + 1 < timesMs.length && (timesMs[j + 1] ?? Infinity) <= t) j++;
    out[i] = j >= 0 ? (values[j] ?? null) : null;
  }
  return out;
}

/** Mean absolute difference over the buckets both have; null when they share none. */
export function meanError(guess: Sketch, actual: Sketch): number | null {
  let sum = 0;
  let n = 0;
  guess.forEach((g, i) => {
    const a = actual[i];
    if (g !== null && a !== null && a !== undefined) {
      sum += Math.abs(g - a);
      n += 1;
    }
  });
  return n === 0 ? null : sum / n;
}

export function isDrawn(s: Sketch | undefined): boolean {
  return s !== undefined && s.some((v) => v !== null);
}
