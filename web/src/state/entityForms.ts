// The link and flow forms of any scenario: one row per schema field, with the
// run's value, the user's override (kept as typed) and the engine's errors
// for it. Pure functions of the scenario and the request.

import type { FieldError, Scenario } from '../generated/types';
import type { Override, Resolution } from '../engine/protocol';
import { valueAtPath, valueToRaw } from '../engine/resolve';
import { channelFields, flowFields, type FieldDesc } from './schemaForm';

export interface FieldCell {
  /** The override path this cell writes, e.g. "links.sat.forward.rate". */
  path: string;
  dir: 'both' | 'forward' | 'reverse';
  /** What to show: the override as typed, else the run's value ('' when unset). */
  text: string;
  /** The scenario's own value (normalized), for "is this a change?". */
  base: string | null;
  override: string | null;
  errors: FieldError[];
}

export interface FieldRow {
  field: FieldDesc;
  cells: FieldCell[];
}

export interface EntityForm {
  id: string;
  /** "sender → receiver" */
  title: string;
  rows: FieldRow[];
}

function raw(v: unknown): string | null {
  return v === undefined || v === null ? null : valueToRaw(v);
}

function cell(path: string, dir: FieldCell['dir'], current: unknown, base: unknown, sets: readonly Override[], resolution: Resolution | null): FieldCell {
  const override = sets.find(([p]) => p === path)?.[1] ?? null;
  return {
    path,
    dir,
    text: override ?? raw(current) ?? '',
    base: raw(base),
    override,
    errors: resolution?.rejected.filter((r) => r.override[0] === path).flatMap((r) => r.errors) ?? [],
  };
}

/**
 * One form per link. A field set for the whole link is one cell; a field a
 * direction sets on its own (an asymmetric link) is one cell per direction.
 */
export function linkForms(base: Scenario | null, effective: Scenario | null, sets: readonly Override[], resolution: Resolution | null): EntityForm[] {
  const scenario = effective ?? base;
  if (!scenario) return [];
  const fields = channelFields();
  return scenario.links.map((link) => {
    const baseLink = base?.links.find((l) => l.id === link.id) ?? null;
    const prefix = `links.${link.id}`;
    const rows = fields.map((field) => {
      const own = (dir: 'forward' | 'reverse') => valueAtPath(link, `${dir}.${field.key}`);
      const ownBase = (dir: 'forward' | 'reverse') => (baseLink ? valueAtPath(baseLink, `${dir}.${field.key}`) : undefined);
      const whole = valueAtPath(link, field.key);
      const wholeBase = baseLink ? valueAtPath(baseLink, field.key) : undefined;
      const split =
        own('forward') !== undefined ||
        own('reverse') !== undefined ||
        sets.some(([p]) => p === `${prefix}.forward.${field.key}` || p === `${prefix}.reverse.${field.key}`);
      const cells = split
        ? (['forward', 'reverse'] as const).map((dir) =>
            cell(`${prefix}.${dir}.${field.key}`, dir, own(dir) ?? whole, ownBase(dir) ?? wholeBase, sets, resolution),
          )
        : [cell(`${prefix}.${field.key}`, 'both', whole, wholeBase, sets, resolution)];
      return { field, cells };
    });
    return { id: link.id, title: `${link.a} \u2194 ${link.b}`, rows };
  });
}

/** One form per flow: its TCP, receiver and application settings. */
export function flowForms(base: Scenario | null, effective: Scenario | null, sets: readonly Override[], resolution: Resolution | null): EntityForm[] {
  const scenario = effective ?? base;
  if (!scenario) return [];
  const fields = flowFields();
  return scenario.flows.map((flow) => {
    const baseFlow = base?.flows.find((f) => f.id === flow.id) ?? null;
    const rows = fields.map((field) => ({
      field,
      cells: [
        cell(`flows.${flow.id}.${field.key}`, 'both' as const, valueAtPath(flow, field.key), baseFlow ? valueAtPath(baseFlow, field.key) : undefined, sets, resolution),
      ],
    }));
    return { id: flow.id, title: `${flow.from} \u2192 ${flow.to}`, rows };
  });
}

/** The fields a flow form shows first (the knobs); the rest go under "more". */
export const MAIN_FLOW_FIELDS = [
  'tcp.variant',
  'tcp.initial_window',
  'tcp.rwnd',
  'tcp.window_scaling',
  'tcp.mss',
  'receiver.delayed_ack',
  'receiver.sack',
  'tcp.ecn',
  'tcp.timestamps',
];

/** The override a cell's new text makes: none when it is the scenario's own value. */
export function cellOverride(c: FieldCell, text: string): string | null {
  const t = text.trim();
  if (t === '' || t === c.base) return null;
  return t;
}
