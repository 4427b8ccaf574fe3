// How a setting of run B reads in the list of its differences: the knob's own
// label when the scenario has a knob for the path ("TCP variant"), else the
// item and the field in words ("ftp · initial window"), never a raw path alone.

import { fieldLabel } from './schemaForm';

/** Lists whose items paths name by id: `flows.<id>.<field>`. */
const LISTS = new Set(['flows', 'links', 'nodes', 'middleboxes', 'buffers']);

export function differenceLabel(path: string, knobs: readonly { path?: string | null; label: string }[]): string {
  const knob = knobs.find((k) => k.path === path);
  if (knob) return knob.label;
  const parts = path.split('.');
  if (LISTS.has(parts[0] ?? '') && parts.length >= 3) return `${parts[1]} \u00b7 ${fieldLabel(parts.slice(2).join('.'))}`;
  return fieldLabel(path);
}
