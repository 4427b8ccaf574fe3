import { describe, expect, it } from 'vitest';
import { emptyColumns } from '../engine/traceColumns';
import { TraceColumns } from './trace';

function chunk(count: number, base: number) {
  const cols = emptyColumns(count);
  for (let i = 0; i < count; i++) {
    cols.enqueuedMs[i] = base + i;
    cols.txEndMs[i] = base + i + 5;
    cols.uid[i] = base + i;
    cols.sackLen[i] = 1;
    cols.sackBlocks[i * 6] = base + i;
    cols.sackBlocks[i * 6 + 1] = base + i + 2;
  }
  return { ...cols, count };
}

describe('TraceColumns', () => {
  it('appends every column, multi-value ones by record', () => {
    const t = new TraceColumns([100]);
    expect(t.append(chunk(3, 0))).toBe(3);
    expect(t.append(chunk(5, 10), 2)).toBe(2);
    const v = t.view();
    expect(v.count).toBe(5);
    expect([...v.uid]).toEqual([0, 1, 2, 10, 11]);
    expect(v.sackBlocks.length).toBe(30);
    expect([...v.sackBlocks.subarray(24, 26)]).toEqual([11, 13]);
    expect(v.maxLifeMs).toBe(105);
  });
});
