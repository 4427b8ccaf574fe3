import { describe, expect, it } from 'vitest';
import { SHORTCUTS, shortcutFor } from './shortcuts';

const key = (k: string, mods: Partial<{ shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({
  key: k,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('shortcuts', () => {
  it('maps the issue keys: space, arrows, + and -', () => {
    expect(shortcutFor(key(' '))?.does).toBe('Play or pause');
    expect(shortcutFor(key('ArrowRight'))?.does).toMatch(/next event/);
    expect(shortcutFor(key('ArrowRight', { shiftKey: true }))?.does).toMatch(/forward/);
    expect(shortcutFor(key('+', { shiftKey: true }))?.does).toBe('Play faster');
    expect(shortcutFor(key('-'))?.does).toBe('Play slower');
    expect(shortcutFor(key('?', { shiftKey: true }))?.does).toMatch(/help/);
  });
  it('leaves browser shortcuts alone', () => {
    expect(shortcutFor(key('ArrowRight', { altKey: true }))).toBeNull();
    expect(shortcutFor(key('+', { ctrlKey: true }))).toBeNull();
    expect(shortcutFor(key('x'))).toBeNull();
  });
  it('lists every key once', () => {
    const keys = SHORTCUTS.flatMap((s) => s.keys);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
