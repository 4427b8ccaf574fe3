import { useTranslation } from 'react-i18next';
import { useServices, useThemeName } from './services';

/** Light or dark; the choice is kept in this browser. */
export function ThemeToggle() {
  const { theme } = useServices();
  const name = useThemeName();
  const { t } = useTranslation('common');
  const dark = name === 'dark';
  return (
    <button
      type="button"
      className="icon-button header-icon"
      aria-label={t('header.darkTheme')}
      aria-pressed={dark}
      title={dark ? t('header.toLight') : t('header.toDark')}
      onClick={() => theme.toggle()}
      data-testid="theme-toggle"
    >
      {dark ? (
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
          <circle cx="8" cy="8" r="3.2" fill="currentColor" />
          <path d="M8 1.5v1.8M8 12.7v1.8M1.5 8h1.8M12.7 8h1.8M3.4 3.4l1.3 1.3M11.3 11.3l1.3 1.3M3.4 12.6l1.3-1.3M11.3 4.7l1.3-1.3" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
        </svg>
      ) : (
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
          <path d="M13.5 9.5A5.5 5.5 0 016.5 2.5a5.5 5.5 0 107 7z" fill="currentColor" />
        </svg>
      )}
    </button>
  );
}
