// Overrides the engine accepts but the page does not show as set: fields the
// app reads from the scenario file rather than the run (its title, text and
// knobs), and names longer than the network can draw. Each gets a notice, so
// no setting is ignored or cut without a word.

import type { Override } from '../engine/protocol';

export interface OverrideEffect {
  path: string;
  value: string;
  /** ignored: the page shows the scenario's own value; clipped: drawn cut short. */
  kind: 'ignored' | 'clipped';
  /** For clipped text: how many characters are drawn at most. */
  shownChars?: number;
}

/** Top-level fields that describe the scenario file; the page shows them from the file as listed. */
const DESCRIPTIVE = new Set(['id', 'title', 'description', 'paper', 'version', 'knobs']);

/** A node name is drawn on at most two lines of about twelve characters. */
export const NODE_LABEL_SHOWN_CHARS = 24;

export function overrideEffects(accepted: readonly Override[]): OverrideEffect[] {
  const out: OverrideEffect[] = [];
  for (const [path, value] of accepted) {
    const top = path.split('.')[0] ?? '';
    if (DESCRIPTIVE.has(top)) out.push({ path, value, kind: 'ignored' });
    else if (/^nodes\.[^.]+\.label$/.test(path) && [...value].length > NODE_LABEL_SHOWN_CHARS) out.push({ path, value, kind: 'clipped', shownChars: NODE_LABEL_SHOWN_CHARS });
  }
  return out;
}
