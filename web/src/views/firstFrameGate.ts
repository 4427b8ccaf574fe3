// A one-way gate that opens at the animation's first drawn frame, or after a
// fallback delay on a page that never draws (an error, a lesson without a run).

export interface GateSources {
  /** Calls `fire` once the mark is seen; returns a function that stops watching. */
  watchMark: (fire: () => void) => () => void;
  /** Calls `fire` after the fallback delay; returns a function that cancels it. */
  fallback: (fire: () => void) => () => void;
}

export class FirstFrameGate {
  private open: boolean;
  private readonly waiting = new Set<() => void>();
  private stop: () => void = () => {};

  /** `sources` null: nothing to wait for (no mark API), open from the start. */
  constructor(sources: GateSources | null) {
    this.open = sources === null;
    if (!sources) return;
    const stopMark = sources.watchMark(() => this.pass());
    if (this.open) {
      stopMark();
      return;
    }
    const stopTimer = sources.fallback(() => this.pass());
    this.stop = () => {
      stopMark();
      stopTimer();
    };
  }

  get passed(): boolean {
    return this.open;
  }

  /** Calls `f` when the gate opens (at once if it is open); returns a function that forgets `f`. */
  whenPassed(f: () => void): () => void {
    if (this.open) {
      f();
      return () => {};
    }
    this.waiting.add(f);
    return () => this.waiting.delete(f);
  }

  private pass(): void {
    if (this.open) return;
    this.open = true;
    this.stop();
    for (const f of this.waiting) f();
    this.waiting.clear();
  }
}

/** The browser's sources: a PerformanceObserver of `mark`, and a timer. */
export function browserGateSources(mark: string, fallbackMs: number): GateSources | null {
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('mark')) return null;
  return {
    watchMark: (fire) => {
      if (performance.getEntriesByName(mark).length > 0) {
        fire();
        return () => {};
      }
      const observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName(mark).length > 0) fire();
      });
      observer.observe({ type: 'mark' });
      return () => observer.disconnect();
    },
    fallback: (fire) => {
      const timer = setTimeout(fire, fallbackMs);
      return () => clearTimeout(timer);
    },
  };
}
