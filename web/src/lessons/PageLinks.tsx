import './lessons.css';
import { useTranslation } from 'react-i18next';

/** Links from the simulator's header to the lessons and paper mode, keeping the language. */
export function PageLinks() {
  const { t, i18n } = useTranslation('lessons');
  const lang = `&lang=${i18n.language}`;
  return (
    <nav className="page-links" aria-label={t('shell.pages')}>
      <a href={`?view=lessons${lang}`} data-testid="link-lessons">
        {t('shell.lessons')}
      </a>
      <a href={`?view=paper${lang}`} data-testid="link-paper">
        {t('shell.paper')}
      </a>
    </nav>
  );
}
