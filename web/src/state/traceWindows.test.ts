import { describe, expect, it } from 'vitest';
import { emptyColumns, type TraceChunk } from '../engine/traceColumns';
import { LEAD_MS, PREFETCH_MS, TraceWindows, WINDOW_MS } from './traceWindows';

/** A chunk with one record every 10 ms in [from, to]. */
function chunkOf(from: number, to: number): TraceChunk {
  const n = Math.floor((to - from) / 10) + 1;
  const c = { ...emptyColumns(n), count: n };
  for (let i = 0; i < n; i++) {
    c.enqueuedMs[i] = from + i * 10;
    c.txStartMs[i] = from + i * 10;
    c.txEndMs[i] = from + i * 10 + 1;
  }
  return c;
}

function fakeSource() {
  const asked: [number, number][] = [];
  const resolvers: (() => void)[] = [];
  const source = (from: number, to: number) =>
    new Promise<TraceChunk | null>((resolve) => {
      asked.push([from, to]);
      resolvers.push(() => resolve(chunkOf(from, to)));
    });
  return { asked, source, resolveAll: async () => {
    for (const r of resolvers.splice(0)) r();
    await new Promise((r) => setTimeout(r, 0));
  } };
}

describe('TraceWindows', () => {
  it('asks for the window around the playhead once, then draws it', async () => {
    const s = fakeSource();
    const w = new TraceWindows(s.source, [0]);
    expect(w.viewAt(30_000)).toBeNull();
    expect(w.viewAt(30_010)).toBeNull();
    expect(s.asked).toEqual([[30_000 - LEAD_MS, 30_000 + WINDOW_MS]]);
    await s.resolveAll();
    const view = w.viewAt(30_100);
    expect(view?.count).toBeGreaterThan(0);
    expect(view?.enqueuedMs(0)).toBe(30_000 - LEAD_MS);
    expect(s.asked).toHaveLength(1);
  });

  it('asks for the next window before the playhead reaches the end of this one, and keeps drawing meanwhile', async () => {
    const s = fakeSource();
    const w = new TraceWindows(s.source, [0]);
    w.viewAt(30_000);
    await s.resolveAll();
    const late = 30_000 + WINDOW_MS - PREFETCH_MS + 100;
    expect(w.viewAt(late)).not.toBeNull();
    expect(s.asked).toHaveLength(2);
    await s.resolveAll();
    // The new window covers well past the old one's end.
    expect(w.viewAt(30_000 + WINDOW_MS + 500)).not.toBeNull();
  });

  it('a seek far away asks for that window instead', async () => {
    const s = fakeSource();
    const w = new TraceWindows(s.source, [0]);
    w.viewAt(30_000);
    await s.resolveAll();
    expect(w.viewAt(90_000)).toBeNull();
    expect(s.asked.at(-1)).toEqual([90_000 - LEAD_MS, 90_000 + WINDOW_MS]);
  });
});
