// What each knob shows: its options, which one is in effect, the text the user
// typed and the engine's error for it. A pure function of the request and the
// engine's resolution.

import type { FieldError, Knob, Scenario } from '../generated/types';
import type { KnobOptionValues, Override, PresetValues, Resolution } from '../engine/protocol';
import { optionToRaw, valueAtPath, valueToRaw } from '../engine/resolve';
import { defaultAtPath } from './schemaForm';

export interface KnobView {
  path: string;
  label: string;
  help: string | null;
  /** Options as raw text; empty for a free-text knob. */
  options: string[];
  /** Index of the option in effect, or -1 (a value outside the options, or refused). */
  selected: number;
  /** The text to show: what the user set, else the scenario's value ('' when the field is not set and has no default). */
  text: string;
  /** The field is not set and has no default (an optional setting left off, e.g. no MTU). */
  unset: boolean;
  /** The user's override of this path, if any. */
  override: string | null;
  errors: FieldError[];
  /** Shown among the mechanism switches at the top. */
  prominent: boolean;
  /** Options are false and true (either order): drawn as a switch. */
  isSwitch: boolean;
  /** Index of the option "true" (the switch's on position), or -1. */
  onIndex: number;
}

/** A knob of named presets, each setting several fields. */
export interface PresetKnobView {
  /** Index of the knob in the scenario's `knobs` (its identity). */
  index: number;
  label: string;
  help: string | null;
  prominent: boolean;
  presets: {
    label: string;
    /** Every field it sets equals the run's value. */
    selected: boolean;
    /** False when the engine refuses it. */
    valid: boolean;
    /** The overrides choosing it writes (null: back to the scenario's own value). */
    overrides: [path: string, value: string | null][];
    /** Its settings as written (what run B stores when A overrides a path). */
    set: Override[];
  }[];
  /** Index of the preset in effect, or -1. */
  selected: number;
  /** Engine errors of overrides of the preset's fields. */
  errors: FieldError[];
}

export function knobViews(
  scenario: Scenario | null,
  resolution: Resolution | null,
  knobOptions: readonly KnobOptionValues[] | null,
  sets: readonly Override[],
): KnobView[] {
  // Single-field knobs; preset knobs are presetKnobViews'.
  const knobs = (scenario?.knobs ?? []).filter((k): k is Knob & { path: string } => !!k.path);
  const effective = resolution?.scenario ?? scenario;
  return knobs.map((knob) => {
    const options = (knob.options ?? []).map(optionToRaw);
    const override = sets.find(([p]) => p === knob.path)?.[1] ?? null;
    const errors = resolution?.rejected.filter((r) => r.override[0] === knob.path).flatMap((r) => r.errors) ?? [];
    // The engine leaves defaults out of the resolved scenario ("enabled = true"):
    // a missing value is the schema's default, not "off".
    const current = valueAtPath(effective, knob.path) ?? defaultAtPath(knob.path);
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
      unset: override === null && currentRaw === null,
      override,
      errors,
      prominent: knob.prominent ?? false,
      isSwitch: options.length === 2 && options.includes('false') && options.includes('true'),
      onIndex: options.indexOf('true'),
    };
  });
}

/**
 * Preset knobs: a preset is in effect when every field it sets has its value
 * in the run (compared normalized, "2Mbps" is "2000kbps").
 */
export function presetKnobViews(
  scenario: Scenario | null,
  resolution: Resolution | null,
  presetValues: readonly PresetValues[] | null,
): PresetKnobView[] {
  const effective = resolution?.scenario ?? null;
  const out: PresetKnobView[] = [];
  (scenario?.knobs ?? []).forEach((knob, index) => {
    if (!knob.presets || knob.presets.length === 0) return;
    const values = presetValues?.find((p) => p.knob === index);
    const presets = knob.presets.map((preset, k) => {
      const v = values?.presets[k];
      const normalized = v?.normalized ?? null;
      const set = v?.set ?? [];
      const selected =
        effective !== null &&
        normalized !== null &&
        set.length > 0 &&
        set.every(([path], j) => {
          // The engine leaves default values out ("enabled = true"): absent in both matches.
          const current = valueAtPath(effective, path);
          return (current === undefined ? null : valueToRaw(current)) === normalized[j];
        });
      return {
        label: preset.label,
        selected,
        valid: normalized !== null,
        // A setting equal to the scenario's own value is no override: equal runs keep equal URLs.
        overrides: set.map(([path, raw], j): [string, string | null] => [path, normalized?.[j] !== undefined && normalized[j] === v?.base[j] ? null : raw]),
        set,
      };
    });
    const paths = new Set(presets.flatMap((p) => p.overrides.map(([path]) => path)));
    out.push({
      index,
      label: knob.label,
      help: knob.help ?? null,
      prominent: knob.prominent ?? false,
      presets,
      selected: presets.findIndex((p) => p.selected),
      errors: resolution?.rejected.filter((r) => paths.has(r.override[0])).flatMap((r) => r.errors) ?? [],
    });
  });
  return out;
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
