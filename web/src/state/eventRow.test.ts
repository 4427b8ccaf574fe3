import { describe, expect, it } from 'vitest';
import type { Topology } from '../engine/protocol';
import { FLAG, PacketFate, PacketKind } from '../engine/traceColumns';
import { eventRowText, formatSackBlock, humanize } from './eventRow';
import type { MarkerEvent } from './events';
import { traceFixture } from './testing/traceFixture';

const topology: Topology = {
  nodes: [
    { id: 'a', kind: 'host', label: 'A' },
    { id: 'b', kind: 'host', label: 'B' },
  ],
  channels: [
    { name: 'links.l.forward', link: 'l', direction: 'forward', from: 0, to: 1, rate_bps: 1e6, delay_ms: 1, queue_limit: '50pkt' },
    { name: 'links.l.reverse', link: 'l', direction: 'reverse', from: 1, to: 0, rate_bps: 1e6, delay_ms: 1, queue_limit: '50pkt' },
  ],
  flows: [{ id: 'ftp', from: 0, to: 1, variant: 'reno', segment_bytes: 1040 }],
};

const trace = traceFixture([
  { enqueuedMs: 5, seq: 12, flags: FLAG.retransmission, fate: PacketFate.dropped },
  { enqueuedMs: 6, channel: 1, kind: PacketKind.ack, seq: 12, flags: FLAG.ece, sack: [[14, 16]] },
]);
const markers: MarkerEvent[] = [{ timeMs: 7, series: 'flows.ftp.fast_retransmit', quantity: 'fast_retransmit', flow: 0, value: 12 }];

describe('eventRowText', () => {
  it('describes a dropped retransmission', () => {
    expect(eventRowText({ type: 'record', index: 0 }, trace, topology, markers)).toEqual({
      timeMs: 5,
      flow: 'ftp',
      kind: 'Data',
      where: 'A \u2192 B',
      ends: { from: 'A', to: 'B' },
      info: 'seq 12 \u00b7 retransmission',
      outcome: 'dropped',
      tone: 'drop',
    });
  });
  it('describes an ACK with SACK and ECN-echo', () => {
    expect(eventRowText({ type: 'record', index: 1 }, trace, topology, markers)).toMatchObject({
      kind: 'ACK',
      where: 'B \u2192 A',
      info: 'ack 12 \u00b7 SACK 14\u201315 \u00b7 ECE',
      tone: 'ack',
    });
  });
  it('describes a TCP event', () => {
    expect(eventRowText({ type: 'marker', index: 0 }, trace, topology, markers)).toMatchObject({
      kind: 'Fast retransmit',
      where: 'flows.ftp',
      flow: 'ftp',
      info: 'seq 12',
      tone: 'tcp',
    });
    expect(humanize('spurious_timeout')).toBe('Spurious timeout');
    expect(formatSackBlock(7, 8)).toBe('7');
    expect(formatSackBlock(7, 10)).toBe('7\u20139');
  });
  it('is null for a row that does not exist', () => {
    expect(eventRowText({ type: 'record', index: 9 }, trace, topology, markers)).toBeNull();
    expect(eventRowText({ type: 'marker', index: 3 }, trace, topology, markers)).toBeNull();
  });
});
