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
  if (compare === undefined) {
    return (
      <div className="compare" data-testid="compare">
        <p className="muted">Run the same scenario and seed a second time with some settings changed, and see both in every plot.</p>
        <button type="button" className="button" onClick={() => controller.startCompare()} data-testid="compare-start">
          Compare A with B
        </button>
      </div>
    );
  }
  return (
    <div className="compare" data-testid="compare" data-b-state={metaB.status}>
      <div className="compare-row">
        <span className="knob-label">Settings edit run</span>
        <Segmented label="Settings edit run" selected={editing === 'A' ? 0 : 1} options={[{ label: 'A' }, { label: 'B' }]} onChange={(i) => view.set({ editing: i === 0 ? 'A' : 'B' })} testId="compare-target" />
      </div>
      <p className="knob-help">Run B is run A with these changes, and the same seed (solid lines: A, dashed: B).</p>
      {compare.length === 0 ? (
        <p className="muted compare-none">No differences yet: with B selected, change a setting.</p>
      ) : (
        <ul className="differences" aria-label="Run B's differences">
          {compare.map(([path, value]) => (
            <li key={path}>
              {/* The setting in words; the exact path stays at hand for a copy into a CLI. */}
              <span className="difference-text" title={path}>
                {differenceLabel(path, app.entry?.scenario?.knobs ?? [])}: <code>{value}</code>
              </span>
              <button type="button" className="icon-button" aria-label={`Remove ${path} from run B`} title="Remove" onClick={() => controller.removeDifference(path)}>
                <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
                  <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="muted compare-status">
        Run B:{' '}
        {metaB.status === 'running'
          ? `simulating… ${Math.round(metaB.progress * 100)}% (${formatClock(metaB.nowMs)})`
          : metaB.status === 'done'
            ? `done · run ${metaB.digest ?? ''}`
            : metaB.status}
      </p>
      <button type="button" className="button" onClick={() => controller.stopCompare()} data-testid="compare-stop">
        Stop comparing
      </button>
    </div>
  );
}
