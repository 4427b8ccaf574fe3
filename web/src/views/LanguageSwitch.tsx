import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../i18n';
import { useServices } from './services';

/**
 * English or Korean. The choice goes into the view (and so the URL, as lang=);
 * the page follows it without losing anything else.
 */
export function LanguageSwitch() {
  const { view } = useServices();
  const { t, i18n } = useTranslation('common');
  return (
    <div className="language-switch" role="group" aria-label={t('header.language')} data-testid="language-switch">
      {LANGUAGES.map((lang) => (
        <button
          key={lang}
          type="button"
          className="language-option"
          lang={lang}
          title={t(`language.${lang}Name`)}
          aria-pressed={i18n.language === lang}
          onClick={() => view.set({ lang })}
          data-lang={lang}
        >
          {t(`language.${lang}`)}
        </button>
      ))}
    </div>
  );
}
