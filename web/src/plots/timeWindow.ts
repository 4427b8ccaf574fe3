// The time range every plot shows: one store, so zoom and pan stay in step
// across plots. Null means the whole run.

export interface TimeRange {
  t0: number;
  t1: number;
}

/** The narrowest range a zoom reaches: a microsecond, or a millionth of the run. */
export function minSpan(endMs: number): number {
  return Math.max(endMs * 1e-6, 0.001);
}

/** Fits a range into [0, endMs], keeping its span where possible. */
export function clampRange(r: TimeRange, endMs: number): TimeRange {
  const end = Math.max(endMs, minSpan(endMs));
  let span = Math.min(Math.max(r.t1 - r.t0, minSpan(endMs)), end);
  if (!Number.isFinite(span)) span = end;
  let t0 = Number.isFinite(r.t0) ? r.t0 : 0;
  t0 = Math.min(Math.max(t0, 0), end - span);
  return { t0, t1: t0 + span };
}

/** Zooms by `factor` (below 1: in) keeping `centerMs` under the pointer. */
export function zoomRange(r: TimeRange, endMs: number, centerMs: number, factor: number): TimeRange {
  const c = Math.min(Math.max(centerMs, r.t0), r.t1);
  return clampRange({ t0: c - (c - r.t0) * factor, t1: c + (r.t1 - c) * factor }, endMs);
}

export function panRange(r: TimeRange, endMs: number, deltaMs: number): TimeRange {
  return clampRange({ t0: r.t0 + deltaMs, t1: r.t1 + deltaMs }, endMs);
}

/** True when the range covers the whole run (so it need not be kept). */
export function isWhole(r: TimeRange, endMs: number): boolean {
  const eps = Math.max(endMs * 1e-9, 1e-6);
  return r.t0 <= eps && r.t1 >= endMs - eps;
}

export class TimeWindow {
  private zoomed: TimeRange | null = null;
  private endMs = 0;
  private snapshot: TimeRange = { t0: 0, t1: 1 };
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The visible range (the whole run when not zoomed). */
  getSnapshot = (): TimeRange => this.snapshot;

  /** The zoomed range, or null for the whole run. */
  zoom(): TimeRange | null {
    return this.zoomed;
  }

  setEnd(endMs: number): void {
    if (endMs === this.endMs) return;
    this.endMs = endMs;
    // A range from the URL, set before the run length was known: cut to the run.
    const z = this.zoomed;
    this.update(z && Math.min(z.t1, endMs) > z.t0 ? { t0: Math.max(0, z.t0), t1: Math.min(z.t1, endMs) } : null);
  }

  set(range: TimeRange | null): void {
    this.update(range);
  }

  zoomAt(centerMs: number, factor: number): void {
    this.update(zoomRange(this.snapshot, this.endMs, centerMs, factor));
  }

  pan(deltaMs: number): void {
    if (!this.zoomed) return;
    this.update(panRange(this.snapshot, this.endMs, deltaMs));
  }

  reset(): void {
    this.update(null);
  }

  private update(range: TimeRange | null): void {
    const whole = { t0: 0, t1: Math.max(this.endMs, 1) };
    let zoomed = range;
    if (zoomed && this.endMs > 0) {
      zoomed = clampRange(zoomed, this.endMs);
      if (isWhole(zoomed, this.endMs)) zoomed = null;
    }
    // Kept to the microsecond, as the URL writes it: a shared link shows exactly this range.
    if (zoomed) zoomed = { t0: Math.round(zoomed.t0 * 1000) / 1000, t1: Math.round(zoomed.t1 * 1000) / 1000 };
    const next = zoomed ?? whole;
    const same = (zoomed === null) === (this.zoomed === null) && next.t0 === this.snapshot.t0 && next.t1 === this.snapshot.t1;
    if (same) return;
    this.zoomed = zoomed;
    this.snapshot = next;
    for (const l of [...this.listeners]) l();
  }
}
