// Keyboard shortcuts, listed once: the key handler and the help overlay both
// read this table.

import { stepSpeed } from '../playback/clock';
import type { Services } from './services';

export interface Shortcut {
  /** KeyboardEvent.key values (with "Shift+" when shift is part of it). */
  keys: string[];
  /** As shown in the help. */
  label: string;
  does: string;
  run(s: Services): void;
}

/** Scrubbing by keyboard moves a hundredth of the visible range. */
function nudge(s: Services, direction: 1 | -1): void {
  const { t0, t1 } = s.window.getSnapshot();
  s.playback.seek(s.playback.time() + direction * (t1 - t0) * 0.01);
}

export const SHORTCUTS: Shortcut[] = [
  { keys: [' '], label: 'Space', does: 'Play or pause', run: (s) => s.playback.toggle() },
  { keys: ['ArrowRight'], label: '→', does: 'Step to the next event (of the event filter)', run: (s) => void s.events.step(1) },
  { keys: ['ArrowLeft'], label: '←', does: 'Step to the previous event', run: (s) => void s.events.step(-1) },
  { keys: ['Shift+ArrowRight'], label: 'Shift →', does: 'Move the cursor forward a little', run: (s) => nudge(s, 1) },
  { keys: ['Shift+ArrowLeft'], label: 'Shift ←', does: 'Move the cursor back a little', run: (s) => nudge(s, -1) },
  { keys: ['+', '='], label: '+', does: 'Play faster', run: (s) => s.playback.setSpeed(stepSpeed(s.playback.getSnapshot().speed, 1)) },
  { keys: ['-', '_'], label: '−', does: 'Play slower', run: (s) => s.playback.setSpeed(stepSpeed(s.playback.getSnapshot().speed, -1)) },
  { keys: ['Home'], label: 'Home', does: 'Back to the start', run: (s) => s.playback.seek(0) },
  { keys: ['End'], label: 'End', does: 'To the end of the run', run: (s) => s.playback.seek(s.playback.getSnapshot().endMs) },
  { keys: ['0'], label: '0', does: 'Show the whole run in the plots (reset zoom)', run: (s) => s.window.reset() },
  { keys: ['p', 'P'], label: 'P', does: 'Present mode on or off (projector)', run: (s) => s.view.set({ present: !s.view.getSnapshot().present }) },
  { keys: ['?'], label: '?', does: 'Show or hide this help', run: (s) => s.view.set({ help: !s.view.getSnapshot().help }) },
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
