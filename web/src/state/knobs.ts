// What each knob shows: its options, which one is in effect, the text the user
// typed and the engine's error for it. A pure function of the request and the
// engine's resolution.

import type { FieldError, Knob, Scenario } from '../generated/types';
import type { KnobOptionValues, Override, Resolution } from '../engine/protocol';
import { optionToRaw, valueAtPath, valueToRaw } from '../engine/resolve';

export interface KnobView {
  path: string;
  label: string;
  help: string | null;
  /** Options as raw text; empty for a free-text knob. */
  options: string[];
  /** Index of the option in effect, or -1 (a value outside the options, or refused). */
  selected: number;
  /** The text to show: what the user set, else the scenario's value. */
  text: string;
  /** The user's override of this path, if any. */
  override: string | null;
  errors: FieldError[];
}

export function knobViews(
  scenario: Scenario | null,
  resolution: Resolution | null,
  knobOptions: readonly KnobOptionValues[] | null,
  sets: readonly Override[],
): KnobView[] {
  // Single-field knobs; preset knobs (several fields at once) are not shown yet.
  const knobs = (scenario?.knobs ?? []).filter((k): k is Knob & { path: string } => !!k.path);
  const effective = resolution?.scenario ?? scenario;
  return knobs.map((knob) => {
    const options = (knob.options ?? []).map(optionToRaw);
    const override = sets.find(([p]) => p === knob.path)?.[1] ?? null;
    const errors = resolution?.rejected.filter((r) => r.override[0] === knob.path).flatMap((r) => r.errors) ?? [];
    const current = valueAtPath(effective, knob.path);
    const currentRaw = current === undefined ? null : valueToRaw(current);
    const normalized = knobOptions?.find((k) => k.path === knob.path)?.normalized ?? [];
    let selected = -1;
    if (errors.length === 0) {
      // Prefer the exact text the user chose; else match normalized values.
      selected = override !== null ? options.indexOf(override) : -1;
      if (selected < 0 && currentRaw !== null) {
        selected = normalized.indexOf(currentRaw);
        if (selected < 0) selected = options.indexOf(currentRaw);
      }
    }
    return {
      path: knob.path,
      label: knob.label,
      help: knob.help ?? null,
      options,
      selected,
      text: override ?? currentRaw ?? '',
      override,
      errors,
    };
  });
}

/**
 * The override to store for a knob choice: none when the choice is the
 * scenario's own value (so equal runs keep equal URLs), else the raw text.
 * `optionIndex` is the chosen option, or null for typed text.
 */
export function overrideFor(
  path: string,
  raw: string,
  optionIndex: number | null,
  knobOptions: readonly KnobOptionValues[] | null,
): string | null {
  const k = knobOptions?.find((o) => o.path === path);
  if (!k || k.base === null) return raw;
  // Options compare through their normalized values: "0.8Mbps" is "800kbps".
  const normalized = optionIndex === null ? raw : (k.normalized[optionIndex] ?? raw);
  return normalized === k.base ? null : raw;
}
