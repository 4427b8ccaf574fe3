// Light or dark: the user's choice (kept in this browser), else the system's.
// Applied as data-theme on <html>; canvases redraw when it changes.

export type ThemeName = 'light' | 'dark';
export type ThemePreference = ThemeName | 'system';

const KEY = 'ackscope.theme';

export interface ThemeEnvironment {
  root: HTMLElement;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  /** prefers-color-scheme: dark */
  media: Pick<MediaQueryList, 'matches' | 'addEventListener' | 'removeEventListener'> | null;
}

export class ThemeStore {
  private preference: ThemePreference;
  private resolved: ThemeName;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly env: ThemeEnvironment) {
    const saved = safe(() => env.storage?.getItem(KEY) ?? null);
    this.preference = saved === 'light' || saved === 'dark' ? saved : 'system';
    this.resolved = this.resolve();
    this.apply();
    env.media?.addEventListener('change', () => {
      if (this.preference !== 'system') return;
      this.resolved = this.resolve();
      this.apply();
      this.notify();
    });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): ThemeName => this.resolved;

  getPreference(): ThemePreference {
    return this.preference;
  }

  set(preference: ThemePreference): void {
    this.preference = preference;
    safe(() => (preference === 'system' ? this.env.storage?.removeItem(KEY) : this.env.storage?.setItem(KEY, preference)));
    const next = this.resolve();
    if (next === this.resolved && this.env.root.dataset.theme === next) return;
    this.resolved = next;
    this.apply();
    this.notify();
  }

  toggle(): void {
    this.set(this.resolved === 'dark' ? 'light' : 'dark');
  }

  private resolve(): ThemeName {
    if (this.preference !== 'system') return this.preference;
    return this.env.media?.matches ? 'dark' : 'light';
  }

  private apply(): void {
    this.env.root.dataset.theme = this.resolved;
  }

  private notify(): void {
    for (const l of [...this.listeners]) l();
  }
}

/** Storage can throw (private modes, disabled cookies): the theme then lasts the visit. */
function safe<T>(fn: () => T): T | null {
  try {
    return fn();
  } catch {
    return null;
  }
}
