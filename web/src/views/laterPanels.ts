// The panels a cold load shows after the animation's first frame
// (AfterFirstFrame.tsx), each loaded with its code then: the entry bundle
// holds what the first frame needs (the shell, the header, the network and
// its playback controls) and is parsed and run sooner. A language switch or
// a lesson's step mounts them again from the loaded chunks, at once.
import { lazy, type ComponentType } from 'react';

/** A lazily loaded named export (React.lazy wants a default one). */
function later<M, K extends keyof M>(load: () => Promise<M>, name: K): ComponentType {
  return lazy(() => load().then((m) => ({ default: m[name] as ComponentType })));
}

export const HelpOverlay = later(() => import('./HelpOverlay'), 'HelpOverlay');
export const CustomEditor = later(() => import('./custom/CustomEditor'), 'CustomEditor');
export const ScenarioInfo = later(() => import('./ScenarioInfo'), 'ScenarioInfo');
export const KnobsPanel = later(() => import('./KnobsPanel'), 'KnobsPanel');
export const ComparePanel = later(() => import('./ComparePanel'), 'ComparePanel');
export const PlotsPanel = later(() => import('../plots/PlotsPanel'), 'PlotsPanel');
export const EventsPanel = later(() => import('./events/EventsPanel'), 'EventsPanel');
export const SummaryPanel = later(() => import('./ResultsPanels'), 'SummaryPanel');
export const CompareSection = later(() => import('./ResultsPanels'), 'CompareSection');
