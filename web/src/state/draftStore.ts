// The custom-scenario editor's draft, outside React: closing the editor keeps
// what was typed, and reopening shows it again.

import type { Draft } from './customDraft';

export class DraftStore {
  private draft: Draft | null = null;
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): Draft | null => this.draft;

  set(draft: Draft | null): void {
    this.draft = draft;
    for (const l of [...this.listeners]) l();
  }

  update(fn: (d: Draft) => Draft): void {
    if (this.draft) this.set(fn(this.draft));
  }
}
