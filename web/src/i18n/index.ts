/**
 * The interface's message catalogs (i18next). One JSON file per namespace and
 * language under locales/<lang>/<namespace>.json, bundled at build time, so the
 * app needs no request to show text and works offline. The language follows
 * `lang=` in the URL, then the browser's preferred languages, then English.
 */
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLanguage, numberLocaleOf, type Language } from './language';

export { isLanguage, LANGUAGES, pickLanguage, type Language } from './language';

export const DEFAULT_NAMESPACE = 'common';

const files = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { import: 'default', eager: true });

/** `{ en: { common: {...}, lessons: {...} }, ko: {...} }` from the bundled files. */
export function catalogs(): Record<string, Record<string, Record<string, unknown>>> {
  const out: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [path, messages] of Object.entries(files)) {
    const match = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, lang, namespace] = match as unknown as [string, string, string];
    (out[lang] ??= {})[namespace] = messages;
  }
  return out;
}

/** Initialises the shared instance (synchronously: resources are bundled). */
export function initI18n(language: Language): i18n {
  const resources = catalogs();
  void i18next.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'en',
    ns: Object.keys(resources.en ?? {}),
    defaultNS: DEFAULT_NAMESPACE,
    interpolation: { escapeValue: false }, // React escapes
    // The defaults, said explicitly: i18next then skips its check of every key
    // for natural-language text (a regular expression per call, a fifth of the
    // first render's translation time). Our keys are all `ns:a.b` paths.
    keySeparator: '.',
    nsSeparator: ':',
    returnNull: false,
    initAsync: false,
  });
  applyToDocument(language);
  return i18next;
}

/** The page's lang attribute (screen readers, fonts, line breaking) and its description follow the language. */
function applyToDocument(language: Language): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.querySelector('meta[name="description"]')?.setAttribute('content', i18next.t('common:app.tagline'));
}

/** The language the interface shows. */
export function currentLanguage(): Language {
  const lang = i18next.language;
  return isLanguage(lang) ? lang : 'en';
}

/** Switches the interface language (components using useTranslation re-render). */
export function setLanguage(language: Language): void {
  if (i18next.language !== language) void i18next.changeLanguage(language);
  applyToDocument(language);
}

/**
 * Text outside React (state, plots, canvas). Call it when the text is shown,
 * never at module load, so it follows the current language.
 */
export function t(key: string, options?: Record<string, unknown>): string {
  return i18next.t(key, options as never) as unknown as string;
}

/** The BCP 47 locale for Intl formatting in the current language. */
export function numberLocale(): string {
  return numberLocaleOf(currentLanguage());
}

export { i18next };
