import { describe, expect, it } from 'vitest';
import type { TraceView } from '../state/trace';
import { traceFixture } from '../state/testing/traceFixture';
import { fadeSimMs, lanePosition, lowerBound, packetsAt } from './packets';

interface Rec {
  enq: number;
  start: number;
  end: number;
  channel?: number;
  kind?: number;
  flags?: number;
  fate?: number;
}

function trace(recs: Rec[], delays: number[]): TraceView {
  return traceFixture(
    recs.map((r, i) => ({
      enqueuedMs: r.enq,
      txStartMs: r.start,
      txEndMs: r.end,
      seq: i,
      size: 1040,
      channel: r.channel ?? 0,
      kind: r.kind ?? 0,
      flags: r.flags ?? 0,
      fate: r.fate ?? 0,
    })),
    delays,
  );
}

describe('lanePosition', () => {
  // 10 ms of serialization, 100 ms of propagation.
  it('moves the head from txStart and the tail from txEnd', () => {
    expect(lanePosition(0, 10, 100, -1)).toBeNull();
    expect(lanePosition(0, 10, 100, 0)).toEqual({ head: 0, tail: 0 });
    expect(lanePosition(0, 10, 100, 5)).toEqual({ head: 0.05, tail: 0 });
    expect(lanePosition(0, 10, 100, 10)).toEqual({ head: 0.1, tail: 0 });
    expect(lanePosition(0, 10, 100, 60)).toEqual({ head: 0.6, tail: 0.5 });
    // The head has arrived; the tail is still travelling.
    expect(lanePosition(0, 10, 100, 105)).toEqual({ head: 1, tail: 0.95 });
    // The last bit arrives at txEnd + delay: gone.
    expect(lanePosition(0, 10, 100, 110)).toBeNull();
  });

  it('spans the whole lane when the packet is longer than the link', () => {
    // 10.4 ms of serialization over a 0.1 ms link.
    const mid = lanePosition(0, 10.4, 0.1, 5);
    expect(mid).toEqual({ head: 1, tail: 0 });
  });

  it('handles a zero-delay link', () => {
    expect(lanePosition(0, 10, 0, 5)).toEqual({ head: 1, tail: 0 });
    expect(lanePosition(0, 10, 0, 10)).toBeNull();
  });
});

describe('lowerBound', () => {
  it('finds the first index at or after t', () => {
    const times = Float64Array.of(0, 1, 1, 2, 5);
    expect(lowerBound(times, 5, -1)).toBe(0);
    expect(lowerBound(times, 5, 1)).toBe(1);
    expect(lowerBound(times, 5, 1.5)).toBe(3);
    expect(lowerBound(times, 5, 9)).toBe(5);
  });
});

describe('packetsAt', () => {
  const delays = [100, 100];
  // Three data packets arrive together at channel 0's queue; one is dropped; an ACK on channel 1.
  const t = trace(
    [
      { enq: 0, start: 0, end: 10 },
      { enq: 0, start: 10, end: 20, flags: 1 },
      { enq: 0, start: 20, end: 30, fate: 2 },
      { enq: 5, start: 5, end: 5, fate: 1 },
      { enq: 50, start: 50, end: 51, channel: 1, kind: 1 },
    ],
    delays,
  );

  it('puts waiting packets in the queue behind the one in transmission', () => {
    const f = packetsAt(t, delays, 5, 100);
    expect(f.queues[0]?.map((q) => [q.index, q.transmitting])).toEqual([
      [0, true],
      [1, false],
      [2, false],
    ]);
    expect(f.queues[0]?.[1]?.retransmission).toBe(true);
    expect(f.wire.map((w) => w.index)).toEqual([0]);
  });

  it('removes a packet from the queue once serialized', () => {
    const f = packetsAt(t, delays, 15, 100);
    expect(f.queues[0]?.map((q) => q.index)).toEqual([1, 2]);
    const first = f.wire.find((w) => w.index === 0);
    expect(first?.head).toBeCloseTo(0.15);
    expect(first?.tail).toBeCloseTo(0.05);
  });

  it('marks a queue drop where and when it happens, fading out', () => {
    expect(packetsAt(t, delays, 4, 100).drops).toEqual([]);
    const at = packetsAt(t, delays, 5, 100).drops;
    expect(at).toEqual([{ index: 3, channel: 0, ack: false, atMs: 5, opacity: 1 }]);
    expect(packetsAt(t, delays, 55, 100).drops[0]?.opacity).toBeCloseTo(0.5);
    expect(packetsAt(t, delays, 105, 100).drops).toEqual([]);
    // A dropped packet is never queued or on the wire.
    const f = packetsAt(t, delays, 5, 100);
    expect(f.queues[0]?.some((q) => q.index === 3)).toBe(false);
    expect(f.wire.some((w) => w.index === 3)).toBe(false);
  });

  it('flies a corrupted packet and marks it on arrival', () => {
    const flying = packetsAt(t, delays, 60, 100);
    expect(flying.wire.find((w) => w.index === 2)?.corrupted).toBe(true);
    expect(flying.corruptions).toEqual([]);
    const arrived = packetsAt(t, delays, 130, 100);
    expect(arrived.wire.some((w) => w.index === 2)).toBe(false);
    expect(arrived.corruptions).toEqual([{ index: 2, channel: 0, ack: false, atMs: 130, opacity: 1 }]);
  });

  it('tells ACKs from data', () => {
    const f = packetsAt(t, delays, 50.5, 100);
    const ack = f.wire.find((w) => w.channel === 1);
    expect(ack?.ack).toBe(true);
    expect(f.queues[1]?.[0]).toMatchObject({ ack: true, transmitting: true });
  });

  it('shows nothing long after the last packet', () => {
    const f = packetsAt(t, delays, 10_000, 100);
    expect(f.wire).toEqual([]);
    expect(f.queues.every((q) => q.length === 0)).toBe(true);
    expect(f.drops).toEqual([]);
    expect(f.corruptions).toEqual([]);
  });
});

