// A map that keeps its `capacity` most recently used entries.

export class Lru<K, V> {
  /** Map order is use order: the first entry is the least recently used. */
  private readonly map = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.map.size;
  }

  get(key: K): V | undefined {
    const v = this.map.get(key);
    if (v === undefined) return undefined;
    this.map.delete(key);
    this.map.set(key, v);
    return v;
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    for (const k of this.map.keys()) {
      if (this.map.size <= this.capacity) break;
      this.map.delete(k);
    }
  }
}
