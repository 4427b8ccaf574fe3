import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pickLanguage } from './index';

const dir = join(__dirname, 'locales');

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

/** i18next plural suffixes differ by language (Korean has only _other). */
const baseKey = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

describe('message catalogs', () => {
  const langs = readdirSync(dir);
  const namespaces = new Set(langs.flatMap((lang) => readdirSync(join(dir, lang))));
  for (const ns of namespaces) {
    it(`${ns}: every key is in every language`, () => {
      const sets = langs.map((lang) => {
        const text = readFileSync(join(dir, lang, ns), 'utf8');
        return new Set(keys(JSON.parse(text)).map(baseKey));
      });
      const all = new Set(sets.flatMap((s) => [...s]));
      langs.forEach((lang, i) => {
        const missing = [...all].filter((k) => !sets[i]!.has(k));
        expect(missing, `${lang}/${ns} lacks`).toEqual([]);
      });
    });
  }
});

describe('pickLanguage', () => {
  it('prefers lang= from the URL, then the browser, then English', () => {
    expect(pickLanguage('?lang=ko', ['en-US'])).toBe('ko');
    expect(pickLanguage('?lang=xx', ['ko-KR', 'en'])).toBe('ko');
    expect(pickLanguage('', ['fr-FR'])).toBe('en');
  });
});

/** Source files of the app (tests excluded). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'generated' ? [] : sources(path);
    return /\.tsx?$/.test(name) && !name.includes('.test.') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/**
 * Every key a source file passes to t() / tr(), with its namespace: the key's
 * own "ns:" prefix, else that of the nearest useTranslation('ns') above the
 * call, else common. A template key (`titles.${id}`) is checked by its fixed
 * start, which must lead to some key.
 */
export function usedKeys(source: string): { ns: string; key: string; prefix: boolean; line: number }[] {
  const scopes = [...source.matchAll(/useTranslation\(\s*'([^']+)'/g)].map((m) => ({ at: m.index ?? 0, ns: m[1] ?? 'common' }));
  const out: { ns: string; key: string; prefix: boolean; line: number }[] = [];
  for (const m of source.matchAll(/(?<![\w.])(t|tr)\(\s*(['"`])((?:(?!\2).)*)\2/g)) {
    const at = m.index ?? 0;
    let raw = m[3] ?? '';
    const template = m[2] === '`' && raw.includes('${');
    if (template) raw = raw.slice(0, raw.indexOf('${'));
    const colon = raw.indexOf(':');
    const scoped = m[1] === 't' ? scopes.filter((s) => s.at < at).at(-1)?.ns : undefined;
    const ns = colon >= 0 ? raw.slice(0, colon) : (scoped ?? 'common');
    const key = colon >= 0 ? raw.slice(colon + 1) : raw;
    out.push({ ns, key, prefix: template, line: source.slice(0, at).split('\n').length });
  }
  return out;
}

describe('keys used in the source', () => {
  const langs = readdirSync(dir);
  const known = new Map<string, Set<string>>();
  for (const lang of langs) {
    for (const file of readdirSync(join(dir, lang))) {
      const ns = file.replace(/\.json$/, '');
      const text = readFileSync(join(dir, lang, file), 'utf8');
      for (const k of keys(JSON.parse(text))) {
        const id = `${lang}/${ns}:${k}`;
        (known.get(id) ?? known.set(id, new Set()).get(id))!.add(k);
      }
    }
  }
  const has = (lang: string, ns: string, key: string, prefix: boolean) =>
    prefix
      ? [...known.keys()].some((id) => id.startsWith(`${lang}/${ns}:${key}`))
      : [key, `${key}_one`, `${key}_other`].some((k) => known.has(`${lang}/${ns}:${k}`));

  it('finds keys, namespaces and template prefixes', () => {
    const src = "const { t } = useTranslation('plots');\nt('a.b'); tr('events:row.seq', { n }); t(`titles.${id}`); t('common:none'); x.t('no');";
    expect(usedKeys(src).map((k) => `${k.ns}:${k.key}${k.prefix ? '*' : ''}`)).toEqual(['plots:a.b', 'events:row.seq', 'plots:titles.*', 'common:none']);
  });

  for (const file of sources(join(__dirname, '..'))) {
    const used = usedKeys(readFileSync(file, 'utf8'));
    if (used.length === 0) continue;
    it(`${relative(join(__dirname, '..'), file)}: every key it uses is in every language`, () => {
      const missing = langs.flatMap((lang) => used.filter((u) => !has(lang, u.ns, u.key, u.prefix)).map((u) => `${lang}/${u.ns}:${u.key}${u.prefix ? '…' : ''} (line ${u.line})`));
      expect(missing).toEqual([]);
    });
  }
});