describe('fadeSimMs', () => {
  it('scales with speed and is capped', () => {
    expect(fadeSimMs(0.1)).toBeCloseTo(120);
    expect(fadeSimMs(100)).toBe(5000);
  });
});

describe('aggregation', () => {
  // 500 data packets spread over a 100 ms lane, one starting every 0.2 ms; 10 ACKs on the other lane.
  const recs: Rec[] = [];
  for (let i = 0; i < 500; i++) recs.push({ enq: i * 0.2, start: i * 0.2, end: i * 0.2 + 0.1 });
  for (let i = 0; i < 10; i++) recs.push({ enq: 100 + i, start: 100 + i, end: 100.5 + i, channel: 1, kind: 1 });
  recs.sort((a, b) => a.enq - b.enq);
  const delays = [100, 100];
  const t = trace(recs, delays);

  it('draws packets one by one while a lane has room', () => {
    const f = packetsAt(t, delays, 105, 0, [1000, 1000]);
    expect(f.density).toEqual([]);
    expect(f.wire.length).toBe(f.count);
  });

  it('turns a crowded lane into a density and keeps the others', () => {
    const f = packetsAt(t, delays, 105, 0, [100, 100]);
    expect(f.density.map((d) => d.channel)).toEqual([0]);
    const d = f.density[0];
    // Packets enqueued in (5, 100) ms are still on lane 0 at 105 ms.
    expect(d?.count).toBeGreaterThan(450);
    expect(d?.data.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(d?.count ?? 0);
    expect(d?.acks.every((v) => v === 0)).toBe(true);
    // Lane 1's ACKs are still single packets.
    expect(f.wire.every((w) => w.channel === 1 && w.ack)).toBe(true);
    expect(f.count).toBe((d?.count ?? 0) + f.wire.length);
  });
});

describe('loss markers from the loss index', () => {
  it('finds the same fading drops and corruptions as a scan of the whole trace, far behind what is in flight', () => {
    // One packet per ms on channel 0 (10 ms delay); every 7th dropped, every 11th corrupted.
    const recs: Rec[] = Array.from({ length: 3000 }, (_, i) => ({
      enq: i,
      start: i,
      end: i + 0.5,
      fate: i % 7 === 0 ? 1 : i % 11 === 0 ? 2 : 0,
    }));
    const scanned = trace(recs, [10]);
    const indexed: TraceView = { ...scanned, losses: Uint32Array.from(recs.flatMap((r, i) => (r.fate ? [i] : []))) };
    const fade = fadeSimMs(4);
    for (const t of [100, 1500, 2999]) {
      const a = packetsAt(scanned, [10], t, fade);
      const b = packetsAt(indexed, [10], t, fade);
      expect(b.drops).toEqual(a.drops);
      expect(b.corruptions).toEqual(a.corruptions);
      expect(b.wire).toEqual(a.wire);
      // Markers reach back the whole fade (seconds of trace), not just what is in flight.
      if (t === 2999) expect(b.drops[0]?.atMs).toBeLessThan(t - 2000);
    }
  });
});
