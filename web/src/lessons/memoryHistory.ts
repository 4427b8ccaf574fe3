// A lesson drives the app's controller through the same query strings a shared
// link holds, but the browser's address bar keeps the lesson's own link
// (`?lesson=...&step=...`). So in lesson pages the controller gets this
// history, which lives in memory; `navigate` is the lesson's "go to this run".

import type { HistoryPort } from '../state/controller';

export class MemoryHistory implements HistoryPort {
  private current: string;
  private readonly listeners = new Set<() => void>();

  constructor(initial = '') {
    this.current = normalise(initial);
  }

  search = (): string => this.current;
  push = (search: string): void => {
    this.current = normalise(search);
  };
  replace = (search: string): void => {
    this.current = normalise(search);
  };
  onPop = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Moves to `search` as a back/forward step would: the controller applies it. */
  navigate(search: string): void {
    this.current = normalise(search);
    for (const l of [...this.listeners]) l();
  }
}

function normalise(search: string): string {
  return search === '' || search.startsWith('?') ? search : `?${search}`;
}
