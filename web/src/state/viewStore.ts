// What the user is looking at, apart from the run itself: the flow the plots
// show, which plots are visible, the event open in the inspector and the event
// list's filter. Changes never re-run anything; the controller mirrors the
// URL-worthy parts into the URL.

import type { Language } from '../i18n';
import { NO_FILTER, type EventFilter, type EventRef } from './events';

export interface ViewState {
  /** Flow id the plots and the time-sequence graph show; null: the first flow. */
  flow: string | null;
  /** Visible plots in order; null: the default set. */
  plots: string[] | null;
  /** The event open in the packet inspector. */
  selected: EventRef | null;
  filter: EventFilter;
  /** In compare mode, which run the settings edit. */
  editing: 'A' | 'B';
  /** The keyboard help overlay is open. */
  help: boolean;
  /** The custom-scenario editor is open. */
  editor: boolean;
  /** Present mode (`present=1`): editing panes hidden, drawn text enlarged for the back row. */
  present: boolean;
  /** Outage bands and other shaded markers hidden from the plots (their legend entry switches them). */
  hideBands: boolean;
  /** The interface language chosen by `lang=` or the language switch; null: the browser's. */
  lang: Language | null;
}

export const INITIAL_VIEW: ViewState = { flow: null, plots: null, selected: null, filter: NO_FILTER, editing: 'A', help: false, editor: false, present: false, hideBands: false, lang: null };

export class ViewStore {
  private state: ViewState = INITIAL_VIEW;
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): ViewState => this.state;

  set(patch: Partial<ViewState>): void {
    const next = { ...this.state, ...patch };
    if ((Object.keys(patch) as (keyof ViewState)[]).every((k) => Object.is(next[k], this.state[k]))) return;
    this.state = next;
    for (const l of [...this.listeners]) l();
  }
}
