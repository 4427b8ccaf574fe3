// The summary export: what was run (scenario, seed, overrides, link) and what
// came out, for run A and, in compare mode, run B.

import type { Summary } from '../generated/types';
import type { Override } from '../engine/protocol';
import { mergedSets } from './controller';
import type { UrlState } from './url';

export interface SummaryExport {
  format: 'ackscope-summary';
  version: 1;
  /** The link that reproduces this view. */
  url: string;
  scenario: string;
  seed: number | null;
  overrides: Record<string, string>;
  digest: string | null;
  summary: Summary | null;
  /** Run B of a comparison: A's overrides with these on top, the same seed. */
  compare: { differences: Record<string, string>; overrides: Record<string, string>; digest: string | null; summary: Summary | null } | null;
}

const record = (sets: readonly Override[]) => Object.fromEntries(sets);

export function summaryExport(
  url: string,
  request: UrlState,
  a: { summary: Summary | null; digest: string | null },
  b: { summary: Summary | null; digest: string | null } | null,
): SummaryExport {
  return {
    format: 'ackscope-summary',
    version: 1,
    url,
    scenario: request.scenario,
    seed: request.seed,
    overrides: record(request.sets),
    digest: a.digest,
    summary: a.summary,
    compare:
      request.compare !== undefined && b
        ? { differences: record(request.compare), overrides: record(mergedSets(request.sets, request.compare)), digest: b.digest, summary: b.summary }
        : null,
  };
}
