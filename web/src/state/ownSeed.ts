// A run's check without a trip to the engine, in the common case: the app runs
// every scenario with an explicit seed override, and when the URL gives none
// that seed is the scenario's own (defaults filled in), which changes nothing
// but the list of accepted overrides. On a cold load the trip cost 40-100 ms
// of the first frame (the answer waited behind React's renders); ownSeed.test.ts
// checks the shortcut against the engine for every shipped scenario.

import type { Override, Resolution } from '../engine/protocol';

/** The check of `overrides` when they only set the seed `plain` (the check without overrides) already has; null otherwise. */
export function withOwnSeed(plain: Resolution | undefined, overrides: readonly Override[]): Resolution | null {
  if (!plain?.ok || !plain.scenario || overrides.length !== 1) return null;
  const [path, value] = overrides[0]!;
  const seed = plain.scenario.seed;
  if (path !== 'seed' || typeof seed !== 'number' || !Number.isSafeInteger(seed) || value !== String(seed)) return null;
  return { ...plain, accepted: [[path, value]] };
}
