// Writes the app's state into the URL. View changes (cursor, zoom, plots,
// selection) replace the current entry at most every 200 ms, since browsers
// limit replaceState calls; a change of the run pushes a new entry at once.

import type { HistoryMode, HistoryPort } from './history';
import { serializeUrl, type UrlState } from './url';

export class UrlWriter {
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly history: HistoryPort,
    /** Everything the URL holds, now. */
    private readonly state: () => UrlState,
    /** False until the catalogue is loaded: nothing is written before. */
    private readonly ready: () => boolean,
    private readonly intervalMs = 200,
  ) {}

  /** A view change: written at the end of the current interval. */
  schedule(): void {
    if (!this.ready()) return;
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.write('replace');
    }, this.intervalMs);
  }

  /** Writes now (this write includes any scheduled change). */
  write(mode: HistoryMode): void {
    if (mode === 'none') return;
    this.cancel();
    const search = serializeUrl(this.state());
    if (search === this.history.search()) return;
    if (mode === 'push') this.history.push(search);
    else this.history.replace(search);
  }

  /** Writes any pending view change now (before the URL is copied). */
  flush(): void {
    if (this.ready()) this.write('replace');
  }

  cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
