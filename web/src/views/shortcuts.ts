// Keyboard shortcuts, listed once: the key handler and the help overlay both
// read this table.

import { t as tr } from '../i18n';
import { stepSpeed } from '../playback/clock';
import type { Services } from './services';

export interface Shortcut {
  /** KeyboardEvent.key values (with "Shift+" when shift is part of it). */
  keys: string[];
  /** As shown in the help (in the current language). */
  readonly label: string;
  readonly does: string;
  run(s: Services): void;
}

/** Scrubbing by keyboard moves a hundredth of the visible range. */
function nudge(s: Services, direction: 1 | -1): void {
  const { t0, t1 } = s.window.getSnapshot();
  s.playback.seek(s.playback.time() + direction * (t1 - t0) * 0.01);
}

/** A shortcut whose label and description are read from the catalog when shown. */
function shortcut(keys: string[], label: string | { key: string }, does: string, run: (s: Services) => void): Shortcut {
  return {
    keys,
    get label() {
      return typeof label === 'string' ? label : tr(`help:keyNames.${label.key}`);
    },
    get does() {
      return tr(`help:shortcuts.${does}`);
    },
    run,
  };
}

export const SHORTCUTS: Shortcut[] = [
  shortcut([' '], { key: 'space' }, 'play', (s) => s.playback.toggle()),
  shortcut(['ArrowRight'], '→', 'next', (s) => void s.events.step(1)),
  shortcut(['ArrowLeft'], '←', 'previous', (s) => void s.events.step(-1)),
  shortcut(['Shift+ArrowRight'], { key: 'shiftRight' }, 'forward', (s) => nudge(s, 1)),
  shortcut(['Shift+ArrowLeft'], { key: 'shiftLeft' }, 'back', (s) => nudge(s, -1)),
  shortcut(['+', '='], '+', 'faster', (s) => s.playback.setSpeed(stepSpeed(s.playback.getSnapshot().speed, 1))),
  shortcut(['-', '_'], '−', 'slower', (s) => s.playback.setSpeed(stepSpeed(s.playback.getSnapshot().speed, -1))),
  shortcut(['Home'], { key: 'home' }, 'start', (s) => s.playback.seek(0)),
  shortcut(['End'], { key: 'end' }, 'end', (s) => s.playback.seek(s.playback.getSnapshot().endMs)),
  shortcut(['0'], '0', 'reset', (s) => s.window.reset()),
  shortcut(['p', 'P'], 'P', 'present', (s) => s.view.set({ present: !s.view.getSnapshot().present })),
  shortcut(['?'], '?', 'help', (s) => s.view.set({ help: !s.view.getSnapshot().help })),
];

/** The shortcut for a key event, if any. */
export function shortcutFor(e: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'>): Shortcut | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  // Shift is part of "?" and "+" on most layouts; it only matters for arrows.
  const arrow = e.key.startsWith('Arrow');
  const key = arrow && e.shiftKey ? `Shift+${e.key}` : e.key;
  return SHORTCUTS.find((s) => s.keys.includes(key)) ?? null;
}

/**
 * Whether the focused control needs this key itself: fields and dialogs need
 * every key, buttons and switches need space and Enter.
 */
export function ownsKey(target: EventTarget | null, key: string): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.closest !== 'function') return false;
  if (el.closest('input, select, textarea, [contenteditable="true"], [role="dialog"]')) return true;
  if (el.closest('button, a, summary, [role="button"], [role="switch"], [role="option"]')) return key === ' ' || key === 'Enter';
  return false;
}
