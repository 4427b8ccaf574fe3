// What views compute from a finished run (a flow's time-sequence data, the
// legend's packet kinds), kept with the run: the run's data never change, so
// showing it again from the run cache reuses them instead of scanning its
// trace again. Their bytes count towards the run's in the cache.

export class Derived {
  private readonly values = new Map<string, { value: unknown; bytes: number }>();
  private total = 0;

  /** Bytes of the values kept (as their `sizeOf` said). */
  get bytes(): number {
    return this.total;
  }

  /** The value under `key`, computed once. */
  get<T>(key: string, compute: () => T, sizeOf: (value: T) => number = () => 0): T {
    const kept = this.values.get(key);
    if (kept) return kept.value as T;
    const value = compute();
    const bytes = sizeOf(value);
    this.values.set(key, { value, bytes });
    this.total += bytes;
    return value;
  }
}
