// The packet trace of a run, packed: about 27 bytes a record plus what its
// echoes, SACKs and windows need, instead of the 87 the engine sends. Times
// arrive as ms (integer ns / 1e6) and are kept as integer ns: enqueue as a
// u32 offset from its block's first record, the others as u32 offsets from
// enqueue; uid and seq as u16 offsets from their block's first; sizes,
// channels and flows in as few bytes as they need; kind and fate share a
// byte. Whatever does not fit goes to a NarrowColumn's side table, so every
// record reads back exactly as sent. SACK blocks, echoed timestamps and
// advertised windows, which most records lack, are kept only for the records
// that carry them, ordered by index.
// Readers use the accessors of TraceView, never the storage.

import { type TraceArrays, type TraceChunk } from '../engine/traceColumns';
import { PacketFate } from '../engine/traceColumns';
import { Column, u16, u32, u8 } from './columns';
import { NarrowColumn } from './narrowColumn';
import { lowerBound, lowerBoundBy } from './search';

/** The sparse SACK columns: which records have blocks (ascending) and the blocks. */
export interface TraceExtras {
  /** Records with at least one SACK block; their blocks, six values each (start, end of blocks 1 to 3). */
  sackAt: Uint32Array;
  sackBlocks: Uint32Array;
}

/** Per-record columns, read by index (see TRACE_COLUMNS for their meaning). */
export type RecordColumnName =
  | 'enqueuedMs'
  | 'txStartMs'
  | 'txEndMs'
  | 'createdMs'
  | 'uid'
  | 'seq'
  | 'size'
  | 'channel'
  | 'flow'
  | 'kind'
  | 'flags'
  | 'fate'
  | 'sackLen'
  | 'tsEcrMs'
  | 'window';
export const RECORD_COLUMN_NAMES: readonly RecordColumnName[] = [
  'enqueuedMs',
  'txStartMs',
  'txEndMs',
  'createdMs',
  'uid',
  'seq',
  'size',
  'channel',
  'flow',
  'kind',
  'flags',
  'fate',
  'sackLen',
  'tsEcrMs',
  'window',
];

/** A read-only snapshot of the trace (valid for its `count` records; later appends do not change them). */
export type TraceView = { readonly [K in RecordColumnName]: (i: number) => number } & {
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
  return trace.tsEcrMs(i);
}

/** The sparse columns of whole chunk-shaped columns (fixtures, windows). */
export function extrasOf(cols: Pick<TraceArrays, 'sackLen' | 'sackBlocks'>, count: number, first = 0): TraceExtras {
  const sackAt: number[] = [];
  const blocks: number[] = [];
  for (let i = 0; i < count; i++) {
    if ((cols.sackLen[i] ?? 0) > 0) {
      sackAt.push(first + i);
      for (let v = 0; v < 6; v++) blocks.push(cols.sackBlocks[i * 6 + v] ?? 0);
    }
  }
  return { sackAt: Uint32Array.from(sackAt), sackBlocks: Uint32Array.from(blocks) };
}

/** A view over plain chunk-shaped columns (test fixtures). */
export function arrayTraceView(cols: TraceArrays, count: number, maxLifeMs: number, losses?: Uint32Array): TraceView {
  const view: Partial<Record<RecordColumnName, (i: number) => number>> = {};
  for (const name of RECORD_COLUMN_NAMES) {
    const column: ArrayLike<number> = cols[name];
    view[name] = (i) => column[i] ?? 0;
  }
  return { ...(view as Record<RecordColumnName, (i: number) => number>), count, maxLifeMs, losses, extras: extrasOf(cols, count) };
}

/** Records per block of the enqueue column: each block's offsets count from its first record. */
const BLOCK_SHIFT = 10;

/** Integer ns of a time in ms, or NaN when `ms` is not exactly some integer ns / 1e6. */
function nsOf(ms: number): number {
  const ns = Math.round(ms * 1e6);
  return ns / 1e6 === ms && !Object.is(ms, -0) ? ns : Number.NaN;
}

/** Kind in the low four bits, fate in the high four (values past 15 read as 15: unknown). */
const packKindFate = (kind: number, fate: number) => Math.min(kind, 15) | (Math.min(fate, 15) << 4);

export class TraceColumns {
  private records = 0;
  private maxLifeMs = 0;
  /** ns after the block's first record. */
  private readonly enqueued = new NarrowColumn(32, { shift: BLOCK_SHIFT, bias: 0 });
  /** ns after enqueue: start and end of transmission. */
  private readonly txStart = new NarrowColumn(32);
  private readonly txEnd = new NarrowColumn(32);
  /** ns before enqueue that the sending agent emitted the packet. */
  private readonly createdAge = new NarrowColumn(32);
  private readonly uid = new NarrowColumn(16, { shift: BLOCK_SHIFT, bias: 1 << 15 });
  private readonly seq = new NarrowColumn(16, { shift: BLOCK_SHIFT, bias: 1 << 15 });
  private readonly size = new NarrowColumn(16);
  private readonly channel = new NarrowColumn(8);
  private readonly flow = new NarrowColumn(8);
  private readonly kindFate = new Column(u8);
  private readonly flags = new Column(u16);
  private readonly losses = new Column(u32, 256);
  private readonly sackAt = new Column(u32, 256);
  private readonly sackLen = new Column(u8, 256);
  private readonly sackBlocks = new Column(u32, 256);
  private readonly tsEcrAt = new Column(u32, 256);
  /** ns before enqueue of the echoed timestamp. */
  private readonly tsEcrAge = new NarrowColumn(32);
  private readonly windowAt = new Column(u32, 256);
  private readonly windowValue = new Column(u16, 256);

  /** `delayMs[c]`: propagation delay of channel c. */
  constructor(private readonly delayMs: readonly number[]) {}

