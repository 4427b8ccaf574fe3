// The run a cold load will ask for, read from the URL by the entry script
// before the app's code has loaded: the engine worker starts it at once and
// holds its results until the app asks for the same run (host.ts: prestart).
// Only the plain case: a shipped scenario with at most a seed. Overrides,
// custom scenarios, lessons and paper mode wait for the app (the URL's
// problems are the app's to report).

import type { RunBudget } from './budget';
import { DEFAULT_SCENARIO, parseSeed } from '../state/runParams';

export interface EarlyRunMessage {
  type: 'earlyRun';
  /** A scenario id (its path under scenarios/, without .toml). */
  scenario: string;
  seed: number | null;
  budget: RunBudget | null;
}

/**
 * Asks the worker to make a number format and a plural rule of the page's
 * locale. The first Intl object of a renderer process loads its ICU data
 * (16 to 300 ms measured in headless Chromium on a busy machine); made in the
 * worker, that load is off the main thread, and the app's first format on the
 * main thread then takes well under a millisecond (the data is per process).
 */
export interface WarmIntlMessage {
  type: 'warmIntl';
  /** A BCP 47 tag, e.g. en-US. */
  locale: string;
}

/** Parameters that change run A, or pages other than the app: no early run with these. */
const NOT_PLAIN = ['set', 'cs', 'lesson', 'lessonUrl'];

export function earlyRunOf(search: string, budget: RunBudget | null): EarlyRunMessage | null {
  const q = new URLSearchParams(search);
  if (NOT_PLAIN.some((k) => q.has(k))) return null;
  const view = q.get('view');
  if (view === 'lessons' || view === 'paper') return null;
  const s = q.getAll('s');
  const seeds = q.getAll('seed');
  if (s.length > 1 || seeds.length > 1) return null;
  const scenario = s[0] ?? DEFAULT_SCENARIO;
  if (!/^[A-Za-z0-9_-]+\/[A-Za-z0-9_.-]+$/.test(scenario)) return null;
  return { type: 'earlyRun', scenario, seed: seeds[0] === undefined ? null : parseSeed(seeds[0]), budget };
}
