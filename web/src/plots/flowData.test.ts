import { describe, expect, it } from 'vitest';
import type { Scenario, Topology } from '../generated/types';
import { FLAG, PacketFate, PacketKind } from '../engine/traceColumns';
import { traceFixture } from '../state/testing/traceFixture';
import { flowSizes, flowTrace } from './flowData';

const topology: Topology = {
  nodes: [
    { id: 's', kind: 'host', label: 's' },
    { id: 'r', kind: 'host', label: 'r' },
  ],
  channels: [
    { name: 'links.l.forward', link: 'l', direction: 'forward', from: 0, to: 1, rate_bps: 1e6, delay_ms: 10, queue_limit: '50pkt' },
    { name: 'links.l.reverse', link: 'l', direction: 'reverse', from: 1, to: 0, rate_bps: 1e6, delay_ms: 10, queue_limit: '50pkt' },
  ],
  flows: [{ id: 'ftp', from: 0, to: 1, variant: 'sack1', segment_bytes: 1040 }],
};
const scenario = {
  version: 1,
  id: 'x',
  title: 'x',
  duration: '1s',
  nodes: [],
  links: [],
  flows: [{ id: 'ftp', from: 's', to: 'r', tcp: { mss: '1000B', header: '40B', rwnd: '20KB' } }],
} satisfies Scenario;

describe('flowTrace', () => {
  const trace = traceFixture([
    { channel: 0, enqueuedMs: 0, txStartMs: 0, txEndMs: 8, seq: 0, size: 1040 },
    { channel: 0, enqueuedMs: 0, txStartMs: 8, txEndMs: 16, seq: 1, size: 1040, fate: PacketFate.corrupted },
    { channel: 0, enqueuedMs: 1, txStartMs: 16, txEndMs: 24, seq: 2, size: 1040 },
    { channel: 1, enqueuedMs: 18, txStartMs: 18, txEndMs: 19, seq: 1, size: 40, kind: PacketKind.ack },
    { channel: 1, enqueuedMs: 34, txStartMs: 34, txEndMs: 35, seq: 1, size: 48, kind: PacketKind.ack, sack: [[2, 3]] },
    { channel: 0, enqueuedMs: 50, txStartMs: 50, txEndMs: 58, seq: 1, size: 1040, flags: FLAG.retransmission },
  ]);

  it('separates new data, retransmissions, losses, ACKs, SACK blocks and the window', () => {
    const ft = flowTrace(trace, topology, scenario, 0);
    expect([...(ft?.sent.values ?? [])]).toEqual([0, 1, 2]);
    expect([...(ft?.retransmitted.timesMs ?? [])]).toEqual([50]);
    expect([...(ft?.lost.timesMs ?? [])]).toEqual([26]); // corrupted: marked on arrival
    expect([...(ft?.acks.timesMs ?? [])]).toEqual([29, 45]);
    expect([...(ft?.sack.values ?? [])]).toEqual([2]);
    expect([...(ft?.sack.ends ?? [])]).toEqual([3]);
    expect([...(ft?.window.values ?? [])]).toEqual([21, 21]);
    // Two segments and the retransmission reach the receiver: 1000 payload bytes each.
    expect([...(ft?.received.timesMs ?? [])]).toEqual([18, 34, 68]);
    expect([...(ft?.received.cumBytes ?? [])]).toEqual([1000, 2000, 3000]);
  });

  it('draws the window an ACK advertises when it advertises one (a proxy or M-TCP closing it)', () => {
    const advertised = traceFixture([
      { channel: 1, enqueuedMs: 0, txStartMs: 0, txEndMs: 1, seq: 4, size: 40, kind: PacketKind.ack, flags: FLAG.window, window: 0 },
      { channel: 1, enqueuedMs: 5, txStartMs: 5, txEndMs: 6, seq: 4, size: 40, kind: PacketKind.ack, flags: FLAG.window, window: 8 },
      { channel: 1, enqueuedMs: 9, txStartMs: 9, txEndMs: 10, seq: 5, size: 40, kind: PacketKind.ack },
    ]);
    expect([...(flowTrace(advertised, topology, scenario, 0)?.window.values ?? [])]).toEqual([4, 12, 25]);
  });

  it('caps the window without window scaling and counts timestamps in the header', () => {
    const s = { ...scenario, flows: [{ id: 'ftp', from: 's', to: 'r', tcp: { mss: '1460B', rwnd: '725KB', window_scaling: false, timestamps: true } }] };
    expect(flowSizes(s, 'ftp')).toEqual({ mss: 1460, header: 52, rwndSegments: 44 });
    expect(flowTrace(trace, topology, scenario, 5)).toBeNull();
  });
});
