// Applies user overrides to a scenario, keeping every override the engine accepts
// and reporting each refused one with the engine's own field errors. Runs in the
// worker (validation parses TOML, which is the engine's job).

import type { FieldError, Scenario } from '../generated/types';
import type { KnobOptionValues, Override, PresetValues, Resolution, ScenarioFormat } from './protocol';

export interface ValidateResult {
  ok: boolean;
  scenario?: Scenario;
  errors: FieldError[];
}

/** The engine's `validate`, already JSON-decoded. */
export type ValidateFn = (text: string, format: ScenarioFormat, overrides: readonly Override[]) => ValidateResult;

export function resolveOverrides(
  validate: ValidateFn,
  text: string,
  format: ScenarioFormat,
  overrides: readonly Override[],
  withKnobOptions: boolean,
): Resolution {
  // The common case costs one validation: everything is accepted.
  const all = validate(text, format, overrides);
  let accepted: Override[] = [...overrides];
  const rejected: Resolution['rejected'] = [];
  let final = all;
  if (!all.ok) {
    const base = overrides.length > 0 ? validate(text, format, []) : all;
    if (!base.ok) {
      return { ok: false, scenario: null, errors: base.errors, accepted: [], rejected: [], knobOptions: null, presetValues: null };
    }
    // Add overrides one at a time so each error is charged to the override that
    // caused it (the engine may report it under another path, e.g. a link-level
    // rate as `links.x.forward.rate`).
    accepted = [];
    final = base;
    for (const o of overrides) {
      const r = validate(text, format, [...accepted, o]);
      if (r.ok) {
        accepted.push(o);
        final = r;
      } else {
        rejected.push({ override: o, errors: r.errors });
      }
    }
  }
  const scenario = final.scenario ?? null;
  const knobOptions = withKnobOptions && scenario ? normalizeKnobOptions(validate, text, format) : null;
  const presetValues = withKnobOptions && scenario ? normalizePresets(validate, text, format) : null;
  return { ok: true, scenario, errors: [], accepted, rejected, knobOptions, presetValues };
}

/**
 * What each knob option becomes once normalized ("0.8Mbps" -> "800kbps"), so the
 * UI can show which option the scenario's own value matches. Measured against
 * the scenario without overrides: it is a property of the options, not of the run.
 */
function normalizeKnobOptions(validate: ValidateFn, text: string, format: ScenarioFormat): KnobOptionValues[] {
  const base = validate(text, format, []).scenario;
  if (!base) return [];
  const single = (base.knobs ?? []).filter((k): k is typeof k & { path: string } => !!k.path);
  return single.map((knob) => ({
    path: knob.path,
    base: rawAt(base, knob.path),
    normalized: (knob.options ?? []).map((option) => {
      const r = validate(text, format, [[knob.path, optionToRaw(option)]]);
      if (!r.ok || !r.scenario) return null;
      return rawAt(r.scenario, knob.path);
    }),
  }));
}

/** The settings of a preset as overrides (values written as a user would type them). */
export function presetOverrides(set: Record<string, unknown>): Override[] {
  return Object.entries(set).map(([path, value]) => [path, optionToRaw(value)] as const);
}

/** Each preset's settings normalized (one validation per preset), against the scenario without overrides. */
function normalizePresets(validate: ValidateFn, text: string, format: ScenarioFormat): PresetValues[] {
  const base = validate(text, format, []).scenario;
  if (!base) return [];
  const out: PresetValues[] = [];
  (base.knobs ?? []).forEach((knob, i) => {
    if (!knob.presets || knob.presets.length === 0) return;
    out.push({
      knob: i,
      presets: knob.presets.map((preset) => {
        const set = presetOverrides(preset.set);
        const r = validate(text, format, set);
        const scenario = r.ok ? r.scenario : undefined;
        return {
          label: preset.label,
          set,
          normalized: scenario ? set.map(([path]) => rawAt(scenario, path)) : null,
          base: set.map(([path]) => rawAt(base, path)),
        };
      }),
    });
  });
  return out;
}

function rawAt(scenario: Scenario, path: string): string | null {
  const v = valueAtPath(scenario, path);
  return v === undefined ? null : valueToRaw(v);
}

/** A knob option (any JSON value) as the text a user would type. */
export function optionToRaw(option: unknown): string {
  return valueToRaw(option);
}

export function valueToRaw(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') {
    // Bit error rates read as 1e-6, as scenario files write them, not 0.000001.
    const a = Math.abs(v);
    return a !== 0 && (a < 1e-3 || a >= 1e9) ? v.toExponential() : String(v);
  }
  if (typeof v === 'boolean') return String(v);
  return JSON.stringify(v) ?? '';
}

/**
 * The value at a dotted field path, with list items named by id
 * (`flows.ftp.tcp.variant`, `links.bottleneck.rate`); undefined when absent.
 */
export function valueAtPath(root: unknown, path: string): unknown {
  let node: unknown = root;
  for (const part of path.split('.')) {
    if (Array.isArray(node)) {
      node = node.find((item: unknown) => isRecord(item) && item['id'] === part);
    } else if (isRecord(node)) {
      node = node[part];
    } else {
      return undefined;
    }
    if (node === undefined || node === null) return undefined;
  }
  return node;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
