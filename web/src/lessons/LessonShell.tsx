import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../i18n';

/** The frame of the lesson and paper pages: brand, links between the pages, the language. */
export function LessonShell({ children, wide }: { children: ReactNode; wide?: boolean }) {
  const { t, i18n } = useTranslation('lessons');
  const withLang = (lang: string) => {
    const q = new URLSearchParams(window.location.search);
    q.set('lang', lang);
    return `?${q.toString()}`;
  };
  const lang = i18n.language;
  return (
    <div className={`app lesson-shell${wide ? ' lesson-shell-wide' : ''}`}>
      <header className="app-header lesson-header">
        <a className="lesson-brand" href={`?lang=${lang}`}>
          {t('shell.brand')}
        </a>
        <nav className="lesson-header-links" aria-label={t('shell.pages')}>
          <a href={`?view=lessons&lang=${lang}`}>{t('shell.lessons')}</a>
          <a href={`?view=paper&lang=${lang}`}>{t('shell.paper')}</a>
          <a href={`?lang=${lang}`}>{t('shell.app')}</a>
        </nav>
        <nav className="lesson-langs" aria-label={t('shell.language')}>
          {LANGUAGES.map((l) => (
            <a key={l} href={withLang(l)} aria-current={l === lang ? 'true' : undefined} lang={l} title={t(`shell.languageName.${l}`)}>
              {t(`shell.languageShort.${l}`)}
            </a>
          ))}
        </nav>
      </header>
      <main className="lesson-main">{children}</main>
    </div>
  );
}
