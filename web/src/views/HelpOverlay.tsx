import { useTranslation } from 'react-i18next';
import { useEffect, useId, useRef } from 'react';
import { SHORTCUTS } from './shortcuts';
import { useServices, useView } from './services';

/** Catalog keys of the mouse gestures (help:gestures.<key> and <key>Does). */
const GESTURES = ['click', 'wheel', 'shiftDrag', 'doubleClick', 'event', 'filter'] as const;

/** Keyboard shortcuts and mouse gestures, opened with ? or the header button. */
export function HelpOverlay() {
  const { view } = useServices();
  const { help } = useView();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { t } = useTranslation('help');
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (help && !d.open) d.showModal();
    if (!help && d.open) d.close();
  }, [help]);
  return (
    <dialog ref={ref} className="help-overlay" aria-labelledby={titleId} onClose={() => view.set({ help: false })} data-testid="help">
      <header className="editor-header">
        <h2 id={titleId}>{t('title')}</h2>
        <button type="button" className="icon-button" aria-label={t('close')} onClick={() => view.set({ help: false })}>
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
            <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </button>
      </header>
      <div className="help-body">
        <table className="help-table">
          <caption className="visually-hidden">{t('keys')}</caption>
          <tbody>
            {SHORTCUTS.map((s) => (
              <tr key={s.keys[0]}>
                <th scope="row">
                  <kbd>{s.label}</kbd>
                </th>
                <td>{s.does}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table className="help-table">
          <caption className="visually-hidden">{t('mouse')}</caption>
          <tbody>
            {GESTURES.map((g) => (
              <tr key={g}>
                <th scope="row">{t(`gestures.${g}`)}</th>
                <td>{t(`gestures.${g}Does`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="muted">{t('footer')}</p>
      </div>
    </dialog>
  );
}
