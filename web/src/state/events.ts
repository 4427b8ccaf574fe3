// The event list, as Packet Tracer shows it: every packet entering a channel
// (or refused by its queue) and every TCP event marker (fast retransmit,
// timeout, ...), in time order, filtered by category and flow.
//
// A large run has a million records, so the list is never materialised as
// objects, nor even copied when unfiltered: records stay in the trace (already
// in time order) and the few markers are merged in by position. Row p is a
// marker when a marker sits at p, else the (p - markers before p)-th record.

import { FLAG, PacketFate, PacketKind } from '../engine/traceColumns';
import { t as tr } from '../i18n';
import type { SeriesView } from './runStore';
import { lowerBound, lowerBoundBy, upperBound, upperBoundBy } from './search';
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

/** A category's name in the current language. */
export function categoryLabel(c: Category): string {
  return tr(`events:categories.${c}`);
}

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

export type EventRef = { type: 'record'; index: number } | { type: 'marker'; index: number };

/** A compact key of an event (React keys, test ids). */
export function encodeRef(ref: EventRef): string {
  return ref.type === 'marker' ? `m${ref.index}` : `r${ref.index}`;
}

/** The categories of trace record i. */
export function recordCategories(trace: TraceView, i: number): number {
  const kind = trace.kind(i) ?? 0;
  const flags = trace.flags(i) ?? 0;
  const fate = trace.fate(i) ?? 0;
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
  /** Record indices shown, in order; null when every record is. */
  private readonly recs: Uint32Array | null;
  private readonly nRecs: number;
  /** Markers shown: their indices, times and positions in the merged list. */
  private readonly mIdx: Uint32Array;
  private readonly mTimes: Float64Array;
  private readonly mPos: Float64Array;

  constructor(
    readonly trace: TraceView | null,
    readonly markers: readonly MarkerEvent[],
    readonly filter: EventFilter,
  ) {
    const n = trace?.count ?? 0;
    const cats = filter.categories;
    if (!trace || (cats === ALL_CATEGORIES && filter.flow === null)) {
      this.recs = null;
      this.nRecs = n;
    } else {
      const recs = new Uint32Array(n);
      let k = 0;
      for (let i = 0; i < n; i++) {
        if (filter.flow !== null && trace.flow(i) !== filter.flow) continue;
        if ((recordCategories(trace, i) & cats) === 0) continue;
        recs[k++] = i;
      }
      this.recs = recs.subarray(0, k);
      this.nRecs = k;
    }
    const shown: number[] = [];
    if ((cats & CATEGORY.tcp) !== 0) {
      markers.forEach((m, i) => {
        if (filter.flow === null || m.flow < 0 || m.flow === filter.flow) shown.push(i);
      });
    }
    this.mIdx = Uint32Array.from(shown);
    this.mTimes = Float64Array.from(shown, (i) => markers[i]?.timeMs ?? 0);
    // A marker comes before the packets of its own time: the event caused them.
    this.mPos = Float64Array.from(shown, (_, j) => j + this.recordsBefore(this.mTimes[j] ?? 0));
  }

  get length(): number {
    return this.nRecs + this.mIdx.length;
  }

  /** Time of the r-th record shown. */
  private recordTime(r: number): number {
    const i = this.recs ? (this.recs[r] ?? 0) : r;
    return this.trace?.enqueuedMs(i) ?? 0;
  }

  /** Records shown with a time below t. */
  private recordsBefore(t: number): number {
    if (!this.recs) return this.trace ? lowerBoundBy(this.trace.enqueuedMs, this.nRecs, t) : 0;
    let lo = 0;
    let hi = this.nRecs;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.recordTime(mid) < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Records shown with a time at or below t. */
  private recordsUpTo(t: number): number {
    if (!this.recs) return this.trace ? upperBoundBy(this.trace.enqueuedMs, this.nRecs, t) : 0;
    let lo = 0;
    let hi = this.nRecs;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.recordTime(mid) <= t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  ref(position: number): EventRef | null {
    if (position < 0 || position >= this.length) return null;
    // Markers at or before this position.
    const k = upperBound(this.mPos, this.mPos.length, position);
    if (k > 0 && this.mPos[k - 1] === position) return { type: 'marker', index: this.mIdx[k - 1] ?? 0 };
    const r = position - k;
    return { type: 'record', index: this.recs ? (this.recs[r] ?? 0) : r };
  }

  /** Time of the row at a position. */
  time(position: number): number {
    const ref = this.ref(position);
    if (!ref) return Number.NaN;
    return ref.type === 'marker' ? (this.markers[ref.index]?.timeMs ?? 0) : (this.trace?.enqueuedMs(ref.index) ?? 0);
  }

  /** Position of a reference in the list, or -1 when filtered out. */
  positionOf(ref: EventRef): number {
    if (ref.type === 'marker') {
      const j = this.mIdx.indexOf(ref.index);
      return j < 0 ? -1 : (this.mPos[j] ?? -1);
    }
    let r: number;
    if (!this.recs) r = ref.index < this.nRecs ? ref.index : -1;
    else {
      // recs is ascending: binary search.
      let lo = 0;
      let hi = this.nRecs;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((this.recs[mid] ?? 0) < ref.index) lo = mid + 1;
        else hi = mid;
      }
      r = this.recs[lo] === ref.index ? lo : -1;
    }
    if (r < 0) return -1;
    return r + upperBound(this.mTimes, this.mTimes.length, this.recordTime(r));
  }

  /** Rows at or before t. */
  private upTo(t: number): number {
    return this.recordsUpTo(t) + upperBound(this.mTimes, this.mTimes.length, t);
  }

  /** Rows before t. */
  private before(t: number): number {
    return this.recordsBefore(t) + lowerBound(this.mTimes, this.mTimes.length, t);
  }

  /** The last row at or before t (-1 when none): the "current" event at the cursor. */
  currentAt(t: number): number {
    return this.upTo(t) - 1;
  }

  /**
   * The row to step to from the cursor: the one after (or before) the selected
   * row when it is at the cursor (several events share a time), else the first
   * row after (the last before) the cursor. -1 at either end.
   */
  step(direction: 1 | -1, cursorMs: number, selected: EventRef | null): number {
    if (selected) {
      const p = this.positionOf(selected);
      if (p >= 0 && this.time(p) === cursorMs) {
        const next = p + direction;
        return next >= 0 && next < this.length ? next : -1;
      }
    }
    if (direction > 0) {
      const p = this.upTo(cursorMs);
      return p < this.length ? p : -1;
    }
    return this.before(cursorMs) - 1;
  }
}
