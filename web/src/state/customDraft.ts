// The custom-scenario editor's draft: every field as the text typed, so
// nothing typed is lost while it is not yet valid, and its conversion to and
// from a Scenario using the schema's field types.

import type { FieldError, Scenario } from '../generated/types';
import { valueAtPath, valueToRaw } from '../engine/resolve';
import { channelFields, flowFields, type FieldDesc } from './schemaForm';

export interface DraftNode {
  id: string;
  kind: string;
  label: string;
}

export interface DraftLink {
  id: string;
  a: string;
  b: string;
  /** Channel fields by key ("rate", "errors.ber", ...), as typed; '' is unset. */
  fields: Record<string, string>;
  /** Fields one direction sets on its own (a to b, b to a): an asymmetric link. */
  forward: Record<string, string>;
  reverse: Record<string, string>;
}

export interface DraftFlow {
  id: string;
  from: string;
  to: string;
  /** Flow fields by key ("tcp.variant", ...), as typed. */
  fields: Record<string, string>;
}

export interface Draft {
  title: string;
  description: string;
  duration: string;
  seed: string;
  nodes: DraftNode[];
  links: DraftLink[];
  flows: DraftFlow[];
  /** Parts kept as they are (knobs, paper reference). */
  keep: Pick<Scenario, 'knobs' | 'paper'>;
}

function flatten(obj: unknown, fields: readonly FieldDesc[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) {
    const v = valueAtPath(obj, f.key);
    if (v !== undefined && v !== null) out[f.key] = valueToRaw(v);
  }
  return out;
}

export function draftFromScenario(s: Scenario): Draft {
  const cf = channelFields();
  const ff = flowFields();
  return {
    title: s.title,
    description: s.description ?? '',
    duration: s.duration,
    seed: s.seed === undefined ? '' : String(s.seed),
    nodes: s.nodes.map((n) => ({ id: n.id, kind: n.kind ?? 'host', label: n.label ?? '' })),
    links: s.links.map((l) => ({ id: l.id, a: l.a, b: l.b, fields: flatten(l, cf), forward: flatten(l.forward ?? {}, cf), reverse: flatten(l.reverse ?? {}, cf) })),
    flows: s.flows.map((f) => ({ id: f.id, from: f.from, to: f.to, fields: flatten(f, ff) })),
    keep: { ...(s.knobs ? { knobs: s.knobs } : {}), ...(s.paper ? { paper: s.paper } : {}) },
  };
}

/** Typed text as the JSON value the schema expects; what does not parse stays text (the engine names the problem). */
export function fieldValue(field: FieldDesc, text: string): unknown {
  const t = text.trim();
  if (field.kind === 'boolean') return t === 'true' ? true : t === 'false' ? false : t;
  if (field.kind === 'integer' || field.kind === 'number') {
    const n = Number(t);
    return t !== '' && Number.isFinite(n) ? n : t;
  }
  return t;
}

function setPath(obj: Record<string, unknown>, key: string, value: unknown): void {
  const parts = key.split('.');
  let node = obj;
  for (const p of parts.slice(0, -1)) {
    const next = node[p];
    if (typeof next !== 'object' || next === null) node[p] = {};
    node = node[p] as Record<string, unknown>;
  }
  node[parts[parts.length - 1] ?? key] = value;
}

function expand(fields: Record<string, string>, descs: readonly FieldDesc[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const d of descs) {
    const text = fields[d.key];
    if (text === undefined || text.trim() === '') continue;
    setPath(out, d.key, fieldValue(d, text));
  }
  return out;
}

export function scenarioFromDraft(d: Draft): Scenario {
  const cf = channelFields();
  const ff = flowFields();
  const seed = d.seed.trim() === '' ? undefined : Number(d.seed);
  return {
    version: 1,
    id: 'custom',
    title: d.title,
    ...(d.description.trim() ? { description: d.description } : {}),
    duration: d.duration.trim(),
    ...(seed !== undefined && Number.isFinite(seed) ? { seed } : {}),
    nodes: d.nodes.map((n) => ({ id: n.id.trim(), kind: n.kind as Scenario['nodes'][number]['kind'], ...(n.label.trim() ? { label: n.label } : {}) })),
    links: d.links.map((l) => {
      const forward = expand(l.forward, cf);
      const reverse = expand(l.reverse, cf);
      return {
        id: l.id.trim(),
        a: l.a,
        b: l.b,
        ...expand(l.fields, cf),
        ...(Object.keys(forward).length > 0 ? { forward } : {}),
        ...(Object.keys(reverse).length > 0 ? { reverse } : {}),
      };
    }),
    flows: d.flows.map((f) => ({ id: f.id.trim(), from: f.from, to: f.to, ...expand(f.fields, ff) })),
    ...d.keep,
  } as Scenario;
}

/** An id not yet used among `taken`, from a base ("link" -> "link3"). */
export function freshId(base: string, taken: readonly string[]): string {
  for (let i = taken.length + 1; ; i++) {
    const id = `${base}${i}`;
    if (!taken.includes(id)) return id;
  }
}

/** The engine's errors for one field of the draft (e.g. `links.l1` + `rate`). */
export function errorsAt(errors: readonly FieldError[], owner: string, key?: string): FieldError[] {
  const path = key ? `${owner}.${key}` : owner;
  return errors.filter((e) => e.path === path || (key !== undefined && e.path.startsWith(`${owner}.forward.${key}`)) || (key !== undefined && e.path.startsWith(`${owner}.reverse.${key}`)));
}
