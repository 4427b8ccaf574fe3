// The packet trace's columns, listed once. The worker copies these out of a
// TraceDrain, transfers their buffers, and the store appends them; adding a
// column the engine exposes is one line here.

import { FLAG, PacketFate, PacketKind } from '../generated/traceVocabulary';

/** Typed-array kinds a column can have. */
export interface ColumnArrays {
  f64: Float64Array;
  u32: Uint32Array;
  u16: Uint16Array;
  u8: Uint8Array;
}
export type ColumnType = keyof ColumnArrays;

export const MAKE_ARRAY: { [K in ColumnType]: (length: number) => ColumnArrays[K] } = {
  f64: (n) => new Float64Array(n),
  u32: (n) => new Uint32Array(n),
  u16: (n) => new Uint16Array(n),
  u8: (n) => new Uint8Array(n),
};

interface ColumnSpec<T extends ColumnType> {
  type: T;
  /** Values per record (SACK blocks: six). */
  per: number;
}
const col = <T extends ColumnType>(type: T, per = 1): ColumnSpec<T> => ({ type, per });

/** Every column of the engine's TraceDrain, by its getter name. */
export const TRACE_COLUMNS = {
  enqueuedMs: col('f64'),
  txStartMs: col('f64'),
  txEndMs: col('f64'),
  /** When the sending agent emitted the packet: one-way delay so far is t - createdMs. */
  createdMs: col('f64'),
  /** Unique per packet and run; the same on every channel the packet crosses. */
  uid: col('u32'),
  /** Data: segment number. ACK: cumulative ACK (next segment expected). */
  seq: col('u32'),
  /** Bytes on the wire, headers included. */
  size: col('u32'),
  channel: col('u16'),
  flow: col('u16'),
  /** See PacketKind. */
  kind: col('u8'),
  /** See FLAG. */
  flags: col('u16'),
  /** See PacketFate. */
  fate: col('u8'),
  /** SACK blocks in use (0 to 3). */
  sackLen: col('u8'),
  /** start, end (segments, end exclusive) of blocks 1 to 3. */
  sackBlocks: col('u32', 6),
  /** Echoed timestamp (RFC 7323 TSecr), 0 when the option is off. */
  tsEcrMs: col('f64'),
  /** Receive window an ACK advertises, in segments (FLAG.window); 0 otherwise. */
  window: col('u16'),
} as const;

export type TraceColumnName = keyof typeof TRACE_COLUMNS;
export const TRACE_COLUMN_NAMES = Object.keys(TRACE_COLUMNS) as TraceColumnName[];

/** One typed array per column. */
export type TraceArrays = { [K in TraceColumnName]: ColumnArrays[(typeof TRACE_COLUMNS)[K]['type']] };

/** New trace records, as columns: `count` records, `per` values each. */
export interface TraceChunk extends TraceArrays {
  count: number;
}

/** Reads every column from a drain-like object (each wasm getter copies, so each is read once). */
export function readColumns(source: Readonly<TraceArrays>): TraceArrays {
  const out: Partial<Record<TraceColumnName, TraceArrays[TraceColumnName]>> = {};
  for (const name of TRACE_COLUMN_NAMES) out[name] = source[name];
  return out as TraceArrays;
}

/** Buffers of a chunk, for transfer to another thread (each once). */
export function columnBuffers(chunk: TraceArrays): ArrayBufferLike[] {
  return [...new Set(TRACE_COLUMN_NAMES.map((name) => chunk[name].buffer))];
}

/** Zero-filled columns for `count` records (tests and fixtures). */
export function emptyColumns(count: number): TraceArrays {
  const out: Partial<Record<TraceColumnName, TraceArrays[TraceColumnName]>> = {};
  for (const name of TRACE_COLUMN_NAMES) {
    const spec = TRACE_COLUMNS[name];
    out[name] = MAKE_ARRAY[spec.type](count * spec.per);
  }
  return out as TraceArrays;
}

// Kinds, fates and flag bits are generated from the engine's Rust types
// (npm run gen:types), so a new fate or flag cannot be missed here.
export { FLAG, PacketFate, PacketKind };

export type FateName = keyof typeof PacketFate;
/** Fate names by column value. */
const FATE_BY_VALUE = new Map<number, FateName>(Object.entries(PacketFate).map(([name, value]) => [value, name as FateName]));
/** The name of a `fate` value; an unknown value is shown as such, never as delivered. */
export function fateOf(value: number): FateName | 'unknown' {
  return FATE_BY_VALUE.get(value) ?? 'unknown';
}
export type FlagName = keyof typeof FLAG;


export function flagNames(flags: number): FlagName[] {
  return (Object.keys(FLAG) as FlagName[]).filter((name) => (flags & FLAG[name]) !== 0);
}

/**
 * The records of a chunk enqueued in [fromMs, toMs] (chunks are in enqueue
 * order, so they are one run of records), copied into their own buffers.
 */
export function sliceChunk(chunk: TraceChunk, fromMs: number, toMs: number): TraceChunk | null {
  let a = 0;
  while (a < chunk.count && (chunk.enqueuedMs[a] ?? 0) < fromMs) a++;
  let b = a;
  while (b < chunk.count && (chunk.enqueuedMs[b] ?? 0) <= toMs) b++;
  if (b <= a) return null;
  const out = emptyColumns(b - a);
  for (const name of TRACE_COLUMN_NAMES) {
    const per = TRACE_COLUMNS[name].per;
    (out[name] as { set(a: ArrayLike<number>): void }).set(chunk[name].subarray(a * per, b * per));
  }
  return { ...out, count: b - a };
}

/** Chunks one after another as one chunk. */
export function concatChunks(chunks: readonly TraceChunk[]): TraceChunk | null {
  const count = chunks.reduce((n, c) => n + c.count, 0);
  if (count === 0) return null;
  const out = emptyColumns(count);
  let at = 0;
  for (const c of chunks) {
    for (const name of TRACE_COLUMN_NAMES) {
      const per = TRACE_COLUMNS[name].per;
      (out[name] as { set(a: ArrayLike<number>, offset: number): void }).set(c[name].subarray(0, c.count * per), at * per);
    }
    at += c.count;
  }
  return { ...out, count };
}
