import { describe, expect, it } from 'vitest';
import type { Topology } from '../engine/protocol';
import { FLAG, PacketFate, PacketKind } from '../engine/traceColumns';
import { hopsOf, packetDetails } from './packetInfo';
import { traceFixture } from './testing/traceFixture';

const topology: Topology = {
  nodes: [
    { id: 's', kind: 'host', label: 'Sender' },
    { id: 'r', kind: 'router', label: 'Router' },
    { id: 'd', kind: 'host', label: 'Receiver' },
  ],
  channels: [
    { name: 'links.a.forward', link: 'a', direction: 'forward', from: 0, to: 1, rate_bps: 1e6, delay_ms: 10, queue_limit: '50pkt' },
    { name: 'links.b.forward', link: 'b', direction: 'forward', from: 1, to: 2, rate_bps: 1e6, delay_ms: 100, queue_limit: '50pkt' },
    { name: 'links.b.reverse', link: 'b', direction: 'reverse', from: 2, to: 1, rate_bps: 1e6, delay_ms: 100, queue_limit: '50pkt' },
  ],
  flows: [{ id: 'ftp', from: 0, to: 2, variant: 'reno', segment_bytes: 1040 }],
};

// Segment 7 crosses a then b; an ACK with SACK blocks and ECN-echo comes back; segment 8 is dropped.
const trace = traceFixture(
  [
    { uid: 1, channel: 0, enqueuedMs: 0, txStartMs: 0, txEndMs: 8, createdMs: 0, seq: 7, size: 1040, flags: FLAG.ect | FLAG.retransmission },
    { uid: 2, channel: 0, enqueuedMs: 1, txStartMs: 8, txEndMs: 16, createdMs: 1, seq: 8, size: 1040 },
    { uid: 1, channel: 1, enqueuedMs: 18, txStartMs: 20, txEndMs: 28, createdMs: 0, seq: 7, size: 1040, flags: FLAG.ect | FLAG.ce | FLAG.retransmission },
    { uid: 2, channel: 1, enqueuedMs: 26, txStartMs: 26, txEndMs: 26, createdMs: 1, seq: 8, size: 1040, fate: PacketFate.dropped },
    {
      uid: 3,
      channel: 2,
      enqueuedMs: 130,
      txStartMs: 130,
      txEndMs: 131,
      createdMs: 128,
      seq: 7,
      size: 40,
      kind: PacketKind.ack,
      flags: FLAG.ece,
      sack: [
        [9, 12],
        [14, 15],
      ],
      tsEcrMs: 0.5,
    },
  ],
  [10, 100, 100],
);

describe('packetDetails', () => {
  it('describes a data segment in flight, with its one-way delay so far', () => {
    const d = packetDetails(trace, topology, 2, 50);
    expect(d).toMatchObject({
      uid: 1,
      flow: 'ftp',
      kind: 'data',
      seq: 7,
      ack: null,
      channel: 'links.b.forward',
      from: 'Router',
      to: 'Receiver',
      queueingMs: 2,
      transmissionMs: 8,
      arrivalMs: 128,
      fate: 'delivered',
      oneWayAt: 'cursor',
      oneWayDelayMs: 50,
      tsEcrMs: null,
    });
    expect(d?.flags).toEqual(['retransmission', 'ect', 'ce']);
    expect(d?.ecn).toEqual({ ect: true, ce: true, ece: false, cwr: false });
    expect(d?.hops.map((h) => h.channel)).toEqual(['links.a.forward', 'links.b.forward']);
  });

  it('measures to the arrival once the packet has left the channel', () => {
    expect(packetDetails(trace, topology, 2, 500)).toMatchObject({ oneWayAt: 'arrival', oneWayDelayMs: 128 });
  });

  it('describes a drop', () => {
    expect(packetDetails(trace, topology, 3, 500)).toMatchObject({ fate: 'dropped', arrivalMs: null, oneWayAt: 'drop', oneWayDelayMs: 25 });
  });

  it('describes an ACK with SACK blocks, ECN-echo and an echoed timestamp', () => {
    const d = packetDetails(trace, topology, 4, 0);
    expect(d).toMatchObject({ kind: 'ACK', ack: 7, seq: null, sack: [[9, 12], [14, 15]], tsEcrMs: 0.5, from: 'Receiver', to: 'Router' });
    expect(d?.ecn.ece).toBe(true);
  });

  it('shows an ACK removed by ACK filtering as filtered, never arriving', () => {
    // Fate 3 is the engine's Fate::Filtered: queued at 130, replaced by a newer ACK at 134.
    const filtered = traceFixture(
      [{ uid: 9, channel: 2, enqueuedMs: 130, txStartMs: 134, txEndMs: 134, createdMs: 129, seq: 7, size: 40, kind: PacketKind.ack, fate: 3 }],
      [10, 100, 100],
    );
    expect(packetDetails(filtered, topology, 0, 200)).toMatchObject({
      fate: 'filtered',
      arrivalMs: null,
      oneWayAt: 'drop',
      oneWayDelayMs: 5,
      queueingMs: 4,
      transmissionMs: 0,
    });
    expect(PacketFate.filtered).toBe(3);
  });

  it('is null outside the trace', () => {
    expect(packetDetails(trace, topology, 5, 0)).toBeNull();
    expect(packetDetails(trace, topology, -1, 0)).toBeNull();
  });

  it('finds every hop of a packet', () => {
    expect(hopsOf(trace, topology, 1).map((h) => [h.index, h.fate])).toEqual([
      [1, 'delivered'],
      [3, 'dropped'],
    ]);
  });
});
