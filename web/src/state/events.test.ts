import { describe, expect, it } from 'vitest';
import { FLAG, PacketFate, PacketKind } from '../engine/traceColumns';
import { ALL_CATEGORIES, CATEGORY, EventList, markerEvents, NO_FILTER, recordCategories } from './events';
import type { SeriesQuantity } from '../generated/types';
import type { SeriesView } from './runStore';
import { traceFixture } from './testing/traceFixture';

const trace = traceFixture([
  { enqueuedMs: 0, flow: 0 },
  { enqueuedMs: 10, flow: 1, kind: PacketKind.ack },
  { enqueuedMs: 10, flow: 0, fate: PacketFate.dropped },
  { enqueuedMs: 20, flow: 0, flags: FLAG.retransmission | FLAG.localRetransmission },
  { enqueuedMs: 30, flow: 1, flags: FLAG.ce },
]);

function marker(name: string, owner: string, times: number[]): SeriesView {
  const quantity = (name.split('.').at(-1) ?? name) as SeriesQuantity;
  return {
    id: 0,
    info: { name, owner, quantity, unit: 'seq', style: 'marker' },
    timesMs: Float64Array.from(times),
    values: Float64Array.from(times, (_, i) => i),
  };
}

const markers = markerEvents(
  [marker('flows.a.timeout', 'flows.a', [20, 5]), marker('links.l.forward.outage', 'links.l.forward', [10])],
  (owner) => (owner === 'flows.a' ? 0 : -1),
);

describe('events', () => {
  it('gives each record its categories', () => {
    expect(recordCategories(trace, 0)).toBe(CATEGORY.data);
    expect(recordCategories(trace, 1)).toBe(CATEGORY.ack);
    expect(recordCategories(trace, 2)).toBe(CATEGORY.data | CATEGORY.drop);
    expect(recordCategories(trace, 3)).toBe(CATEGORY.data | CATEGORY.retransmission | CATEGORY.middlebox);
    expect(recordCategories(trace, 4)).toBe(CATEGORY.data | CATEGORY.ecn);
  });

  it('merges markers in time order, before packets at the same time', () => {
    expect(markers.map((m) => [m.timeMs, m.quantity, m.flow])).toEqual([
      [5, 'timeout', 0],
      [10, 'outage', -1],
      [20, 'timeout', 0],
    ]);
    const list = new EventList(trace, markers, NO_FILTER);
    expect(list.length).toBe(8);
    const refs = Array.from({ length: list.length }, (_, p) => list.ref(p));
    expect(refs.map((r) => (r?.type === 'marker' ? `m${r.index}` : `r${r?.index}`))).toEqual(['r0', 'm0', 'm1', 'r1', 'r2', 'm2', 'r3', 'r4']);
    expect(Array.from({ length: list.length }, (_, p) => list.time(p))).toEqual([0, 5, 10, 10, 10, 20, 20, 30]);
    // Every row finds itself.
    for (let p = 0; p < list.length; p++) {
      const ref = list.ref(p);
      if (ref) expect(list.positionOf(ref)).toBe(p);
    }
    expect(list.ref(8)).toBeNull();
  });

  it('filters by category and flow; link markers show for every flow', () => {
    const drops = new EventList(trace, markers, { categories: CATEGORY.drop, flow: null });
    expect(drops.length).toBe(1);
    expect(drops.ref(0)).toEqual({ type: 'record', index: 2 });
    expect(drops.positionOf({ type: 'record', index: 3 })).toBe(-1);
    const flow1 = new EventList(trace, markers, { categories: ALL_CATEGORIES, flow: 1 });
    expect(Array.from({ length: flow1.length }, (_, p) => flow1.ref(p))).toEqual([
      { type: 'marker', index: 1 },
      { type: 'record', index: 1 },
      { type: 'record', index: 4 },
    ]);
    expect(flow1.currentAt(10)).toBe(1);
    expect(flow1.step(1, 10, { type: 'marker', index: 1 })).toBe(1);
    expect(flow1.positionOf({ type: 'record', index: 4 })).toBe(2);
  });

  it('finds the current event and steps through events that share a time', () => {
    const list = new EventList(trace, markers, NO_FILTER);
    expect(list.currentAt(-1)).toBe(-1);
    expect(list.currentAt(10)).toBe(4);
    expect(list.currentAt(12)).toBe(4);
    // From a cursor with nothing selected: the first event after it.
    expect(list.step(1, 7, null)).toBe(2);
    // With the selected event at the cursor: the next one at the same time.
    expect(list.step(1, 10, { type: 'marker', index: 1 })).toBe(3);
    expect(list.step(1, 10, { type: 'record', index: 1 })).toBe(4);
    expect(list.step(-1, 10, { type: 'record', index: 1 })).toBe(2);
    // A selection elsewhere is ignored: step from the cursor.
    expect(list.step(-1, 10, { type: 'record', index: 4 })).toBe(1);
    expect(list.step(1, 30, null)).toBe(-1);
    expect(list.step(-1, 0, null)).toBe(-1);
    expect(list.positionOf({ type: 'record', index: 3 })).toBe(6);
  });

  it('is empty without a trace', () => {
    const list = new EventList(null, [], NO_FILTER);
    expect(list.length).toBe(0);
    expect(list.step(1, 0, null)).toBe(-1);
  });
});
