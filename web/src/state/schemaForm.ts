// Form fields read from scenarios/schema.json (generated from the engine's
// Rust types): names, descriptions, defaults and choices of link, flow and
// node settings. A field the engine adds appears in the forms with no change
// here.

import schemaJson from '../../../scenarios/schema.json';
import { currentLanguage, t as tr } from '../i18n';

/** The parts of JSON Schema the generated schema uses. */
export interface JsonSchema {
  $ref?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  description?: string;
  default?: unknown;
  pattern?: string;
  examples?: unknown[];
  minimum?: number;
  maximum?: number;
  format?: string;
  items?: JsonSchema | boolean;
}

export interface Choice {
  value: string;
  description: string | null;
}

export interface FieldDesc {
  /** Path below its owner, e.g. "rate", "errors.ber", "tcp.variant". */
  key: string;
  /** Readable name, e.g. "BER", "initial window". */
  label: string;
  description: string | null;
  kind: 'text' | 'choice' | 'boolean' | 'integer' | 'number';
  choices: Choice[];
  default: unknown;
  /** An example value for the placeholder, e.g. "10Mbps". */
  example: string | null;
  minimum: number | null;
}

const SCHEMA = schemaJson as unknown as JsonSchema & { $defs: Record<string, JsonSchema> };

export function definition(name: string, schema: { $defs?: Record<string, JsonSchema> } = SCHEMA): JsonSchema | null {
  return schema.$defs?.[name] ?? null;
}

/** Follows $ref and drops the `null` branch of optional fields. */
export function resolveSchema(s: JsonSchema, defs: Record<string, JsonSchema> = SCHEMA.$defs): JsonSchema {
  let cur = s;
  for (let guard = 0; guard < 8; guard++) {
    if (cur.$ref) {
      const name = cur.$ref.replace('#/$defs/', '');
      const target = defs[name];
      if (!target) return cur;
      // Field-level words win over the definition's.
      cur = { ...target, ...(cur.description ? { description: cur.description } : {}), ...(cur.default !== undefined ? { default: cur.default } : {}) };
      continue;
    }
    const branches = cur.anyOf?.filter((b) => b.type !== 'null');
    if (branches && branches.length === 1 && branches[0]) {
      const { anyOf: _drop, ...rest } = cur;
      cur = { ...branches[0], ...(rest.description ? { description: rest.description } : {}), ...(rest.default !== undefined ? { default: rest.default } : {}) };
      continue;
    }
    return cur;
  }
  return cur;
}

const LABELS: Record<string, string> = {
  ber: 'BER',
  rwnd: 'receive window',
  mss: 'MSS',
  ecn: 'ECN',
  sack: 'SACK',
  rto: 'RTO',
  min_rto: 'minimum RTO',
  max_rto: 'maximum RTO',
  initial_rto: 'initial RTO',
  delack_interval: 'delayed-ACK interval',
  ack_size: 'ACK size',
  syn: 'SYN',
  rto_estimator: 'RTO estimator',
};

/** Labels of whole keys, where the last part alone would be unclear. */
const KEY_LABELS: Record<string, string> = {
  'receiver.sack': 'SACK (receiver)',
  'receiver.delayed_ack': 'delayed ACK',
};

/** Parents whose name belongs in the label ("queue limit", not "limit"). */
const NAMED_PARENTS = new Set(['queue', 'app']);

/** A field's label in English, from its key: "queue limit", "receive window". */
function englishLabel(key: string): string {
  if (KEY_LABELS[key]) return KEY_LABELS[key];
  const parts = key.split('.');
  const last = parts.at(-1) ?? key;
  const name = LABELS[last] ?? last.replace(/_/g, ' ');
  const parent = parts.length > 1 ? parts[parts.length - 2] : undefined;
  return parent && NAMED_PARENTS.has(parent) ? `${parent} ${name}` : name;
}

/** A field's label in the current language (controls:fields.<key>), English when the catalog has none. */
export function fieldLabel(key: string): string {
  return tr(`controls:fields.${key}`, { defaultValue: englishLabel(key) });
}

/** Fields people reach for first come first; the rest keep the schema's order. */
function ordered(fields: FieldDesc[], first: readonly string[]): FieldDesc[] {
  const rank = (f: FieldDesc) => {
    const i = first.indexOf(f.key);
    return i < 0 ? first.length : i;
  };
  return fields.map((f, i) => ({ f, i })).sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i).map((x) => x.f);
}

