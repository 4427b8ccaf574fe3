// Minimum and maximum of any index range of a large array in O(n / B + B):
// per block of B values, the index of its first minimum and first maximum.
// Decimation and y-range fitting ask this once per pixel column, so a zoom
// over a million points reads thousands of summaries, not a million values.

const B = 64;

export class MinMaxIndex {
  private readonly minAt: Uint32Array;
  private readonly maxAt: Uint32Array;

  constructor(private readonly values: Float64Array) {
    const n = values.length;
    const blocks = Math.ceil(n / B);
    this.minAt = new Uint32Array(blocks);
    this.maxAt = new Uint32Array(blocks);
    for (let b = 0; b < blocks; b++) {
      let lo = b * B;
      let hi = lo;
      const end = Math.min(n, lo + B);
      for (let i = lo + 1; i < end; i++) {
        const v = values[i] ?? 0;
        if (v < (values[lo] ?? 0)) lo = i;
        if (v > (values[hi] ?? 0)) hi = i;
      }
      this.minAt[b] = lo;
      this.maxAt[b] = hi;
    }
  }

  /** Index of the first smallest value in [a, b) (a < b). */
  argmin(a: number, b: number): number {
    // Written out twice rather than through a comparison callback: this runs per pixel column of every draw.
    const v = this.values;
    const summary = this.minAt;
    let best = a;
    let i = a + 1;
    // Head: up to the first block boundary.
    const headEnd = Math.min(b, Math.ceil((a + 1) / B) * B);
    for (; i < headEnd; i++) if ((v[i] ?? 0) < (v[best] ?? 0)) best = i;
    // Whole blocks.
    for (; i + B <= b; i += B) {
      const k = summary[i / B] ?? i;
      if ((v[k] ?? 0) < (v[best] ?? 0)) best = k;
    }
    // Tail.
    for (; i < b; i++) if ((v[i] ?? 0) < (v[best] ?? 0)) best = i;
    return best;
  }

  /** Index of the first largest value in [a, b) (a < b). */
  argmax(a: number, b: number): number {
    const v = this.values;
    const summary = this.maxAt;
    let best = a;
    let i = a + 1;
    const headEnd = Math.min(b, Math.ceil((a + 1) / B) * B);
    for (; i < headEnd; i++) if ((v[i] ?? 0) > (v[best] ?? 0)) best = i;
    for (; i + B <= b; i += B) {
      const k = summary[i / B] ?? i;
      if ((v[k] ?? 0) > (v[best] ?? 0)) best = k;
    }
    for (; i < b; i++) if ((v[i] ?? 0) > (v[best] ?? 0)) best = i;
    return best;
  }
}

const cache = new WeakMap<Float64Array, MinMaxIndex>();

/** The index of an array (built once per array object), or null when scanning is as quick. */
export function minmaxIndex(values: Float64Array): MinMaxIndex | null {
  if (values.length < 8 * B) return null;
  let idx = cache.get(values);
  if (!idx) {
    idx = new MinMaxIndex(values);
    cache.set(values, idx);
  }
  return idx;
}
