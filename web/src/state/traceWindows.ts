// The animation of a run too large to keep whole: past the end of the kept
// trace, the packets around the playhead come from a window of the trace,
// simulated again in the worker (the run is deterministic, so it is the same
// run), and the next window is asked for before the playhead reaches its end.

import type { TraceChunk } from '../engine/traceColumns';
import { TraceColumns, type TraceView } from './trace';

/** Simulated time each window covers after the playhead. */
export const WINDOW_MS = 4000;
/** Kept before the playhead: packets enqueued earlier may still be on the wire or queued. */
export const LEAD_MS = 1500;
/** The next window is asked for this long before the current one ends. */
export const PREFETCH_MS = 1500;

export type WindowSource = (fromMs: number, toMs: number) => Promise<TraceChunk | null>;

interface Window {
  fromMs: number;
  toMs: number;
  view: TraceView;
}

export class TraceWindows {
  private shown: Window | null = null;
  private pending: { fromMs: number; toMs: number; generation: number } | null = null;
  private generation = 0;
  private failed = false;

  constructor(
    private readonly source: WindowSource,
    private readonly delayMs: readonly number[],
    /** Called when a window arrives (to draw it while paused). */
    private readonly onLoad: () => void = () => undefined,
  ) {}

  /** The trace to draw at t, or null while its window is being simulated. */
  viewAt(t: number): TraceView | null {
    const w = this.shown;
    const covers = (from: number, to: number) => t >= (from === 0 ? 0 : from + LEAD_MS) && t <= to;
    const shownCovers = w !== null && covers(w.fromMs, w.toMs);
    const soonUncovered = !w || !shownCovers || t > w.toMs - PREFETCH_MS;
    const pendingCovers = this.pending !== null && covers(this.pending.fromMs, this.pending.toMs) && t <= this.pending.toMs - PREFETCH_MS;
    if (soonUncovered && !pendingCovers && !this.failed) this.request(shownCovers && w ? Math.max(t, w.toMs - LEAD_MS - PREFETCH_MS) : t);
    return shownCovers && w ? w.view : null;
  }

  /** Whether a window is being simulated. */
  get loading(): boolean {
    return this.pending !== null;
  }

  private request(t: number): void {
    const fromMs = Math.max(0, t - LEAD_MS);
    const toMs = t + WINDOW_MS;
    const generation = ++this.generation;
    this.pending = { fromMs, toMs, generation };
    this.source(fromMs, toMs).then(
      (chunk) => {
        if (this.pending?.generation !== generation) return;
        this.pending = null;
        const columns = new TraceColumns(this.delayMs);
        if (chunk) columns.append(chunk);
        this.shown = { fromMs, toMs, view: columns.view() };
        this.onLoad();
      },
      () => {
        if (this.pending?.generation !== generation) return;
        // The engine refused or failed: stop asking (the note on the canvas says so).
        this.pending = null;
        this.failed = true;
        this.onLoad();
      },
    );
  }
}
