import { useTranslation } from 'react-i18next';
import { useSyncExternalStore } from 'react';
import { formatClock } from '../format';
import { differenceLabel } from '../state/differenceLabel';
import { Segmented } from './controls/Segmented';
import { useApp, useServices, useView } from './services';

/** Turns compare mode on and off, says which run the settings edit, and lists run B's differences. */
export function ComparePanel() {
  const app = useApp();
  const { controller, view, storeB } = useServices();
  const { editing } = useView();
  const metaB = useSyncExternalStore(storeB.subscribe, storeB.getMeta);
  const compare = app.request.compare;
  const { t } = useTranslation('compare');
  if (compare === undefined) {
    return (
      <div className="compare" data-testid="compare">
        <p className="muted">{t('intro')}</p>
        <button type="button" className="button" onClick={() => controller.startCompare()} data-testid="compare-start">
          {t('start')}
        </button>
      </div>
    );
  }
  return (
    <div className="compare" data-testid="compare" data-b-state={metaB.status}>
      <div className="compare-row">
        <span className="knob-label">{t('target')}</span>
        <Segmented label={t('target')} selected={editing === 'A' ? 0 : 1} options={[{ label: 'A' }, { label: 'B' }]} onChange={(i) => view.set({ editing: i === 0 ? 'A' : 'B' })} testId="compare-target" />
      </div>
      <p className="knob-help">{t('help')}</p>
      {compare.length === 0 ? (
        <p className="muted compare-none">{t('none')}</p>
      ) : (
        <ul className="differences" aria-label={t('differences')}>
          {compare.map(([path, value]) => (
            <li key={path}>
              {/* The setting in words; the exact path stays at hand for a copy into a CLI. */}
              <span className="difference-text" title={path}>
                {differenceLabel(path, app.entry?.scenario?.knobs ?? [])}: <code>{value}</code>
              </span>
              <button type="button" className="icon-button" aria-label={t('removeNamed', { path })} title={t('common:remove')} onClick={() => controller.removeDifference(path)}>
                <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
                  <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="muted compare-status">
        {t('statusLabel')}{' '}
        {metaB.status === 'running'
          ? t('simulating', { pct: Math.round(metaB.progress * 100), now: formatClock(metaB.nowMs) })
          : metaB.status === 'done'
            ? t('done', { digest: metaB.digest ?? '' })
            : t(`status.${metaB.status}`)}
      </p>
      <button type="button" className="button" onClick={() => controller.stopCompare()} data-testid="compare-stop">
        {t('stop')}
      </button>
    </div>
  );
}
