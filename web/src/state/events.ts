// The event list, as Packet Tracer shows it: every packet entering a channel
// (or refused by its queue) and every TCP event marker (fast retransmit,
// timeout, ...), in time order, filtered by category and flow. Rows are kept
// as one typed array of references, never as objects: a large run has a
// million of them and the list only ever draws the few in view.

import { FLAG, PacketFate, PacketKind } from '../engine/traceColumns';
import type { SeriesView } from './runStore';
import { lowerBound, upperBound } from './search';
import type { TraceView } from './trace';

/** Categories a row can belong to; a row shows when any of its categories is on. */
export const CATEGORY = {
  data: 1 << 0,
  ack: 1 << 1,
  datagram: 1 << 2,
  retransmission: 1 << 3,
  drop: 1 << 4,
  corrupt: 1 << 5,
  ecn: 1 << 6,
  middlebox: 1 << 7,
  tcp: 1 << 8,
} as const;
export type Category = keyof typeof CATEGORY;
export const ALL_CATEGORIES = Object.values(CATEGORY).reduce((a, b) => a | b, 0);

export const CATEGORY_LABELS: Record<Category, string> = {
  data: 'Data',
  ack: 'ACKs',
  datagram: 'Datagrams',
  retransmission: 'Retransmissions',
  drop: 'Queue drops',
  corrupt: 'Corruptions',
  ecn: 'ECN',
  middlebox: 'Middlebox',
  tcp: 'TCP events',
};

/** A TCP event: one point of a marker series. */
export interface MarkerEvent {
  timeMs: number;
  /** Series name, e.g. `flows.ftp.timeout`. */
  series: string;
  /** The quantity, e.g. `timeout`. */
  quantity: string;
  /** Flow index the marker belongs to, or -1 (a link's outage). */
  flow: number;
  value: number;
}

/** Marker rows are tagged with this bit; records are plain indices (fewer than 2^31). */
const MARKER_BIT = 0x80000000;

export type EventRef = { type: 'record'; index: number } | { type: 'marker'; index: number };

export function decodeRow(row: number): EventRef {
  return row >= MARKER_BIT ? { type: 'marker', index: row - MARKER_BIT } : { type: 'record', index: row };
}

export function encodeRef(ref: EventRef): number {
  return ref.type === 'marker' ? MARKER_BIT + ref.index : ref.index;
}

/** The categories of trace record i. */
export function recordCategories(trace: TraceView, i: number): number {
  const kind = trace.kind[i] ?? 0;
  const flags = trace.flags[i] ?? 0;
  const fate = trace.fate[i] ?? 0;
  let c = kind === PacketKind.ack ? CATEGORY.ack : kind === PacketKind.datagram ? CATEGORY.datagram : CATEGORY.data;
  if (kind !== PacketKind.ack && (flags & (FLAG.retransmission | FLAG.localRetransmission)) !== 0) c |= CATEGORY.retransmission;
  if (fate === PacketFate.dropped) c |= CATEGORY.drop;
  if (fate === PacketFate.corrupted) c |= CATEGORY.corrupt;
  if ((flags & (FLAG.ce | FLAG.ece | FLAG.cwr)) !== 0) c |= CATEGORY.ecn;
  if ((flags & (FLAG.spoofed | FLAG.localRetransmission)) !== 0) c |= CATEGORY.middlebox;
  return c;
}

/**
 * Every marker series as events, in time order. `flowIndex` maps a series
 * owner (`flows.<id>`) to its flow's index.
 */
export function markerEvents(series: readonly SeriesView[], flowIndex: (owner: string) => number): MarkerEvent[] {
  const out: MarkerEvent[] = [];
  for (const s of series) {
    if (s.info.style !== 'marker') continue;
    const flow = flowIndex(s.info.owner);
    for (let i = 0; i < s.timesMs.length; i++) {
      out.push({ timeMs: s.timesMs[i] ?? 0, series: s.info.name, quantity: s.info.quantity, flow, value: s.values[i] ?? 0 });
    }
  }
  // Stable: equal times keep series order.
  return out.sort((a, b) => a.timeMs - b.timeMs);
}

export interface EventFilter {
  /** Bit set of CATEGORY values. */
  categories: number;
  /** Flow index, or null for all flows. */
  flow: number | null;
}

export const NO_FILTER: EventFilter = { categories: ALL_CATEGORIES, flow: null };

/** The filtered, time-ordered list of rows. */
export class EventList {
  readonly rows: Uint32Array;
  /** Time of each row, ascending (for the binary searches). */
  readonly times: Float64Array;

  constructor(
    readonly trace: TraceView | null,
    readonly markers: readonly MarkerEvent[],
    readonly filter: EventFilter,
  ) {
    const n = trace?.count ?? 0;
    const rows = new Uint32Array(n + markers.length);
    const times = new Float64Array(n + markers.length);
    let k = 0;
    let m = 0;
    const markerOn = (filter.categories & CATEGORY.tcp) !== 0;
    const pushMarkersUpTo = (t: number) => {
      for (; m < markers.length && (markers[m]?.timeMs ?? 0) <= t; m++) {
        const mk = markers[m];
        if (!mk || !markerOn || (filter.flow !== null && mk.flow >= 0 && mk.flow !== filter.flow)) continue;
        rows[k] = MARKER_BIT + m;
        times[k] = mk.timeMs;
        k++;
      }
    };
    if (trace) {
      const cats = filter.categories;
      const all = cats === ALL_CATEGORIES && filter.flow === null;
      for (let i = 0; i < n; i++) {
        const t = trace.enqueuedMs[i] ?? 0;
        // A marker at the same time as a packet comes first: the event caused it.
        pushMarkersUpTo(t);
        if (!all) {
          if (filter.flow !== null && trace.flow[i] !== filter.flow) continue;
          if ((recordCategories(trace, i) & cats) === 0) continue;
        }
        rows[k] = i;
        times[k] = t;
        k++;
      }
    }
    pushMarkersUpTo(Number.POSITIVE_INFINITY);
    this.rows = rows.subarray(0, k);
    this.times = times.subarray(0, k);
  }

  get length(): number {
    return this.rows.length;
  }

  ref(position: number): EventRef | null {
    const row = this.rows[position];
    return row === undefined ? null : decodeRow(row);
  }

  /** Position of a reference in the list, or -1 when filtered out. */
  positionOf(ref: EventRef): number {
    const row = encodeRef(ref);
    const t = ref.type === 'record' ? (this.trace?.enqueuedMs[ref.index] ?? 0) : (this.markers[ref.index]?.timeMs ?? 0);
    for (let p = lowerBound(this.times, this.length, t); p < this.length && (this.times[p] ?? 0) <= t; p++) {
      if (this.rows[p] === row) return p;
    }
    return -1;
  }

  /** The last row at or before t (-1 when none): the "current" event at the cursor. */
  currentAt(t: number): number {
    return upperBound(this.times, this.length, t) - 1;
  }

  /**
   * The row to step to from the cursor: the one after (or before) the selected
   * row when it is at the cursor (several events share a time), else the first
   * row after (the last before) the cursor. -1 at either end.
   */
  step(direction: 1 | -1, cursorMs: number, selected: EventRef | null): number {
    if (selected) {
      const p = this.positionOf(selected);
      if (p >= 0 && this.times[p] === cursorMs) {
        const next = p + direction;
        return next >= 0 && next < this.length ? next : -1;
      }
    }
    if (direction > 0) {
      const p = upperBound(this.times, this.length, cursorMs);
      return p < this.length ? p : -1;
    }
    return lowerBound(this.times, this.length, cursorMs) - 1;
  }
}
