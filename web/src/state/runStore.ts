// The current run's results, kept outside React: metadata as an immutable
// snapshot for useSyncExternalStore, series and trace as growable columns that
// plots and the animation read directly.

import type { Scenario, SeriesInfo, Summary } from '../generated/types';
import type { EngineError, RunMessage, Topology } from '../engine/protocol';
import { Column, f64 } from './columns';
import { TraceColumns, type TraceView } from './trace';
import { Derived } from './derived';

export type RunStatus = 'idle' | 'running' | 'paused' | 'done' | 'cancelled' | 'error';

export interface RunMeta {
  runId: number | null;
  status: RunStatus;
  scenario: Scenario | null;
  topology: Topology | null;
  seriesInfo: SeriesInfo[];
  endMs: number;
  /** Simulated time reached, progress 0..1, events processed. */
  nowMs: number;
  progress: number;
  events: number;
  summary: Summary | null;
  digest: string | null;
  /** Wall time the run took, ms. */
  wallMs: number | null;
  error: EngineError | null;
  /** Why a paused run stopped: its event or its wall-clock budget. */
  pausedReason: 'events' | 'wall' | null;
  /** Bumped whenever series or trace data change. */
  dataVersion: number;
  /**
   * Set when the run outgrew what the page keeps: trace records (the
   * animation) or series points (the plots) after this time were not kept.
   */
  traceTruncatedAtMs: number | null;
  seriesTruncatedAtMs: number | null;
}

export interface SeriesView {
  id: number;
  info: SeriesInfo;
  timesMs: Float64Array;
  values: Float64Array;
}

/** A finished run's results, as kept by the run cache and shown again by `adopt`. */
export interface FinishedRun {
  meta: Omit<RunMeta, 'runId' | 'dataVersion'>;
  series: { times: Column<Float64Array>; values: Column<Float64Array> }[];
  seriesPoints: number;
  trace: TraceColumns | null;
  /** Bytes its columns hold. */
  bytes: number;
  /** What views computed from it (see `memo`), kept with it. */
  derived: Derived;
}

export interface RunStoreOptions {
  /** Caps that keep a huge run from exhausting the page's memory. */
  maxTraceRecords?: number;
  maxSeriesPoints?: number;
  /** Progress updates are coalesced to at most one notification per interval. */
  notifyIntervalMs?: number;
}

const IDLE: RunMeta = {
  runId: null,
  status: 'idle',
  scenario: null,
  topology: null,
  seriesInfo: [],
  endMs: 0,
  nowMs: 0,
  progress: 0,
  events: 0,
  summary: null,
  digest: null,
  pausedReason: null,
  wallMs: null,
  error: null,
  dataVersion: 0,
  traceTruncatedAtMs: null,
  seriesTruncatedAtMs: null,
};

export class RunStore {
  private meta: RunMeta = IDLE;
  private listeners = new Set<() => void>();
  private series: { times: Column<Float64Array>; values: Column<Float64Array> }[] = [];
  private seriesPoints = 0;
  private trace: TraceColumns | null = null;
  private traceCache: { version: number; view: TraceView } | null = null;
  /** Computed from the current run once it is done (shared with its entry in the run cache). */
  private derived = new Derived();
  private notifyTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly maxTrace: number;
  private readonly maxPoints: number;
  private readonly notifyIntervalMs: number;

