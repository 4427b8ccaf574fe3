// The long-lived objects views talk to, provided once at the root.

import { createContext, useContext, useSyncExternalStore } from 'react';
import type { AppController, AppSnapshot } from '../state/controller';
import type { DraftStore } from '../state/draftStore';
import type { ThemeName, ThemeStore } from '../themeStore';
import type { EventsModel } from '../state/eventsModel';
import type { RunMeta, RunStore } from '../state/runStore';
import type { ViewState, ViewStore } from '../state/viewStore';
import type { Playback, PlaybackSnapshot } from '../playback/playback';
import type { TimeRange, TimeWindow } from '../plots/timeWindow';

export interface Services {
  controller: AppController;
  store: RunStore;
  /** Run B of a comparison (idle when not comparing). */
  storeB: RunStore;
  playback: Playback;
  view: ViewStore;
  window: TimeWindow;
  events: EventsModel;
  /** The custom-scenario editor's draft. */
  drafts: DraftStore;
  theme: ThemeStore;
}

export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const s = useContext(ServicesContext);
  if (!s) throw new Error('ServicesContext is missing');
  return s;
}

export function useApp(): AppSnapshot {
  const { controller } = useServices();
  return useSyncExternalStore(controller.subscribe, controller.getSnapshot);
}

export function useRun(): RunMeta {
  const { store } = useServices();
  return useSyncExternalStore(store.subscribe, store.getMeta);
}

export function usePlayback(): PlaybackSnapshot {
  const { playback } = useServices();
  return useSyncExternalStore(playback.subscribe, playback.getSnapshot);
}

export function useView(): ViewState {
  const { view } = useServices();
  return useSyncExternalStore(view.subscribe, view.getSnapshot);
}

export function useTimeWindow(): TimeRange {
  const { window } = useServices();
  return useSyncExternalStore(window.subscribe, window.getSnapshot);
}

/** The theme in use; canvases list it among their effects' dependencies to redraw on a change. */
export function useThemeName(): ThemeName {
  const { theme } = useServices();
  return useSyncExternalStore(theme.subscribe, theme.getSnapshot);
}
