// Writes the app's state into the URL. View changes (cursor, zoom, plots,
// selection) replace the current entry at most every 200 ms, since browsers
// limit replaceState calls; a change of the run pushes a new entry, worked out at
// once and handed to the browser after the next frame (pushState takes 4-5 ms of
// the main thread, which a switch shown from the run cache would wait for).

import type { HistoryMode, HistoryPort } from './history';
import { serializeUrl, type UrlState } from './url';

/** Runs `f` after the next frame is painted (at once where there are no frames). */
export function afterNextFrame(f: () => void): void {
  if (typeof requestAnimationFrame !== 'function') f();
  else requestAnimationFrame(() => setTimeout(f, 0));
}

export class UrlWriter {
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** A write decided but not yet handed to the browser. */
  private pending: { mode: 'push' | 'replace'; search: string } | null = null;

  constructor(
    private readonly history: HistoryPort,
    /** Everything the URL holds, now. */
    private readonly state: () => UrlState,
    /** False until the catalogue is loaded: nothing is written before. */
    private readonly ready: () => boolean,
    private readonly intervalMs = 200,
    /** When decided writes reach the history (tests pass their own). */
    private readonly later: (f: () => void) => void = afterNextFrame,
  ) {}

  /** A view change: written at the end of the current interval. */
  schedule(): void {
    if (!this.ready()) return;
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.write('replace');
    }, this.intervalMs);
  }

  /**
   * Decides the URL now (this write includes any scheduled change) and hands it to
   * the history after the next frame; an earlier decided write goes first, so two
   * quick switches still make two history entries.
   */
  write(mode: HistoryMode): void {
    if (mode === 'none') return;
    this.cancel();
    this.commit();
    const search = serializeUrl(this.state());
    if (search === this.history.search()) return;
    this.pending = { mode, search };
    this.later(() => this.commit());
  }

  /** Writes any pending view change now (before the URL is copied). */
  flush(): void {
    if (!this.ready()) return;
    this.write('replace');
    this.commit();
  }

  /** Hands a decided write to the history now. */
  commit(): void {
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    if (p.search === this.history.search()) return;
    if (p.mode === 'push') this.history.push(p.search);
    else this.history.replace(p.search);
  }

  cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
