// The packet trace of a run, as growable columns in enqueue-time order. Every
// record has the dense columns; SACK blocks and echoed timestamps, which most
// records lack (24 and 8 bytes a record), are kept only for the records that
// carry them, in side tables ordered by record index.

import {
  MAKE_ARRAY,
  TRACE_COLUMN_NAMES,
  TRACE_COLUMNS,
  type TraceArrays,
  type TraceChunk,
  type TraceColumnName,
} from '../engine/traceColumns';
import { PacketFate } from '../engine/traceColumns';
import { Column, f64, u32 } from './columns';
import { lowerBound } from './search';

/** Columns kept only for the records that carry them. */
export type SparseColumnName = 'sackBlocks' | 'tsEcrMs';
export type DenseColumnName = Exclude<TraceColumnName, SparseColumnName>;
export const DENSE_COLUMN_NAMES = TRACE_COLUMN_NAMES.filter((n): n is DenseColumnName => n !== 'sackBlocks' && n !== 'tsEcrMs');

/** The sparse columns: which records have a value (ascending) and the values. */
export interface TraceExtras {
  /** Records with at least one SACK block; their blocks, six values each (start, end of blocks 1 to 3). */
  sackAt: Uint32Array;
  sackBlocks: Uint32Array;
  /** Records with an echoed timestamp (RFC 7323 TSecr, nonzero); the echoes in ms. */
  tsEcrAt: Uint32Array;
  tsEcrMs: Float64Array;
}

/** A read-only snapshot of the trace (views, valid until the next append). */
export type TraceView = Pick<TraceArrays, DenseColumnName> & {
  count: number;
  /**
   * The longest time any record spends between enqueue and its last bit's
   * arrival: records enqueued earlier than `t - maxLifeMs` are gone by `t`.
   */
  maxLifeMs: number;
  /**
   * Indices of the dropped and corrupted records, ascending: their loss
   * markers stay on screen for a while, so a frame looks further back for
   * them than for packets in flight. Absent: found by scanning.
   */
  losses?: Uint32Array;
  extras: TraceExtras;
};

/** SACK block k (0 to 2) of record i as [start, end) segments; [0, 0] when it has none. */
export function sackBlock(trace: TraceView, i: number, k: number): [number, number] {
  const e = trace.extras;
  const at = lowerBound(e.sackAt, e.sackAt.length, i);
  if (e.sackAt[at] !== i) return [0, 0];
  return [e.sackBlocks[at * 6 + 2 * k] ?? 0, e.sackBlocks[at * 6 + 2 * k + 1] ?? 0];
}

/** The timestamp record i echoes (ms), 0 when none. */
export function tsEcrOf(trace: TraceView, i: number): number {
  const e = trace.extras;
  const at = lowerBound(e.tsEcrAt, e.tsEcrAt.length, i);
  return e.tsEcrAt[at] === i ? (e.tsEcrMs[at] ?? 0) : 0;
}

/** The sparse columns of whole chunk-shaped columns (fixtures, windows). */
export function extrasOf(cols: Pick<TraceArrays, 'sackLen' | 'sackBlocks' | 'tsEcrMs'>, count: number, first = 0): TraceExtras {
  const sackAt: number[] = [];
  const blocks: number[] = [];
  const tsAt: number[] = [];
  const ts: number[] = [];
  for (let i = 0; i < count; i++) {
    if ((cols.sackLen[i] ?? 0) > 0) {
      sackAt.push(first + i);
      for (let v = 0; v < 6; v++) blocks.push(cols.sackBlocks[i * 6 + v] ?? 0);
    }
    const echo = cols.tsEcrMs[i] ?? 0;
    if (echo !== 0) {
      tsAt.push(first + i);
      ts.push(echo);
    }
  }
  return { sackAt: Uint32Array.from(sackAt), sackBlocks: Uint32Array.from(blocks), tsEcrAt: Uint32Array.from(tsAt), tsEcrMs: Float64Array.from(ts) };
}

type Columns = { [K in DenseColumnName]: Column<TraceArrays[K]> };

export class TraceColumns {
  private readonly columns: Columns;
  private records = 0;
  private maxLifeMs = 0;
  private readonly losses = new Column(u32, 256);
  private readonly sackAt = new Column(u32, 256);
  private readonly sackBlocks = new Column(u32, 256);
  private readonly tsEcrAt = new Column(u32, 256);
  private readonly tsEcrMs = new Column(f64, 256);

  /** `delayMs[c]`: propagation delay of channel c. */
  constructor(private readonly delayMs: readonly number[]) {
    const columns: Partial<Record<DenseColumnName, Column<TraceArrays[DenseColumnName]>>> = {};
    for (const name of DENSE_COLUMN_NAMES) {
      const make: (n: number) => TraceArrays[DenseColumnName] = MAKE_ARRAY[TRACE_COLUMNS[name].type];
      columns[name] = new Column(make);
    }
    this.columns = columns as Columns;
  }

  get count(): number {
    return this.records;
  }

  /** Appends up to `limit` records of a chunk; returns how many were kept. */
  append(chunk: TraceChunk, limit = chunk.count): number {
    const n = Math.max(0, Math.min(chunk.count, limit));
    if (n === 0) return 0;
    for (const name of DENSE_COLUMN_NAMES) {
      const per = TRACE_COLUMNS[name].per;
      (this.columns[name] as Column<TraceArrays[DenseColumnName]>).append(chunk[name], 0, n * per);
    }
    const first = this.records;
    this.records += n;
    for (let i = 0; i < n; i++) {
      const life = (chunk.txEndMs[i] ?? 0) + (this.delayMs[chunk.channel[i] ?? 0] ?? 0) - (chunk.enqueuedMs[i] ?? 0);
      if (life > this.maxLifeMs) this.maxLifeMs = life;
      const fate = chunk.fate[i];
      if (fate === PacketFate.dropped || fate === PacketFate.corrupted) this.losses.push(first + i);
      if ((chunk.sackLen[i] ?? 0) > 0) {
        this.sackAt.push(first + i);
        this.sackBlocks.append(chunk.sackBlocks, i * 6, i * 6 + 6);
      }
      const echo = chunk.tsEcrMs[i] ?? 0;
      if (echo !== 0) {
        this.tsEcrAt.push(first + i);
        this.tsEcrMs.push(echo);
      }
    }
    return n;
  }

  private sideColumns() {
    return [this.losses, this.sackAt, this.sackBlocks, this.tsEcrAt, this.tsEcrMs];
  }

  /** Bytes the columns hold (spare capacity included). */
  get bytes(): number {
    let n = 0;
    for (const name of DENSE_COLUMN_NAMES) n += this.columns[name].bytes;
    for (const c of this.sideColumns()) n += c.bytes;
    return n;
  }

  /** Gives back spare capacity once the run is over. */
  trim(): void {
    for (const name of DENSE_COLUMN_NAMES) this.columns[name].trim();
    for (const c of this.sideColumns()) c.trim();
  }

  view(): TraceView {
    const views: Partial<Record<DenseColumnName, TraceArrays[DenseColumnName]>> = {};
    for (const name of DENSE_COLUMN_NAMES) views[name] = this.columns[name].view();
    return {
      ...(views as Pick<TraceArrays, DenseColumnName>),
      count: this.records,
      maxLifeMs: this.maxLifeMs,
      losses: this.losses.view(),
      extras: { sackAt: this.sackAt.view(), sackBlocks: this.sackBlocks.view(), tsEcrAt: this.tsEcrAt.view(), tsEcrMs: this.tsEcrMs.view() },
    };
  }
}
