// The packed trace reads back exactly what was appended, however it was
// chunked: times that are integer ns (the engine's) and times that are not,
// offsets that fit and offsets that go to the side tables.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyColumns, type TraceChunk } from '../engine/traceColumns';
import {
  arrayTraceView,
  RECORD_COLUMN_NAMES,
  sackBlock,
  TraceColumns,
  tsEcrOf,
} from './trace';

/** A time in ms: mostly integer ns (near or far from the last), sometimes any double. */
const timeMs = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.integer({ min: 0, max: 5_000_000 }).map((ns) => ns / 1e6),
  },
  {
    weight: 3,
    arbitrary: fc
      .bigInt({ min: 0n, max: 2n ** 52n })
      .map((ns) => Number(ns) / 1e6),
  },
  { weight: 1, arbitrary: fc.double({ min: -1e9, max: 1e9, noNaN: true }) },
);

const record = fc.record({
  enqueuedMs: timeMs,
  txStartMs: timeMs,
  txEndMs: timeMs,
  createdMs: timeMs,
  uid: fc.nat({ max: 2 ** 32 - 1 }),
  seq: fc.nat({ max: 2 ** 32 - 1 }),
  size: fc.oneof(
    fc.integer({ min: 40, max: 1500 }),
    fc.nat({ max: 2 ** 32 - 1 }),
  ),
  channel: fc.oneof(fc.nat({ max: 8 }), fc.nat({ max: 65535 })),
  flow: fc.oneof(fc.nat({ max: 8 }), fc.nat({ max: 65535 })),
  kind: fc.nat({ max: 15 }),
  flags: fc.nat({ max: 65535 }),
  fate: fc.nat({ max: 15 }),
  sack: fc.array(
    fc.tuple(fc.nat({ max: 2 ** 32 - 1 }), fc.nat({ max: 2 ** 32 - 1 })),
    { maxLength: 3 },
  ),
  tsEcrMs: fc.oneof(fc.constant(0), timeMs),
  window: fc.oneof(fc.constant(0), fc.nat({ max: 65535 })),
});
type Rec = typeof record extends fc.Arbitrary<infer R> ? R : never;

function columnsOf(recs: readonly Rec[]): TraceChunk {
  const cols = emptyColumns(recs.length);
  recs.forEach((r, i) => {
    const { sack, ...scalars } = r;
    for (const [name, value] of Object.entries(scalars))
      (cols[name as keyof typeof scalars] as { [i: number]: number })[i] =
        value;
    cols.sackLen[i] = sack.length;
    sack.forEach(([a, b], k) => {
      cols.sackBlocks[i * 6 + 2 * k] = a;
      cols.sackBlocks[i * 6 + 2 * k + 1] = b;
    });
  });
  return { ...cols, count: recs.length };
}

describe('packed TraceColumns', () => {
  const sameRecords = (minLength: number, maxLength: number) =>
    fc.property(
      fc.array(record, { minLength, maxLength }),
      fc.array(fc.nat({ max: 900 }), { maxLength: 6 }),
      (recs, cuts) => {
        const all = columnsOf(recs);
        const packed = new TraceColumns([0]);
        // Append in pieces, as the engine's drains arrive.
        let from = 0;
        for (const cut of [...cuts, recs.length]) {
          const to = Math.min(recs.length, from + cut);
          if (cut === recs.length || to > from)
            packed.append(columnsOf(recs.slice(from, to)));
          from = to;
        }
        packed.trim();
        const got = packed.view();
        const want = arrayTraceView(all, recs.length, 0);
        expect(got.count).toBe(recs.length);
        for (let i = 0; i < recs.length; i++) {
          for (const name of RECORD_COLUMN_NAMES) {
            if (!Object.is(got[name](i), want[name](i)))
              expect([i, name, got[name](i)]).toEqual([i, name, want[name](i)]);
          }
          for (let k = 0; k < 3; k++)
            expect(sackBlock(got, i, k)).toEqual(sackBlock(want, i, k));
          expect(tsEcrOf(got, i)).toBe(tsEcrOf(want, i));
        }
      },
    );

  it('returns exactly the records it was given', () => {
    fc.assert(sameRecords(0, 60), { numRuns: 200 });
  });

  it('does so across blocks of the enqueue column (1024 records each)', () => {
    // No shrinking: a counterexample of a thousand records shrinks slowly, and the small case above shrinks well.
    fc.assert(sameRecords(1000, 2600), { numRuns: 6, endOnFailure: true });
  });
});
