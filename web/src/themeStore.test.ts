import { describe, expect, it } from 'vitest';
import { ThemeStore } from './themeStore';

function env(prefersDark: boolean, saved: string | null = null) {
  const data = new Map<string, string>(saved ? [['ackscope.theme', saved]] : []);
  let onChange: (() => void) | null = null;
  const media = {
    matches: prefersDark,
    addEventListener: (_: string, fn: () => void) => {
      onChange = fn;
    },
    removeEventListener: () => undefined,
  };
  const root = { dataset: {} as Record<string, string> } as unknown as HTMLElement;
  const storage = {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
  return { env: { root, storage, media: media as unknown as MediaQueryList }, data, media, fire: () => onChange?.() };
}

describe('ThemeStore', () => {
  it('follows the system until the user chooses, and remembers the choice', () => {
    const e = env(true);
    const t = new ThemeStore(e.env);
    expect(t.getSnapshot()).toBe('dark');
    expect(e.env.root.dataset.theme).toBe('dark');
    let n = 0;
    t.subscribe(() => n++);
    t.toggle();
    expect(t.getSnapshot()).toBe('light');
    expect(e.data.get('ackscope.theme')).toBe('light');
    expect(n).toBe(1);
    // A system change no longer applies.
    e.media.matches = false;
    e.fire();
    expect(n).toBe(1);
    expect(new ThemeStore(env(true, 'light').env).getSnapshot()).toBe('light');
  });

  it('tracks the system while set to follow it', () => {
    const e = env(false);
    const t = new ThemeStore(e.env);
    expect(t.getSnapshot()).toBe('light');
    e.media.matches = true;
    e.fire();
    expect(t.getSnapshot()).toBe('dark');
    t.set('system');
    expect(e.data.has('ackscope.theme')).toBe(false);
  });

  it('copes without storage', () => {
    const e = env(false);
    const broken = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); }, removeItem: () => undefined };
    const t = new ThemeStore({ ...e.env, storage: broken });
    t.toggle();
    expect(t.getSnapshot()).toBe('dark');
  });
});
