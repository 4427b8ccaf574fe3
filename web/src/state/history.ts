// The browser history as a port, so the controller can be driven by a fake in
// tests and by an in-memory history in lesson pages.

export interface HistoryPort {
  search(): string;
  push(search: string): void;
  replace(search: string): void;
  onPop(listener: () => void): () => void;
}

/** How a state change goes into history: a new entry, the current one rewritten, or not at all. */
export type HistoryMode = 'push' | 'replace' | 'none';

export function browserHistory(): HistoryPort {
  return {
    search: () => window.location.search,
    push: (search) => window.history.pushState(null, '', search),
    replace: (search) => window.history.replaceState(null, '', search),
    onPop: (listener) => {
      window.addEventListener('popstate', listener);
      return () => window.removeEventListener('popstate', listener);
    },
  };
}
