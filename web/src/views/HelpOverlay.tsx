import { useEffect, useId, useRef } from 'react';
import { SHORTCUTS } from './shortcuts';
import { useServices, useView } from './services';

const GESTURES: [string, string][] = [
  ['Click or drag a plot', 'Move the time cursor (every plot, the animation and the event list follow)'],
  ['Mouse wheel over a plot', 'Zoom the time axis of every plot around the pointer'],
  ['Shift-drag a plot', 'Pan while zoomed'],
  ['Double-click a plot', 'Show the whole run again'],
  ['Click an event', 'Move the cursor to it and open it in the packet inspector'],
  ['Double-click an event filter', 'Show only that kind of event'],
];

/** Keyboard shortcuts and mouse gestures, opened with ? or the header button. */
export function HelpOverlay() {
  const { view } = useServices();
  const { help } = useView();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (help && !d.open) d.showModal();
    if (!help && d.open) d.close();
  }, [help]);
  return (
    <dialog ref={ref} className="help-overlay" aria-labelledby={titleId} onClose={() => view.set({ help: false })} data-testid="help">
      <header className="editor-header">
        <h2 id={titleId}>Keyboard shortcuts</h2>
        <button type="button" className="icon-button" aria-label="Close the help" onClick={() => view.set({ help: false })}>
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
            <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </button>
      </header>
      <div className="help-body">
        <table className="help-table">
          <caption className="visually-hidden">Keys</caption>
          <tbody>
            {SHORTCUTS.map((s) => (
              <tr key={s.label}>
                <th scope="row">
                  <kbd>{s.label}</kbd>
                </th>
                <td>{s.does}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table className="help-table">
          <caption className="visually-hidden">Mouse</caption>
          <tbody>
            {GESTURES.map(([g, d]) => (
              <tr key={g}>
                <th scope="row">{g}</th>
                <td>{d}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="muted">Keys work anywhere outside a text field. The link in the address bar always holds the whole view.</p>
      </div>
    </dialog>
  );
}
