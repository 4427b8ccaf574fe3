// Hooks of the settings: which run they edit (A, or B in compare mode), the
// knob views of that run, and committing a choice.

import type { Override, Resolution } from '../engine/protocol';
import { mergedSets, type AppController } from '../state/controller';
import { knobViews, overrideFor, presetKnobViews, type KnobView, type PresetKnobView } from '../state/knobs';
import { memoLast } from '../state/memoLast';
import { useApp, useServices, useView } from './services';

/** The run the settings edit: A, or B in compare mode (its overrides are A's with B's on top). */
export function useEditTarget(): { run: 'A' | 'B'; resolution: Resolution | null; sets: Override[] } {
  const app = useApp();
  const { editing } = useView();
  const compare = app.request.compare;
  if (compare !== undefined && editing === 'B') return { run: 'B', resolution: app.resolutionB, sets: mergedSets(app.request.sets, compare) };
  return { run: 'A', resolution: app.resolution, sets: app.request.sets };
}

// Computed once per state, not once per component that shows them (the settings and the
// mechanism bar) and per render: a switch shown from the run cache redraws in a few ms.
const fieldViews = memoLast(knobViews);
const presetViews = memoLast(presetKnobViews);

/** The knob views of the run being edited (shared with the mechanism bar). */
export function useKnobs(): { fields: KnobView[]; presets: PresetKnobView[] } {
  const app = useApp();
  const target = useEditTarget();
  const scenario = app.entry?.scenario ?? null;
  return {
    fields: fieldViews(scenario, target.resolution, app.knobOptions, target.sets),
    presets: presetViews(scenario, target.resolution, app.presetValues),
  };
}

/** Commits a field knob's choice (or typed text); the scenario's own value stores no override. */
export function useCommitKnob(): (k: KnobView, raw: string, optionIndex: number | null) => void {
  const app = useApp();
  const { controller } = useServices();
  return (k, raw, optionIndex) => controller.setOverride(k.path, overrideFor(k.path, raw, optionIndex, app.knobOptions), raw);
}

/** Chooses a preset: all its settings in one step. */
export function choosePreset(controller: AppController, knob: PresetKnobView, index: number): void {
  const p = knob.presets[index];
  if (!p) return;
  controller.setOverrides(p.overrides.map(([path, value], j) => [path, value, p.set[j]?.[1]] as const));
}

