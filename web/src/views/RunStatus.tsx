import { useTranslation } from 'react-i18next';
import { formatClock, formatCount } from '../format';
import { useRun, useServices } from './services';

/** Progress and cancel while the engine runs; the outcome afterwards. */
export function RunStatus() {
  const run = useRun();
  const { controller } = useServices();
  const pct = Math.round(run.progress * 100);
  const { t } = useTranslation('controls');
  return (
    <div className="run-status" data-testid="run-status" aria-live="polite">
      {run.status === 'running' && (
        <>
          <div className="progress-row">
            <progress max={1} value={run.progress} aria-label={t('run.progress')}>
              {pct}%
            </progress>
            <button type="button" className="button" onClick={() => controller.cancel()}>
              {t('common:cancel')}
            </button>
          </div>
          <p className="muted">
            {t('run.simulating', { pct, now: formatClock(run.nowMs), end: formatClock(run.endMs) })}
          </p>
        </>
      )}
      {run.status === 'paused' && (
        <div className="notice notice-warning" role="status" data-testid="run-paused">
          <p>
            {run.pausedReason === 'wall'
              ? t('budget:paused.wall', { seconds: Math.round((run.wallMs ?? 0) / 1000), now: formatClock(run.nowMs), end: formatClock(run.endMs) })
              : t('budget:paused.events', { events: formatCount(run.events), now: formatClock(run.nowMs), end: formatClock(run.endMs) })}
          </p>
          <div className="progress-row">
            <button type="button" className="button" title={t('budget:paused.continueTitle')} onClick={() => controller.continueRun()}>
              {t('budget:paused.continue')}
            </button>
            <button type="button" className="button" onClick={() => controller.cancel()}>
              {t('budget:paused.stop')}
            </button>
          </div>
        </div>
      )}
      {run.status === 'done' && (
        <p className="muted">
          {t('run.done', { count: run.events, events: formatCount(run.events) })}
          {run.wallMs !== null ? t('run.wall', { ms: formatCount(Math.max(1, Math.round(run.wallMs))) }) : ''} · {t('run.run')}{' '}
          <code title={t('run.digest')}>{run.digest}</code>
        </p>
      )}
      {(run.status === 'cancelled' || run.status === 'error') && (
        <div className="progress-row">
          <p className="muted">{run.status === 'cancelled' ? t('run.cancelled', { pct }) : t('run.failed')}</p>
          <button type="button" className="button" onClick={() => controller.rerun()}>
            {t('run.again')}
          </button>
        </div>
      )}
      {run.traceTruncatedAtMs !== null && (
        <p className="warning-text">
          {run.seriesTruncatedAtMs !== null
            ? t('run.tooLargeBoth', { trace: formatClock(run.traceTruncatedAtMs), series: formatClock(run.seriesTruncatedAtMs) })
            : t('run.tooLargeTrace', { trace: formatClock(run.traceTruncatedAtMs) })}
        </p>
      )}
      {run.traceTruncatedAtMs === null && run.seriesTruncatedAtMs !== null && (
        <p className="warning-text">{t('run.tooLargeSeries', { series: formatClock(run.seriesTruncatedAtMs) })}</p>
      )}
    </div>
  );
}
