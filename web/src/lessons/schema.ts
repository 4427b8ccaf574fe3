// The lesson file format, as a schema: a lesson is data (TOML under
// scenarios/lessons/, or a teacher's own file), never code. Problems come back
// one per field, with its path and what it allows, so a teacher can fix a file
// without reading this code.

import { parse as parseToml, TomlError } from 'smol-toml';
import { z } from 'zod';
import { parseUrl } from '../state/url';
import { parseCheck } from './checks';

/** Text in one or both interface languages (at least one). */
const localText = z
  .strictObject({ en: z.string().trim().min(1).optional(), ko: z.string().trim().min(1).optional() })
  .refine((t) => t.en !== undefined || t.ko !== undefined, { params: { lessonCode: 'needs_language' } });

const option = z.strictObject({ text: localText, correct: z.boolean().default(false) });

const prediction = z
  .strictObject({ question: localText, options: z.array(option).min(2).max(6) })
  .refine((p) => p.options.some((o) => o.correct), { params: { lessonCode: 'needs_correct' }, path: ['options'] });

const step = z.strictObject({
  title: localText,
  text: localText,
  /** The run, as a shared link's query: `s=seed000/wired&set=flows.ftp.tcp.variant=reno`. */
  params: z.string().max(4000),
  predict: prediction.optional(),
  /** "Sketch the cwnd" of one flow before the run, over `seconds`, the y axis up to `max` segments. */
  sketch: z
    .strictObject({ flow: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/), seconds: z.number().positive().max(3600), max: z.number().positive().max(100000) })
    .optional(),
  reveal: localText.optional(),
  /** What the reveal claims, e.g. `"flows.ftp.timeouts >= 1"`; the lesson test runs the step and checks them (./checks.ts). */
  checks: z.array(z.string().max(300)).max(20).optional(),
});

export const LESSON_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

const lessonSchema = z.strictObject({
  version: z.literal(1),
  id: z.string().regex(LESSON_ID),
  title: localText,
  summary: localText.optional(),
  /** Place in the lesson list (lower first). */
  order: z.number().int().min(0).max(1000).default(100),
  steps: z.array(step).min(1).max(40),
});

export type LocalText = z.infer<typeof localText>;
export type Lesson = z.infer<typeof lessonSchema>;

/** One problem of a lesson file: where, what, and (when known) what is allowed. */
export interface LessonProblem {
  /** Dotted path, steps counted from 1 as a teacher reads them: `steps.2.predict.options`. */
  path: string;
  /** Key of the message under `lessons:errors.*`. */
  code: string;
  /** Values the message interpolates (`expected`, `allowed`, `minimum`, ...). */
  params: Record<string, string>;
}

export type LessonParse = { ok: true; lesson: Lesson } | { ok: false; problems: LessonProblem[] };

export interface ParseLessonOptions {
  /** Scenario ids a step may name in `s=`; when given, others are problems. */
  scenarios?: readonly string[];
}

