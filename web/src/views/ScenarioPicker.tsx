import { useTranslation } from 'react-i18next';
import { PageLinks } from '../lessons/PageLinks';
import { formatFieldError } from '../engine/protocol';
import type { Scenario } from '../generated/types';
import { groupLabel, title } from '../state/catalog';
import { openEditor, resumeEditor } from './custom/openEditor';
import { useApp, useServices } from './services';
import { usePopover } from './controls/usePopover';

/**
 * A button showing the current scenario that opens a list of all scenarios,
 * grouped by paper, with their descriptions.
 */
export function ScenarioPicker() {
  const { groups, entry, phase, resolution, catalogComplete } = useApp();
  const services = useServices();
  const { controller } = services;
  // The current scenario takes the focus so arrow/tab navigation starts there.
  const { open, setOpen, rootRef, buttonRef, listId } = usePopover('[aria-current="true"], .scenario-option');

  const current = entry?.scenario;
  const { t } = useTranslation('controls');
  return (
    <div className="scenario-picker" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="picker-button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-label={t('picker.button', { title: current?.title ?? t('picker.loadingName') })}
        disabled={phase !== 'ready'}
        onClick={() => setOpen((o) => !o)}
        data-testid="scenario-picker"
      >
        <span className="picker-label">{t('picker.label')}</span>
        <span className="picker-value">{current?.title ?? (phase === 'loading' ? t('picker.loading') : t('picker.none'))}</span>
        <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
          <path d="M2 4l4 4 4-4" stroke="currentColor" strokeWidth="1.6" fill="none" strokeLinecap="round" />
        </svg>
      </button>
      {open && (
        <div className="picker-popover" id={listId} role="dialog" aria-label={t('picker.list')}>
          <PageLinks place="picker" />
          {!catalogComplete && (
            <p className="picker-pending muted" role="status" data-testid="picker-pending">
              {t('picker.pending')}
            </p>
          )}
          {groups.map((g) => (
            <section key={g.key} className="picker-group" aria-label={groupLabel(g.key)}>
              <h2>{groupLabel(g.key)}</h2>
              <ul>
                {g.entries.map((e) => {
                  const s = e.scenario;
                  const isCurrent = s !== null && s.id === current?.id;
                  return (
                    <li key={e.file}>
                      <button
                        type="button"
                        className="scenario-option"
                        data-scenario={s?.id}
                        aria-current={isCurrent}
                        disabled={!s}
                        onClick={() => {
                          if (!s) return;
                          setOpen(false);
                          controller.selectScenario(s.id);
                        }}
                      >
                        <span className="option-title">{title(e)}</span>
                        {s?.paper && <span className="option-paper">{s.paper.reproduces}</span>}
                        {s?.description && <span className="option-description">{s.description}</span>}
                        {s && knobsToTry(s).length > 0 && (
                          <span className="option-knobs">
                            {t('picker.try', { knobs: knobsToTry(s).join(' · ') })}
                          </span>
                        )}
                        {!s && (
                          <span className="option-error">{t('picker.cannotLoad', { errors: e.errors.map(formatFieldError).join('; ') })}</span>
                        )}
                      </button>
                    </li>
                  );
                })}
              </ul>
            </section>
          ))}
          <section className="picker-group" aria-label={t('picker.custom')}>
            <h2>{t('picker.custom')}</h2>
            <ul>
              <li>
                <button
                  type="button"
                  className="scenario-option"
                  onClick={() => {
                    setOpen(false);
                    // A draft not yet run is picked up again: nothing typed is lost.
                    resumeEditor(services, null);
                  }}
                  data-testid="new-custom"
                >
                  <span className="option-title">{t('picker.newCustom')}</span>
                  <span className="option-description">{t('picker.newCustomHelp')}</span>
                </button>
              </li>
              {current && (
                <li>
                  <button
                    type="button"
                    className="scenario-option"
                    onClick={() => {
                      setOpen(false);
                      openEditor(services, resolution?.scenario ?? current);
                    }}
                    data-testid="edit-as-custom"
                  >
                    <span className="option-title">{t('picker.editAsCustom', { title: current.title })}</span>
                    <span className="option-description">{t('picker.editAsCustomHelp')}</span>
                  </button>
                </li>
              )}
            </ul>
          </section>
        </div>
      )}
    </div>
  );
}

/** The knobs a scenario offers, prominent ones first: what its description suggests trying. */
function knobsToTry(s: Scenario): string[] {
  const knobs = [...(s.knobs ?? [])].sort((a, b) => Number(b.prominent ?? false) - Number(a.prominent ?? false));
  return knobs.slice(0, 4).map((k) => k.label);
}
