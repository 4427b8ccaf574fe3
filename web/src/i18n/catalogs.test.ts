import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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