function choicesOf(s: JsonSchema): Choice[] {
  if (s.enum) return s.enum.map((v) => ({ value: String(v), description: null }));
  if (s.oneOf && s.oneOf.every((b) => b.const !== undefined)) {
    return s.oneOf.map((b) => ({ value: String(b.const), description: b.description?.replace(/\s*\n\s*/g, ' ') ?? null }));
  }
  return [];
}

/**
 * The fields of an object definition, nested objects flattened one level
 * deep ("errors.ber", "tcp.variant"). `skip` leaves out keys (ids, endpoints).
 */
export function fieldsOf(defName: string, skip: readonly string[] = [], schema = SCHEMA): FieldDesc[] {
  const root = definition(defName, schema);
  if (!root) return [];
  const out: FieldDesc[] = [];
  const walk = (obj: JsonSchema, prefix: string, depth: number) => {
    for (const [name, raw] of Object.entries(obj.properties ?? {})) {
      const key = prefix ? `${prefix}.${name}` : name;
      if (skip.includes(key)) continue;
      const s = resolveSchema(raw, schema.$defs);
      if (s.properties) {
        if (depth < 1) walk(s, key, depth + 1);
        continue;
      }
      const choices = choicesOf(s);
      const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
      const kind: FieldDesc['kind'] =
        choices.length > 0 ? 'choice' : type === 'boolean' ? 'boolean' : type === 'integer' ? 'integer' : type === 'number' ? 'number' : 'text';
      if (type === 'array' || type === 'object') continue;
      const example = s.examples?.[0];
      out.push({
        key,
        label: fieldLabel(key),
        description: s.description?.replace(/\s*\n\s*/g, ' ') ?? null,
        kind,
        choices,
        default: s.default ?? null,
        example: example === undefined ? null : String(example),
        minimum: s.minimum ?? null,
      });
    }
  };
  walk(root, '', 0);
  return out;
}

/** Settings of one direction of a link: rate, delay, errors, queue (and whatever comes). */
// The schema is fixed for a build: its fields are read once.
// Per language: the labels are translated.
let cacheLanguage = '';
let channelCache: FieldDesc[] | null = null;
let flowCache: FieldDesc[] | null = null;

function checkCacheLanguage(): void {
  if (cacheLanguage === currentLanguage()) return;
  cacheLanguage = currentLanguage();
  channelCache = null;
  flowCache = null;
}

export function channelFields(): FieldDesc[] {
  checkCacheLanguage();
  channelCache ??= ordered(fieldsOf('ChannelSpec'), ['rate', 'delay', 'errors.ber', 'queue.limit', 'queue.kind']);
  return channelCache;
}

/** Settings of a flow: tcp.*, receiver.*, app.* (not its id and endpoints). */
export function flowFields(): FieldDesc[] {
  checkCacheLanguage();
  flowCache ??= fieldsOf('FlowSpec', ['id', 'from', 'to']);
  return flowCache;
}

/** The choices of an enumerated definition, e.g. NodeKind, Variant. */
export function choicesOfDefinition(name: string): Choice[] {
  const d = definition(name);
  return d ? choicesOf(resolveSchema(d)) : [];
}

/**
 * The schema default of a scenario path ("flows.ji.enabled" -> true), or
 * undefined. List items are named by id in paths, so an array's next segment
 * (the id) is skipped. The engine leaves default values out of a resolved
 * scenario: this is what a missing value means.
 */
export function defaultAtPath(path: string, schema: JsonSchema & { $defs?: Record<string, JsonSchema> } = SCHEMA): unknown {
  const defs = schema.$defs ?? {};
  let cur: JsonSchema | undefined = schema;
  const parts = path.split('.');
  for (let i = 0; i < parts.length && cur; i++) {
    const node: JsonSchema = resolveSchema(cur, defs);
    if (node.type === 'array' || (Array.isArray(node.type) && node.type.includes('array'))) {
      const items: JsonSchema | boolean | undefined = node.items;
      cur = typeof items === 'object' ? items : undefined;
      continue; // this part is the item's id
    }
    const child: JsonSchema | undefined = node.properties?.[parts[i] ?? ''];
    if (!child) return undefined;
    if (i === parts.length - 1) return resolveSchema(child, defs).default ?? child.default;
    cur = child;
  }
  return undefined;
}
