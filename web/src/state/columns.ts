// Append-only typed-array columns that grow by doubling, so a run's millions of
// points are stored without per-point objects and read as zero-copy views.

type NumericArray = Float64Array | Uint32Array | Uint16Array | Uint8Array;

export class Column<A extends NumericArray> {
  private data: A;
  private size = 0;
  /**
   * The last view handed out, handed out again while nothing changed: indexes
   * kept per array object (plots/minmaxIndex.ts) then survive between reads.
   */
  private shown: A | null = null;

  constructor(private readonly make: (length: number) => A, initialCapacity = 1024) {
    this.data = make(initialCapacity);
  }

  get length(): number {
    return this.size;
  }

  /** Appends `src[start..end)`. */
  append(src: A, start = 0, end = src.length): void {
    const n = end - start;
    if (n <= 0) return;
    this.reserve(this.size + n);
    this.data.set(start === 0 && end === src.length ? src : src.subarray(start, end), this.size);
    this.size += n;
  }

  /** Appends one value. */
  push(v: number): void {
    this.reserve(this.size + 1);
    this.data[this.size] = v;
    this.size += 1;
  }

  /** Replaces the last value (there must be one). */
  setLast(v: number): void {
    this.data[this.size - 1] = v;
    // Its values changed: a new object, so nothing derived from the old one is reused.
    this.shown = null;
  }

  /** The filled part, as a view (valid until the next append); the same object until the column changes. */
  view(): A {
    const shown = this.shown;
    if (shown && shown.length === this.size && shown.buffer === this.data.buffer) return shown;
    this.shown = this.data.subarray(0, this.size) as A;
    return this.shown;
  }

  /** Bytes held, spare capacity included. */
  get bytes(): number {
    return this.data.byteLength;
  }

  /** Gives back the spare capacity (a finished column grows no more). */
  trim(): void {
    if (this.data.length === this.size) return;
    const exact = this.make(this.size);
    exact.set(this.data.subarray(0, this.size));
    this.data = exact;
  }

  at(i: number): number {
    return this.data[i] ?? Number.NaN;
  }

  private reserve(capacity: number): void {
    if (capacity <= this.data.length) return;
    let next = Math.max(this.data.length * 2, 1024);
    while (next < capacity) next *= 2;
    const grown = this.make(next);
    grown.set(this.data.subarray(0, this.size));
    this.data = grown;
  }
}

export const f64 = (n: number): Float64Array => new Float64Array(n);
export const u32 = (n: number): Uint32Array => new Uint32Array(n);
export const u16 = (n: number): Uint16Array => new Uint16Array(n);
export const u8 = (n: number): Uint8Array => new Uint8Array(n);
