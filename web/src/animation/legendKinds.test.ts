import { describe, expect, it } from 'vitest';
import { FLAG, PacketFate, PacketKind } from '../engine/traceColumns';
import { legendKinds } from './legendKinds';

function trace(rows: { kind: number; flags?: number; fate?: number }[]) {
  return {
    count: rows.length,
    kind: (i: number) => rows[i]?.kind ?? 0,
    flags: (i: number) => rows[i]?.flags ?? 0,
    fate: (i: number) => rows[i]?.fate ?? PacketFate.delivered,
  };
}

describe('legendKinds', () => {
  it('lists only what a loss-free bulk run shows: data, ACKs and queues', () => {
    const kinds = legendKinds(trace([{ kind: PacketKind.data }, { kind: PacketKind.ack }]), true, false);
    expect([...kinds].sort()).toEqual(['ack', 'data', 'queue']);
  });

  it('adds retransmissions, ECN, drops, corruptions and outages when the run has them', () => {
    const kinds = legendKinds(
      trace([
        { kind: PacketKind.data, flags: FLAG.retransmission },
        { kind: PacketKind.data, flags: FLAG.ce, fate: PacketFate.dropped },
        { kind: PacketKind.ack, fate: PacketFate.corrupted },
        { kind: PacketKind.datagram, flags: FLAG.fragmented },
      ]),
      true,
      true,
    );
    for (const k of ['retransmission', 'ecn', 'drop', 'corrupt', 'down', 'datagram', 'fragmented'] as const) expect(kinds.has(k)).toBe(true);
    expect(kinds.has('spoofed')).toBe(false);
    expect(kinds.has('localRetransmission')).toBe(false);
  });

  it('shows nothing but queues before a trace exists', () => {
    expect([...legendKinds(null, true, false)]).toEqual(['queue']);
  });
});
