import { useTranslation } from 'react-i18next';
import { useServices, useView } from './services';

/** Present mode for a projector (also the key P and `present=1` in the link). */
export function PresentToggle() {
  const { view } = useServices();
  const { present } = useView();
  const { t } = useTranslation('common');
  return (
    <button
      type="button"
      className={`button present-toggle ${present ? 'is-on' : ''}`}
      aria-pressed={present}
      title={t(present ? 'layout.presentOffTitle' : 'layout.presentOnTitle')}
      onClick={() => view.set({ present: !present })}
      data-testid="present-toggle"
    >
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
        <rect x="1.5" y="2.5" width="13" height="8.5" rx="1" fill="none" stroke="currentColor" strokeWidth="1.4" />
        <path d="M8 11v2.5M5 14h6" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
      </svg>
      <span className="present-text">{t('layout.present')}</span>
    </button>
  );
}
