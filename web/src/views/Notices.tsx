import { useTranslation } from 'react-i18next';
import { useApp, useServices } from './services';

/** Problems with the URL, refused overrides and failed runs; each dismissible. */
export function Notices() {
  const { notices } = useApp();
  const { controller } = useServices();
  const { t } = useTranslation('common');
  if (notices.length === 0) return null;
  return (
    <div className="notices" aria-label={t('notices.region')}>
      {notices.length > 2 && (
        <div className="notices-head">
          <strong>{t('notices.count', { count: notices.length })}</strong>
          <button type="button" className="button button-small" onClick={() => controller.dismissAll()}>
            {t('notices.dismissAll')}
          </button>
        </div>
      )}
      {notices.map((n) => (
        <div key={n.key} className={`notice notice-${n.level}`} role={n.level === 'error' ? 'alert' : 'status'} data-notice={n.key}>
          <div className="notice-body">
            <strong className="notice-title">{n.title}</strong>
            {n.lines.map((line, i) => (
              <p key={i}>{line}</p>
            ))}
          </div>
          <button
            type="button"
            className="icon-button"
            aria-label={t('notices.dismissNamed', { title: n.title })}
            title={t('notices.dismiss')}
            onClick={() => controller.dismiss(n.key)}
          >
            <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
              <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      ))}
    </div>
  );
}
