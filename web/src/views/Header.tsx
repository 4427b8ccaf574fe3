import { useTranslation } from 'react-i18next';
import { PageLinks } from '../lessons/PageLinks';
import { CopyLink } from './CopyLink';
import { LanguageSwitch } from './LanguageSwitch';
import { PresentToggle } from './PresentToggle';
import { ThemeToggle } from './ThemeToggle';
import { useServices } from './services';
import { ScenarioPicker } from './ScenarioPicker';

export function Header() {
  const { t } = useTranslation('common');
  return (
    <header className="app-header">
      <div className="brand">
        <svg viewBox="0 0 28 28" width="26" height="26" aria-hidden="true" className="brand-mark">
          <rect x="1" y="1" width="26" height="26" rx="7" fill="var(--accent)" />
          <path d="M6 17h6M14 11h8" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
          <path d="M19 8l3 3-3 3M9 14l-3 3 3 3" stroke="#fff" strokeWidth="1.8" fill="none" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <h1>{t('app.name')}</h1>
        <span className="tagline">{t('app.shortTagline')}</span>
      </div>
      <div className="header-actions">
        <PageLinks />
        <LanguageSwitch />
        <PresentToggle />
        <ThemeToggle />
        <HelpButton />
        <CopyLink />
        <ScenarioPicker />
      </div>
    </header>
  );
}

function HelpButton() {
  const { view } = useServices();
  const { t } = useTranslation('common');
  return (
    <button type="button" className="icon-button header-icon" aria-label={t('header.help')} title={t('header.helpTitle')} onClick={() => view.set({ help: true })} data-testid="help-button">
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
        <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
        <path d="M6.2 6.2a1.9 1.9 0 113 1.5c-.7.5-1.2.8-1.2 1.7" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
        <circle cx="8" cy="11.6" r="0.9" fill="currentColor" />
      </svg>
    </button>
  );
}
