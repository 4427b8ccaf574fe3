// The interface's languages and how a page picks one. No dependencies: the
// entry script (boot.ts) reads the language before the app's code has loaded.

export const LANGUAGES = ['en', 'ko'] as const;
export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: string | null | undefined): value is Language {
  return value !== null && value !== undefined && (LANGUAGES as readonly string[]).includes(value);
}

/** `lang=` from the query string when it names a catalog, else the first browser language we have. */
export function pickLanguage(search: string, preferred: readonly string[]): Language {
  const fromUrl = new URLSearchParams(search).get('lang');
  if (isLanguage(fromUrl)) return fromUrl;
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

/** The BCP 47 locale of Intl number formats in a language. */
export function numberLocaleOf(language: Language): string {
  return language === 'ko' ? 'ko-KR' : 'en-US';
}