  constructor(options: RunStoreOptions = {}) {
    // About 47 MB of trace (31 bytes a record) and 64 MB of series: plenty for teaching-sized runs
    // (seed000/wired keeps 7 thousand records), bounded for benchmark-sized ones.
    this.maxTrace = options.maxTraceRecords ?? 1_500_000;
    this.maxPoints = options.maxSeriesPoints ?? 4_000_000;
    this.notifyIntervalMs = options.notifyIntervalMs ?? 50;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getMeta = (): RunMeta => this.meta;

  /** Forgets the current run (compare mode off). */
  reset(): void {
    this.series = [];
    this.seriesPoints = 0;
    this.trace = null;
    this.traceCache = null;
    this.derived = new Derived();
    this.meta = { ...IDLE, dataVersion: this.meta.dataVersion + 1 };
    this.notifyNow();
  }

  /** A run was requested; its data replace the current ones when it starts. */
  begin(runId: number): void {
    this.set({ runId, status: 'running', error: null, summary: null, digest: null, wallMs: null, progress: 0, events: 0, pausedReason: null });
  }

  receive(msg: RunMessage): void {
    if (msg.runId !== this.meta.runId) return;
    switch (msg.type) {
      case 'started':
        this.series = msg.series.map(() => ({ times: new Column(f64, 256), values: new Column(f64, 256) }));
        this.seriesPoints = 0;
        this.trace = new TraceColumns(msg.topology.channels.map((c) => c.delay_ms));
        this.derived = new Derived();
        this.set({
          scenario: msg.scenario,
          topology: sameShape(this.meta.topology, msg.topology),
          seriesInfo: sameShape(this.meta.seriesInfo, msg.series),
          endMs: msg.endMs,
          nowMs: 0,
          traceTruncatedAtMs: null,
          seriesTruncatedAtMs: null,
          dataVersion: this.meta.dataVersion + 1,
        });
        return;
      case 'progress': {
        // The first data of a run are shown at once (the first frame); later ones coalesced.
        const first = (this.trace?.count ?? 0) === 0 && this.seriesPoints === 0;
        const cut = this.append(msg);
        this.meta = {
          ...this.meta,
          nowMs: msg.nowMs,
          progress: msg.progress,
          events: msg.events,
          dataVersion: this.meta.dataVersion + 1,
          traceTruncatedAtMs: this.meta.traceTruncatedAtMs ?? cut.trace,
          seriesTruncatedAtMs: this.meta.seriesTruncatedAtMs ?? cut.series,
        };
        if (first) this.notifyNow();
        else this.scheduleNotify();
        return;
      }
      case 'done':
        // The columns grow no more: give back their spare capacity.
        this.trace?.trim();
        for (const c of this.series) {
          c.times.trim();
          c.values.trim();
        }
        this.set({
          status: 'done',
          summary: msg.summary,
          digest: msg.digest,
          events: msg.events,
          wallMs: msg.wallMs,
          progress: 1,
          nowMs: this.meta.endMs,
        });
        return;
      case 'cancelled':
        this.set({ status: 'cancelled' });
        return;
      case 'paused':
        // The partial summary; the data so far came with the progress messages.
        this.set({ status: 'paused', pausedReason: msg.reason, summary: msg.summary, events: msg.events, nowMs: msg.nowMs, wallMs: msg.wallMs });
        return;
      case 'error':
        this.set({ status: 'error', error: msg.error });
        return;
    }
  }

  /**
   * The current run's results when it is finished, else null. They are never
   * changed again (a new run makes new columns), so they can be shown again later.
   */
  finishedRun(): FinishedRun | null {
    if (this.meta.status !== 'done') return null;
    const { runId: _id, dataVersion: _v, ...meta } = this.meta;
    let bytes = this.trace?.bytes ?? 0;
    for (const c of this.series) bytes += c.times.bytes + c.values.bytes;
    return { meta, series: this.series, seriesPoints: this.seriesPoints, trace: this.trace, bytes, derived: this.derived };
  }

  /**
   * `compute()` of the current run's data, computed once per finished run
   * (and kept with it in the run cache); while a run streams in, computed
   * at every call, as its data still grow.
   */
  memo<T>(key: string, compute: () => T, sizeOf?: (value: T) => number): T {
    if (this.meta.status !== 'done') return compute();
    return this.derived.get(key, compute, sizeOf);
  }

  /** Shows a finished run again, as run `runId` (from the run cache: no engine run). */
  adopt(runId: number, run: FinishedRun): void {
    this.series = run.series;
    this.seriesPoints = run.seriesPoints;
    this.trace = run.trace;
    this.traceCache = null;
    this.derived = run.derived;
    this.meta = {
      ...run.meta,
      topology: sameShape(this.meta.topology, run.meta.topology),
      seriesInfo: sameShape(this.meta.seriesInfo, run.meta.seriesInfo),
      runId,
      dataVersion: this.meta.dataVersion + 1,
    };
    this.notifyNow();
  }

  /** Bytes the trace store holds per record (its buffers over its record count); null without records. */
  traceBytesPerRecord(): { bytes: number; records: number; bytesPerRecord: number } | null {
    const t = this.trace;
    if (!t || t.count === 0) return null;
    return { bytes: t.bytes, records: t.count, bytesPerRecord: t.bytes / t.count };
  }

  /** A paused run goes on (the engine was asked to continue). */
  resume(): void {
    if (this.meta.status === 'paused') this.set({ status: 'running', pausedReason: null, summary: null });
  }

  /** Series `id` of the current run (views valid until the next append). */
  seriesView(id: number): SeriesView | null {
    const info = this.meta.seriesInfo[id];
    const cols = this.series[id];
    if (!info || !cols) return null;
    return { id, info, timesMs: cols.times.view(), values: cols.values.view() };
  }

  seriesByName(name: string): SeriesView | null {
    const id = this.meta.seriesInfo.findIndex((s) => s.name === name);
    return id < 0 ? null : this.seriesView(id);
  }

  traceView(): TraceView | null {
    if (!this.trace) return null;
    const version = this.meta.dataVersion;
    if (this.traceCache?.version !== version) this.traceCache = { version, view: this.trace.view() };
    return this.traceCache.view;
  }

  /** Appends a progress message's data; returns where data stopped being kept, if they did. */
  private append(msg: Extract<RunMessage, { type: 'progress' }>): { trace: number | null; series: number | null } {
    let seriesCut: number | null = null;
    let traceCut: number | null = null;
    const chunk = msg.series;
    if (chunk) {
      let offset = 0;
      for (let i = 0; i < chunk.ids.length; i++) {
        const id = chunk.ids[i] ?? 0;
        const n = chunk.lengths[i] ?? 0;
        const cols = this.series[id];
        let from = offset;
        // The engine collapses a step series' changes at one instant into the
        // last, but not across a drain: do it here, so a run holds the same
        // points (and draws the same) however its data were chunked.
        const at = cols ? cols.times.length - 1 : -1;
        if (cols && n > 0 && at >= 0 && this.meta.seriesInfo[id]?.style === 'step' && cols.times.at(at) === chunk.timesMs[from]) {
          cols.values.setLast(chunk.values[from] ?? 0);
          from += 1;
        }
        const room = Math.max(0, this.maxPoints - this.seriesPoints);
        const keep = Math.min(offset + n - from, room);
        if (cols && keep > 0) {
          cols.times.append(chunk.timesMs, from, from + keep);
          cols.values.append(chunk.values, from, from + keep);
          this.seriesPoints += keep;
        }
        // Chunks are per series, so the earliest lost point over all chunks is the cut.
        if (from + keep < offset + n) seriesCut = Math.min(seriesCut ?? Infinity, chunk.timesMs[from + keep] ?? msg.nowMs);
        offset += n;
      }
    }
    if (msg.trace && this.trace) {
      const room = Math.max(0, this.maxTrace - this.trace.count);
      const kept = this.trace.append(msg.trace, room);
      if (kept < msg.trace.count) traceCut = msg.trace.enqueuedMs[kept] ?? msg.nowMs;
    }
    return { trace: traceCut, series: seriesCut };
  }

  private set(patch: Partial<RunMeta>): void {
    this.meta = { ...this.meta, ...patch };
    this.notifyNow();
  }

  private scheduleNotify(): void {
    this.notifyTimer ??= setTimeout(() => this.notifyNow(), this.notifyIntervalMs);
  }

  private notifyNow(): void {
    if (this.notifyTimer !== null) {
      clearTimeout(this.notifyTimer);
      this.notifyTimer = null;
    }
    for (const l of [...this.listeners]) l();
  }
}

/**
 * The current value again when the next one is equal to it: a switch that leaves
 * the network and the series as they were keeps what views built from them (the
 * animation's scene, the plot list) instead of building it again per run.
 */
function sameShape<T>(current: T, next: T): T {
  if (current === next || current === null || next === null) return next;
  return JSON.stringify(current) === JSON.stringify(next) ? current : next;
}