  get count(): number {
    return this.records;
  }

  /** Appends up to `limit` records of a chunk; returns how many were kept. */
  append(chunk: TraceChunk, limit = chunk.count): number {
    const n = Math.max(0, Math.min(chunk.count, limit));
    for (let i = 0; i < n; i++) this.push(chunk, i);
    return n;
  }

  private push(c: TraceChunk, i: number): void {
    const at = this.records++;
    const enqMs = c.enqueuedMs[i] ?? 0;
    const enqNs = nsOf(enqMs);
    this.enqueued.push(enqNs, enqMs);
    const startMs = c.txStartMs[i] ?? 0;
    const endMs = c.txEndMs[i] ?? 0;
    const createdMs = c.createdMs[i] ?? 0;
    this.txStart.push(nsOf(startMs) - enqNs, startMs);
    this.txEnd.push(nsOf(endMs) - enqNs, endMs);
    this.createdAge.push(enqNs - nsOf(createdMs), createdMs);
    this.uid.push(c.uid[i] ?? 0);
    this.seq.push(c.seq[i] ?? 0);
    this.size.push(c.size[i] ?? 0);
    this.channel.push(c.channel[i] ?? 0);
    this.flow.push(c.flow[i] ?? 0);
    const fate = c.fate[i] ?? 0;
    this.kindFate.push(packKindFate(c.kind[i] ?? 0, fate));
    this.flags.push(c.flags[i] ?? 0);
    const life = endMs + (this.delayMs[c.channel[i] ?? 0] ?? 0) - enqMs;
    if (life > this.maxLifeMs) this.maxLifeMs = life;
    if (fate === PacketFate.dropped || fate === PacketFate.corrupted) this.losses.push(at);
    const sacks = c.sackLen[i] ?? 0;
    if (sacks > 0) {
      this.sackAt.push(at);
      this.sackLen.push(sacks);
      this.sackBlocks.append(c.sackBlocks, i * 6, i * 6 + 6);
    }
    const echo = c.tsEcrMs[i] ?? 0;
    if (!Object.is(echo, 0)) { // -0 too, so every value reads back as given
      this.tsEcrAt.push(at);
      this.tsEcrAge.push(enqNs - nsOf(echo), echo);
    }
    const window = c.window[i] ?? 0;
    if (window !== 0) {
      this.windowAt.push(at);
      this.windowValue.push(window);
    }
  }

  private storage() {
    return [
      this.enqueued,
      this.txStart,
      this.txEnd,
      this.createdAge,
      this.uid,
      this.seq,
      this.size,
      this.channel,
      this.flow,
      this.kindFate,
      this.flags,
      this.losses,
      this.sackAt,
      this.sackLen,
      this.sackBlocks,
      this.tsEcrAt,
      this.tsEcrAge,
      this.windowAt,
      this.windowValue,
    ];
  }

  /** Bytes the columns hold (spare capacity and side tables included). */
  get bytes(): number {
    let n = 0;
    for (const c of this.storage()) n += c.bytes;
    return n;
  }

  /** Gives back spare capacity once the run is over. */
  trim(): void {
    for (const c of this.storage()) c.trim();
  }

  /** Enqueue time of record i in integer ns (NaN when it was not integer ns; then its other times are in side tables). */
  private enqueuedNs(i: number): number {
    const ns = this.enqueued.valueAt(i);
    return Number.isNaN(ns) ? nsOf(this.enqueued.exactAt(i)) : ns;
  }

  /** A time stored (at position k of `col`) as ns after (sign 1) or before (-1) record i's enqueue. */
  private timeMs(col: NarrowColumn, i: number, sign: number, k = i): number {
    const r = col.valueAt(k);
    return Number.isNaN(r) ? col.exactAt(k) : (this.enqueuedNs(i) + sign * r) / 1e6;
  }

  private echoMs(i: number): number {
    const k = lowerBoundBy((j) => this.tsEcrAt.at(j), this.tsEcrAt.length, i);
    return this.tsEcrAt.at(k) === i ? this.timeMs(this.tsEcrAge, i, -1, k) : 0;
  }

  private sparse(at: Column<Uint32Array>, values: Column<Uint8Array | Uint16Array>, i: number): number {
    // Searched through `at` rather than a view: no subarray per lookup.
    const k = lowerBoundBy((j) => at.at(j), at.length, i);
    return at.at(k) === i ? values.at(k) : 0;
  }

  view(): TraceView {
    return {
      count: this.records,
      maxLifeMs: this.maxLifeMs,
      losses: this.losses.view(),
      extras: { sackAt: this.sackAt.view(), sackBlocks: this.sackBlocks.view() },
      enqueuedMs: (i) => {
        const ns = this.enqueued.valueAt(i);
        return Number.isNaN(ns) ? this.enqueued.exactAt(i) : ns / 1e6;
      },
      txStartMs: (i) => this.timeMs(this.txStart, i, 1),
      txEndMs: (i) => this.timeMs(this.txEnd, i, 1),
      createdMs: (i) => this.timeMs(this.createdAge, i, -1),
      uid: (i) => this.uid.at(i),
      seq: (i) => this.seq.at(i),
      size: (i) => this.size.at(i),
      channel: (i) => this.channel.at(i),
      flow: (i) => this.flow.at(i),
      kind: (i) => this.kindFate.at(i) & 15,
      fate: (i) => this.kindFate.at(i) >> 4,
      flags: (i) => this.flags.at(i),
      sackLen: (i) => this.sparse(this.sackAt, this.sackLen, i),
      tsEcrMs: (i) => this.echoMs(i),
      window: (i) => this.sparse(this.windowAt, this.windowValue, i),
    };
  }
}
