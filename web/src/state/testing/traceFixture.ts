// Test helper: a TraceView built from a few hand-written records. Columns not
// given are zero; `uid` defaults to the record index.

import { emptyColumns, TRACE_COLUMN_NAMES, TRACE_COLUMNS, type TraceColumnName } from '../../engine/traceColumns';
import { arrayTraceView, type TraceView } from '../trace';

export type FixtureRecord = Partial<Record<Exclude<TraceColumnName, 'sackBlocks'>, number>> & {
  /** Up to three [start, end) blocks; sackLen follows unless given. */
  sack?: [number, number][];
};

export function traceFixture(records: readonly FixtureRecord[], delayMs: readonly number[] = []): TraceView {
  const n = records.length;
  const cols = emptyColumns(n);
  records.forEach((r, i) => {
    for (const name of TRACE_COLUMN_NAMES) {
      if (TRACE_COLUMNS[name].per !== 1 || name === 'sackBlocks') continue;
      const v = r[name as Exclude<TraceColumnName, 'sackBlocks'>];
      if (v !== undefined) cols[name][i] = v;
    }
    if (r.uid === undefined) cols.uid[i] = i;
    const sack = r.sack ?? [];
    sack.slice(0, 3).forEach(([start, end], k) => {
      cols.sackBlocks[i * 6 + 2 * k] = start;
      cols.sackBlocks[i * 6 + 2 * k + 1] = end;
    });
    if (r.sackLen === undefined) cols.sackLen[i] = Math.min(3, sack.length);
  });
  let maxLifeMs = 0;
  for (let i = 0; i < n; i++) {
    const life = (cols.txEndMs[i] ?? 0) + (delayMs[cols.channel[i] ?? 0] ?? 0) - (cols.enqueuedMs[i] ?? 0);
    maxLifeMs = Math.max(maxLifeMs, life);
  }
  return arrayTraceView(cols, n, maxLifeMs);
}
