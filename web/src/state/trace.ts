// The packet trace of a run, as growable columns in enqueue-time order: one
// Column per entry of TRACE_COLUMNS.

import {
  MAKE_ARRAY,
  TRACE_COLUMN_NAMES,
  TRACE_COLUMNS,
  type TraceArrays,
  type TraceChunk,
  type TraceColumnName,
} from '../engine/traceColumns';
import { PacketFate } from '../engine/traceColumns';
import { Column, u32 } from './columns';

/** A read-only snapshot of the trace columns (views, valid until the next append). */
export type TraceView = TraceChunk & {
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
};

type Columns = { [K in TraceColumnName]: Column<TraceArrays[K]> };

export class TraceColumns {
  private readonly columns: Columns;
  private records = 0;
  private maxLifeMs = 0;
  private readonly losses = new Column(u32, 256);

  /** `delayMs[c]`: propagation delay of channel c. */
  constructor(private readonly delayMs: readonly number[]) {
    const columns: Partial<Record<TraceColumnName, Column<TraceArrays[TraceColumnName]>>> = {};
    for (const name of TRACE_COLUMN_NAMES) {
      const make: (n: number) => TraceArrays[TraceColumnName] = MAKE_ARRAY[TRACE_COLUMNS[name].type];
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
    for (const name of TRACE_COLUMN_NAMES) {
      const per = TRACE_COLUMNS[name].per;
      (this.columns[name] as Column<TraceArrays[TraceColumnName]>).append(chunk[name], 0, n * per);
    }
    this.records += n;
    const first = this.records - n;
    for (let i = 0; i < n; i++) {
      const life = (chunk.txEndMs[i] ?? 0) + (this.delayMs[chunk.channel[i] ?? 0] ?? 0) - (chunk.enqueuedMs[i] ?? 0);
      if (life > this.maxLifeMs) this.maxLifeMs = life;
      const fate = chunk.fate[i];
      if (fate === PacketFate.dropped || fate === PacketFate.corrupted) this.losses.append(Uint32Array.of(first + i));
    }
    return n;
  }

  /** Bytes the columns hold (spare capacity included). */
  get bytes(): number {
    let n = 0;
    for (const name of TRACE_COLUMN_NAMES) n += this.columns[name].bytes;
    return n + this.losses.bytes;
  }

  /** Gives back spare capacity once the run is over. */
  trim(): void {
    for (const name of TRACE_COLUMN_NAMES) this.columns[name].trim();
    this.losses.trim();
  }

  view(): TraceView {
    const views: Partial<Record<TraceColumnName, TraceArrays[TraceColumnName]>> = {};
    for (const name of TRACE_COLUMN_NAMES) views[name] = this.columns[name].view();
    return { ...(views as TraceArrays), count: this.records, maxLifeMs: this.maxLifeMs, losses: this.losses.view() };
  }
}
