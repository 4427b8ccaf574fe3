// Fails when a component renders language outside the message catalogs: JSX
// text with letters, or a string literal in a user-facing attribute. The
// sources are parsed with Vite's own parser (rolldown's oxc; TypeScript 7 has
// no JavaScript compiler API), so the check reads the code, not the page.

import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseAst } from 'rolldown/parseAst';

const SRC = join(__dirname, '..');

/** Attributes a person reads or hears. */
const USER_ATTRIBUTES = new Set(['aria-label', 'aria-valuetext', 'aria-description', 'title', 'placeholder', 'alt', 'label', 'name', 'caption', 'head']);
/** Properties of option objects passed to controls (`options={[{ label: ... }]}`). */
const USER_PROPERTIES = new Set(['label', 'title', 'name']);
/**
 * Words that are the same in every language: protocol and field names, run
 * names, unit symbols. Anything else with letters belongs in a catalog.
 */
const ALLOWED_WORDS = new Set(['TCP', 'ACK', 'SACK', 'ECN', 'UDP', 'CE', 'ECE', 'CWR', 'ECT', 'A', 'B', 'ms', 's', 'kbit', 'Mbit', 'bit', 'kB', 'MB']);

function isAllowed(text: string): boolean {
  const words = text.match(/\p{L}+/gu) ?? [];
  return words.every((w) => ALLOWED_WORDS.has(w));
}

function tsxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsxFiles(path);
    return name.endsWith('.tsx') && !name.includes('.test.') ? [path] : [];
  });
}

interface Node {
  type: string;
  start: number;
  [key: string]: unknown;
}

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && typeof (v as Node).type === 'string';

/** Line of an offset, for the message. */
function lineOf(source: string, offset: number): number {
  return source.slice(0, offset).split('\n').length;
}

/**
 * String literals an expression can evaluate to and show: branches of ?:, &&
 * and ||, + concatenation and template text, option labels. Not call
 * arguments (t('key') takes a key) nor comparisons (state === 'copied').
 */
function shownStrings(e: unknown, out: Node[]): void {
  if (!isNode(e)) return;
  switch (e.type) {
    case 'Literal':
      if (typeof e.value === 'string') out.push(e);
      break;
    case 'TemplateLiteral':
      for (const q of e.quasis as Node[]) out.push({ ...q, value: (q.value as { cooked: string }).cooked });
      for (const x of e.expressions as unknown[]) shownStrings(x, out);
      break;
    case 'ConditionalExpression':
      shownStrings(e.consequent, out);
      shownStrings(e.alternate, out);
      break;
    case 'LogicalExpression':
      shownStrings(e.left, out);
      shownStrings(e.right, out);
      break;
    case 'BinaryExpression':
      if (e.operator === '+') {
        shownStrings(e.left, out);
        shownStrings(e.right, out);
      }
      break;
    case 'ParenthesizedExpression':
    case 'TSAsExpression':
      shownStrings(e.expression, out);
      break;
    case 'ArrayExpression':
      for (const x of e.elements as unknown[]) shownStrings(x, out);
      break;
    case 'ObjectExpression':
      for (const p of e.properties as Node[]) {
        const key = p.key as Node | undefined;
        const name = key?.type === 'Identifier' ? key.name : key?.type === 'Literal' ? key.value : null;
        if (typeof name === 'string' && USER_PROPERTIES.has(name)) shownStrings(p.value, out);
      }
      break;
  }
}

/** Every literal text a file's JSX shows, with its line. */
export function literalTexts(source: string, file = 'file.tsx'): { line: number; text: string }[] {
  const found: { line: number; text: string }[] = [];
  const report = (n: Node, text: string) => {
    if (/\p{L}/u.test(text) && !isAllowed(text)) found.push({ line: lineOf(source, n.start), text: text.trim() });
  };
  const visit = (n: unknown): void => {
    if (Array.isArray(n)) return n.forEach(visit);
    if (!isNode(n)) return;
    if (n.type === 'JSXText') report(n, String(n.value));
    if (n.type === 'JSXExpressionContainer') {
      const strings: Node[] = [];
      shownStrings(n.expression, strings);
      strings.forEach((s) => report(s, String(s.value)));
    }
    if (n.type === 'JSXAttribute') {
      const name = n.name as Node;
      const attr = name.type === 'JSXIdentifier' ? String(name.name) : '';
      if (USER_ATTRIBUTES.has(attr)) {
        const strings: Node[] = [];
        const value = n.value as Node | null;
        if (value?.type === 'JSXExpressionContainer') shownStrings(value.expression, strings);
        else if (value) shownStrings(value, strings);
        strings.forEach((s) => report(s, String(s.value)));
      } else if (isNode(n.value) && n.value.type === 'JSXExpressionContainer') {
        // Option lists: only their label/title/name properties are shown.
        const strings: Node[] = [];
        const e = (n.value as Node).expression;
        if (isNode(e) && (e.type === 'ArrayExpression' || e.type === 'ObjectExpression')) shownStrings(e, strings);
        strings.forEach((s) => report(s, String(s.value)));
      }
      // Other attributes hold code (class names, test ids, handlers); their JSX values are visited below.
      if (!(n.value && isNode(n.value) && n.value.type === 'JSXExpressionContainer')) return;
      return visit((n.value as Node).expression);
    }
    for (const [key, value] of Object.entries(n)) if (key !== 'type' && typeof value === 'object') visit(value);
  };
  visit(parseAst(source, { lang: 'tsx' }, file));
  return found;
}

describe('no literal interface text in components', () => {
  it('finds the kinds of literal it is meant to find', () => {
    const texts = literalTexts(`const a = (
      <div title="Hello" aria-label={'Named'} placeholder={\`e.g. \${x}\`}>
        Plain text {on ? 'Yes' : t('k')} {n} TCP {'\\u2013'}
        <Segmented options={[{ label: 'One' }]} />
        <span className={on ? 'is-on' : 'off'}>{t(\`k.\${x}\`)} ACK · A</span>
      </div>
    );`).map((f) => f.text);
    expect(texts).toEqual(['Hello', 'Named', 'e.g.', 'Plain text', 'Yes', 'One']);
  });

  for (const file of tsxFiles(SRC)) {
    it(relative(SRC, file), () => {
      const found = literalTexts(readFileSync(file, 'utf8'), file).map((f) => `line ${f.line}: ${JSON.stringify(f.text)}`);
      expect(found, 'text not from a catalog (web/src/i18n/locales)').toEqual([]);
    });
  }
});
