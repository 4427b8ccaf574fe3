import { useTranslation } from 'react-i18next';
import { formatClock, formatCount } from '../format';
import { useRun, useServices } from './services';

/** Progress and cancel while the engine runs; the outcome afterwards. */
export function RunStatus() {
  const run = useRun();
  const { controller } = useServices();
  const pct = Math.round(run.progress * 100);
  const { t } = useTranslation('budget');
  return (
    <div className="run-status" data-testid="run-status" aria-live="polite">
      {run.status === 'running' && (
        <>
          <div className="progress-row">
            <progress max={1} value={run.progress} aria-label="Simulation progress">
              {pct}%
            </progress>
            <button type="button" className="button" onClick={() => controller.cancel()}>
              Cancel
            </button>
          </div>
          <p className="muted">
            Simulating… {pct}% ({formatClock(run.nowMs)} of {formatClock(run.endMs)})
          </p>
        </>
      )}
      {run.status === 'paused' && (
        <div className="notice notice-warning" role="status" data-testid="run-paused">
          <p>
            {run.pausedReason === 'wall'
              ? t('paused.wall', { seconds: Math.round((run.wallMs ?? 0) / 1000), now: formatClock(run.nowMs), end: formatClock(run.endMs) })
              : t('paused.events', { events: formatCount(run.events), now: formatClock(run.nowMs), end: formatClock(run.endMs) })}
          </p>
          <div className="progress-row">
            <button type="button" className="button" title={t('paused.continueTitle')} onClick={() => controller.continueRun()}>
              {t('paused.continue')}
            </button>
            <button type="button" className="button" onClick={() => controller.cancel()}>
              {t('paused.stop')}
            </button>
          </div>
        </div>
      )}
      {run.status === 'done' && (
        <p className="muted">
          {formatCount(run.events)} events simulated{run.wallMs !== null ? ` in ${Math.max(1, Math.round(run.wallMs))} ms` : ''} ·
          run <code title="Digest: equal for equal scenario, overrides and seed">{run.digest}</code>
        </p>
      )}
      {(run.status === 'cancelled' || run.status === 'error') && (
        <div className="progress-row">
          <p className="muted">{run.status === 'cancelled' ? `Run cancelled at ${pct}%.` : 'The run failed (see the message above).'}</p>
          <button type="button" className="button" onClick={() => controller.rerun()}>
            Run again
          </button>
        </div>
      )}
      {run.traceTruncatedAtMs !== null && (
        <p className="warning-text">
          This run is too large to keep whole: the animation stops at {formatClock(run.traceTruncatedAtMs)}
          {run.seriesTruncatedAtMs !== null ? `, the plots at ${formatClock(run.seriesTruncatedAtMs)}` : ''}.
        </p>
      )}
      {run.traceTruncatedAtMs === null && run.seriesTruncatedAtMs !== null && (
        <p className="warning-text">
          This run is too large to keep whole: the plots stop at {formatClock(run.seriesTruncatedAtMs)}.
        </p>
      )}
    </div>
  );
}
