// What the views read of the app's state (AppController's snapshot), and its
// value before the catalogue has loaded.

import type { KnobOptionValues, PresetValues, Resolution } from '../engine/protocol';
import type { CatalogEntry, CatalogGroup } from './catalog';
import type { Notice } from './notices';
import { DEFAULT_SCENARIO, type UrlState } from './url';

export interface AppSnapshot {
  phase: 'loading' | 'ready' | 'failed';
  entries: CatalogEntry[];
  /** False while only the URL's scenario is in `entries` (the rest load after run A's first data). */
  catalogComplete: boolean;
  groups: CatalogGroup[];
  /** What the URL asks for (canonical); `sets` includes refused overrides, kept as typed. */
  request: UrlState;
  entry: CatalogEntry | null;
  resolution: Resolution | null;
  knobOptions: KnobOptionValues[] | null;
  presetValues: PresetValues[] | null;
  /** Run B's resolution (A's overrides with B's on top), in compare mode. */
  resolutionB: Resolution | null;
  notices: Notice[];
}

export function initialSnapshot(): AppSnapshot {
  return {
    phase: 'loading',
    entries: [],
    catalogComplete: false,
    groups: [],
    request: { scenario: DEFAULT_SCENARIO, seed: null, sets: [], t: 0 },
    entry: null,
    resolution: null,
    knobOptions: null,
    presetValues: null,
    resolutionB: null,
    notices: [],
  };
}
