import { describe, expect, it } from 'vitest';
import { emptyColumns } from '../engine/traceColumns';
import { sackBlock, TraceColumns, tsEcrOf } from './trace';

function chunk(count: number, base: number) {
  const cols = emptyColumns(count);
  for (let i = 0; i < count; i++) {
    cols.enqueuedMs[i] = base + i;
    cols.txEndMs[i] = base + i + 5;
    cols.uid[i] = base + i;
    // Every other record carries a SACK block; every third echoes a timestamp.
    if (i % 2 === 0) {
      cols.sackLen[i] = 1;
      cols.sackBlocks[i * 6] = base + i;
      cols.sackBlocks[i * 6 + 1] = base + i + 2;
    }
    if (i % 3 === 0) cols.tsEcrMs[i] = base + i + 0.5;
  }
  return { ...cols, count };
}

describe('TraceColumns', () => {
  it('appends every column, multi-value ones by record, sparse ones only where present', () => {
    const t = new TraceColumns([100]);
    expect(t.append(chunk(3, 0))).toBe(3);
    expect(t.append(chunk(5, 10), 2)).toBe(2);
    const v = t.view();
    expect(v.count).toBe(5);
    expect(Array.from({ length: v.count }, (_, i) => v.uid(i))).toEqual([0, 1, 2, 10, 11]);
    // Records 0 and 2 of the first chunk, 10 of the second (11 has none).
    expect([...v.extras.sackAt]).toEqual([0, 2, 3]);
    expect(v.extras.sackBlocks.length).toBe(18);
    expect(sackBlock(v, 3, 0)).toEqual([10, 12]);
    expect(sackBlock(v, 4, 0)).toEqual([0, 0]);
    expect(sackBlock(v, 2, 1)).toEqual([0, 0]);
    expect(Array.from({ length: v.count }, (_, i) => v.tsEcrMs(i))).toEqual([0.5, 0, 0, 10.5, 0]);
    expect(tsEcrOf(v, 3)).toBe(10.5);
    expect(tsEcrOf(v, 1)).toBe(0);
    expect(v.maxLifeMs).toBe(105);
  });
});
