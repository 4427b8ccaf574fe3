import './lessons.css';
import { useTranslation } from 'react-i18next';

/**
 * Links from the simulator to the lessons and paper mode, keeping the language:
 * in the header where it has room, and always at the top of the scenario picker.
 */
export function PageLinks({ place = 'header' }: { place?: 'header' | 'picker' }) {
  const { t, i18n } = useTranslation('lessons');
  const lang = `&lang=${i18n.language}`;
  return (
    <nav className={`page-links page-links-${place}`} aria-label={t('shell.pages')}>
      <a href={`?view=lessons${lang}`} data-testid={place === 'header' ? 'link-lessons' : 'picker-link-lessons'}>
        {t('shell.lessons')}
      </a>
      <a href={`?view=paper${lang}`} data-testid={place === 'header' ? 'link-paper' : 'picker-link-paper'}>
        {t('shell.paper')}
      </a>
    </nav>
  );
}
