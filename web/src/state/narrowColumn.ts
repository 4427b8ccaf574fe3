// A column of small non-negative integers stored in fewer bytes than their
// type allows: a value that does not fit (or is not an integer) is stored as
// a marker, and its exact value in a side table ordered by record index. The
// packed trace uses it for sizes, ids and nanosecond offsets, which almost
// always fit. Values that are large but close together (ids, times) are
// kept as offsets from a base per block of records.

import { Column, f64, u16, u32, u8 } from './columns';
import { lowerBoundBy } from './search';

const MAKERS = { 8: u8, 16: u16, 32: u32 } as const;

export class NarrowColumn {
  private readonly raw: Column<Uint8Array | Uint16Array | Uint32Array>;
  /** The stored value that means "look in the side table". */
  readonly marker: number;
  private readonly overAt = new Column(u32, 16);
  private readonly overValue = new Column(f64, 16);
  /** Per block of 2^shift records: its first value less `bias` (so values a little below it fit too). */
  private readonly bases: Column<Float64Array> | null;

  constructor(
    bits: 8 | 16 | 32,
    private readonly blocks: { shift: number; bias: number } | null = null,
  ) {
    this.raw = new Column<Uint8Array | Uint16Array | Uint32Array>(MAKERS[bits]);
    this.marker = 2 ** bits - 1;
    this.bases = blocks ? new Column(f64, 16) : null;
  }

  get length(): number {
    return this.raw.length;
  }

  /** Appends `value`; when it does not fit, the side table keeps `exact` instead (default: the value). */
  push(value: number, exact = value): void {
    const at = this.raw.length;
    let stored = value;
    if (this.bases && this.blocks) {
      if ((at & ((1 << this.blocks.shift) - 1)) === 0) this.bases.push(Number.isFinite(value) ? value - this.blocks.bias : 0);
      stored = value - this.bases.at(at >> this.blocks.shift);
    }
    if (Number.isInteger(stored) && stored >= 0 && stored < this.marker) {
      this.raw.push(stored);
      return;
    }
    this.overAt.push(this.raw.length);
    this.overValue.push(exact);
    this.raw.push(this.marker);
  }

  /** Record i's value, or NaN when it did not fit (then see `exactAt`). */
  valueAt(i: number): number {
    const r = this.raw.at(i);
    if (r === this.marker) return Number.NaN;
    return this.bases && this.blocks ? r + this.bases.at(i >> this.blocks.shift) : r;
  }

  /** The side table's value for record i (whose raw value is the marker). */
  exactAt(i: number): number {
    const at = lowerBoundBy((j) => this.overAt.at(j), this.overAt.length, i);
    return this.overValue.at(at);
  }

  /** Record i's value, for columns whose side table holds the value itself. */
  at(i: number): number {
    const v = this.valueAt(i);
    return Number.isNaN(v) ? this.exactAt(i) : v;
  }

  get bytes(): number {
    return this.raw.bytes + this.overAt.bytes + this.overValue.bytes + (this.bases?.bytes ?? 0);
  }

  trim(): void {
    this.bases?.trim();
    this.raw.trim();
    this.overAt.trim();
    this.overValue.trim();
  }
}