/** Reads a lesson file's text (TOML, or JSON when it starts with `{`) and checks it. */
export function parseLesson(text: string, options: ParseLessonOptions = {}): LessonParse {
  let doc: unknown;
  try {
    doc = text.trimStart().startsWith('{') ? JSON.parse(text) : parseToml(text);
  } catch (e) {
    const where: Record<string, string> = e instanceof TomlError ? { line: String(e.line), column: String(e.column) } : { line: '?', column: '?' };
    const message = e instanceof Error ? e.message.split('\n')[0] ?? '' : String(e);
    return { ok: false, problems: [{ path: 'file', code: 'syntax', params: { ...where, message } }] };
  }
  const result = lessonSchema.safeParse(doc);
  if (!result.success) return { ok: false, problems: result.error.issues.map((issue) => problemOf(issue, doc)) };
  const lesson = result.data;
  const problems: LessonProblem[] = [];
  lesson.steps.forEach((s, i) => {
    const { problems: urlProblems } = parseUrl(s.params, options.scenarios ? { scenarios: options.scenarios } : {});
    for (const p of urlProblems) {
      problems.push({
        path: `steps.${i + 1}.params`,
        code: 'param',
        params: { param: p.param, value: p.value, problem: p.problem, allowed: p.allowed },
      });
    }
    (s.checks ?? []).forEach((c, j) => {
      const check = parseCheck(c);
      if (!check || [check.left, check.right].some((p) => typeof p !== 'number' && p.step !== null && p.step >= i + 1)) {
        problems.push({ path: `steps.${i + 1}.checks.${j + 1}`, code: 'check', params: { check: c, allowed: CHECK_HELP } });
      }
    });
    for (const [field, t] of [['text', s.text], ['reveal', s.reveal]] as const) {
      for (const bad of badPlaceholders(t, i + 1)) {
        problems.push({ path: `steps.${i + 1}.${field}`, code: 'placeholder', params: { placeholder: bad, allowed: PLACEHOLDER_HELP } });
      }
    }
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, lesson };
}

export const CHECK_HELP = 'figure op value, e.g. "flows.ftp.timeouts >= 1" or "flows.ij.goodput_bps < step1:flows.ij.goodput_bps" (op: <, <=, >, >=, ==, !=)';

/** What a `{...}` in a text may say (see ./template.ts). */
export const PLACEHOLDER_HELP =
  '{flows.<flow>.<field>[:format]}, {middleboxes.<id>.<field>[:format]} or {links.<link>.<forward|reverse>.<field>[:format]}, optionally prefixed "stepN:" for an earlier step; formats kbps, mbps, ms, s, int, pct';

export const PLACEHOLDER = /\{([^{}]*)\}/g;
const PLACEHOLDER_BODY =
  /^(?:step([1-9][0-9]?):)?(flows\.[A-Za-z0-9_-]+|middleboxes\.[A-Za-z0-9_-]+|links\.[A-Za-z0-9_-]+\.(?:forward|reverse))\.([a-z0-9_]+)(?::(kbps|mbps|ms|s|int|pct))?$/;

export interface Placeholder {
  /** The earlier step (1-based) whose run it reads; null for this step's run. */
  step: number | null;
  /** `flows.<id>`, `middleboxes.<id>` or `links.<id>.<direction>`. */
  entity: string;
  field: string;
  format: string | null;
}

export function readPlaceholder(body: string): Placeholder | null {
  const m = PLACEHOLDER_BODY.exec(body.trim());
  if (!m) return null;
  return { step: m[1] ? Number(m[1]) : null, entity: m[2] ?? '', field: m[3] ?? '', format: m[4] ?? null };
}

function badPlaceholders(t: LocalText | undefined, stepNumber: number): string[] {
  if (!t) return [];
  const out: string[] = [];
  for (const text of [t.en, t.ko]) {
    for (const m of (text ?? '').matchAll(PLACEHOLDER)) {
      const p = readPlaceholder(m[1] ?? '');
      if (!p || (p.step !== null && p.step >= stepNumber)) out.push(m[0]);
    }
  }
  return [...new Set(out)];
}

/** A zod issue as a lesson problem: steps numbered from 1, allowed values spelled out. */
function problemOf(issue: z.core.$ZodIssue, doc: unknown): LessonProblem {
  const path = issue.path.map((k) => (typeof k === 'number' ? String(k + 1) : String(k))).join('.') || 'lesson';
  const params: Record<string, string> = {};
  const custom = (issue as { params?: { lessonCode?: string } }).params?.lessonCode;
  if (custom) return { path, code: custom, params };
  switch (issue.code) {
    case 'invalid_type':
      params.expected = issue.expected;
      return { path, code: present(doc, issue.path) ? 'invalid_type' : 'missing', params };
    case 'invalid_value':
      params.allowed = issue.values.map((v) => JSON.stringify(v)).join(', ');
      return { path, code: 'invalid_value', params };
    case 'too_small':
      params.minimum = String(issue.minimum);
      return { path, code: issue.origin === 'array' ? 'too_few' : 'too_small', params };
    case 'too_big':
      params.maximum = String(issue.maximum);
      return { path, code: issue.origin === 'array' ? 'too_many' : 'too_big', params };
    case 'unrecognized_keys':
      params.keys = issue.keys.join(', ');
      params.allowed = allowedKeys(issue.path);
      return { path, code: 'unknown_keys', params };
    case 'invalid_format':
      params.allowed = issue.format === 'regex' ? 'lower-case letters, digits and "-" (e.g. "cwnd-basics")' : issue.format;
      return { path, code: 'invalid_format', params };
    default:
      params.message = issue.message;
      return { path, code: 'other', params };
  }
}

/** Whether the file has a value at `path` (zod does not say whether a wrong value was absent). */
function present(doc: unknown, path: readonly PropertyKey[]): boolean {
  let node: unknown = doc;
  for (const key of path) {
    if (typeof node !== 'object' || node === null || !(String(key) in node)) return false;
    node = (node as Record<string, unknown>)[String(key)];
  }
  return node !== undefined;
}

/** The fields an object at `path` accepts, for "unknown field" messages. */
function allowedKeys(path: readonly PropertyKey[]): string {
  const last = path.filter((k) => typeof k !== 'number').at(-1);
  const shapes: Record<string, readonly string[]> = {
    '': Object.keys(lessonSchema.shape),
    steps: Object.keys(step.shape),
    predict: ['question', 'options'],
    sketch: ['flow', 'seconds', 'max'],
    options: ['text', 'correct'],
  };
  const key = last === undefined ? '' : String(last);
  return (shapes[key] ?? ['en', 'ko']).join(', ');
}

/** The text in `lang`, else the other language. */
export function pick(t: LocalText | undefined, lang: string): string {
  if (!t) return '';
  return (lang === 'ko' ? (t.ko ?? t.en) : (t.en ?? t.ko)) ?? '';
}
