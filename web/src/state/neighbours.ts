// The runs one click away: what the override list becomes when a mechanism
// switch is flipped or a preset of the mechanism bar chosen. These are the
// runs worth computing ahead while the user looks at the current one.

import type { KnobOptionValues, Override, PresetValues, Resolution } from '../engine/protocol';
import type { Scenario } from '../generated/types';
import { knobViews, overrideFor, presetKnobViews } from './knobs';
import { withSet } from './url';

export interface NeighbourInput {
  scenario: Scenario | null;
  resolution: Resolution | null;
  knobOptions: readonly KnobOptionValues[] | null;
  presetValues: readonly PresetValues[] | null;
  sets: readonly Override[];
}

/**
 * Override lists one click away, most likely first: the mechanism bar's
 * switches and presets, then the settings' other on/off switches and presets,
 * then the choices next to the current one in the settings' lists (a TCP
 * variant, an initial window: the option above or below is the likeliest next
 * pick). Each list is what the controller would run after that click (sorted,
 * as withSet keeps them).
 */
export function neighbourSets(input: NeighbourInput, limit = 16): Override[][] {
  const { scenario, resolution, knobOptions, presetValues, sets } = input;
  const fields = knobViews(scenario, resolution, knobOptions, [...sets]);
  const presets = presetKnobViews(scenario, resolution, presetValues);
  const out: Override[][] = [];
  const seen = new Set<string>([JSON.stringify(sets)]);
  const add = (next: Override[]) => {
    const key = JSON.stringify(next);
    if (seen.has(key)) return;
    seen.add(key);
    out.push(next);
  };
  const flipField = (k: (typeof fields)[number], adjacentOnly = false) => {
    if (k.selected < 0) return;
    // A switch flips; a row of choices of the mechanism bar: every other choice; a list: the choices next to it.
    const choices = k.isSwitch
      ? [1 - k.selected]
      : adjacentOnly
        ? [k.selected + 1, k.selected - 1].filter((i) => i >= 0 && i < k.options.length)
        : k.options.map((_, i) => i).filter((i) => i !== k.selected);
    for (const i of choices) {
      const raw = k.options[i];
      if (raw === undefined) continue;
      add(withSet(sets, k.path, overrideFor(k.path, raw, i, knobOptions)));
    }
  };
  const choosePreset = (p: (typeof presets)[number]) => {
    p.presets.forEach((preset, i) => {
      if (i === p.selected || !preset.valid) return;
      let next: Override[] = [...sets];
      for (const [path, value] of preset.overrides) next = withSet(next, path, value);
      add(next);
    });
  };
  for (const k of fields) if (k.prominent) flipField(k);
  for (const p of presets) if (p.prominent) choosePreset(p);
  for (const k of fields) if (!k.prominent && k.isSwitch) flipField(k);
  for (const p of presets) if (!p.prominent) choosePreset(p);
  for (const k of fields) if (!k.prominent && !k.isSwitch) flipField(k, true);
  return out.slice(0, limit);
}
