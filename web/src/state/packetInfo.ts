// What the packet inspector shows about one trace record: a pure function of
// the trace, the topology and the cursor time.

import type { Topology } from '../engine/protocol';
import { t as tr } from '../i18n';
import { FLAG, fateOf, flagNames, PacketKind, type FateName as TraceFateName, type FlagName } from '../engine/traceColumns';
import { lowerBoundBy } from './search';
import { sackBlock, tsEcrOf, type TraceView } from './trace';

export type KindName = 'data' | 'ACK' | 'datagram';
/** A record's fate; `filtered`: removed from its queue by ACK filtering. */
export type FateName = TraceFateName | 'unknown';

export interface Hop {
  index: number;
  channel: string;
  from: string;
  to: string;
  enqueuedMs: number;
  fate: FateName;
}

export interface PacketDetails {
  index: number;
  uid: number;
  flow: string;
  kind: KindName;
  /** Data: segment number; ACK: null. */
  seq: number | null;
  /** ACK: cumulative ACK (next segment expected); data: null. */
  ack: number | null;
  sizeBytes: number;
  flags: FlagName[];
  ecn: { ect: boolean; ce: boolean; ece: boolean; cwr: boolean };
  /** [start, end) in segments. */
  sack: [number, number][];
  /** When the sending agent emitted it (the TSval when timestamps are on). */
  createdMs: number;
  /** The echoed timestamp, null when the option is off. */
  tsEcrMs: number | null;
  /** ACK: the receive window it advertises in segments; null when it advertises none. */
  windowSegments: number | null;
  channel: string;
  from: string;
  to: string;
  enqueuedMs: number;
  txStartMs: number;
  txEndMs: number;
  /** When its last bit reaches `to` (null when refused by the queue). */
  arrivalMs: number | null;
  fate: FateName;
  queueingMs: number;
  transmissionMs: number;
  /** One-way delay from its sender up to the cursor, while the packet is still on this channel; else to its arrival or drop. */
  oneWayDelayMs: number;
  /** Where the one-way delay is measured to. */
  oneWayAt: 'cursor' | 'arrival' | 'drop';
  /** Every channel this packet crossed (the same uid), in order. */
  hops: Hop[];
}

const KINDS: Record<number, KindName> = { [PacketKind.data]: 'data', [PacketKind.ack]: 'ACK', [PacketKind.datagram]: 'datagram' };

export function kindName(kind: number): KindName {
  return KINDS[kind] ?? 'data';
}

export function fateName(fate: number): FateName {
  return fateOf(fate);
}

/** The node labels at both ends of a channel. */
export function channelEnds(topology: Topology | null, channel: number): { name: string; from: string; to: string } {
  const c = topology?.channels[channel];
  if (!c) return { name: tr('events:inspector.channel', { n: channel }), from: '?', to: '?' };
  const label = (i: number) => topology?.nodes[i]?.label ?? String(i);
  return { name: c.name, from: label(c.from), to: label(c.to) };
}

export function packetDetails(trace: TraceView, topology: Topology | null, index: number, cursorMs: number): PacketDetails | null {
  if (index < 0 || index >= trace.count) return null;
  const at = (column: (i: number) => number, i = index) => column(i);
  const channel = at(trace.channel);
  const kind = kindName(at(trace.kind));
  const flags = at(trace.flags);
  const fate = fateName(at(trace.fate));
  const delay = topology?.channels[channel]?.delay_ms ?? 0;
  const enqueuedMs = at(trace.enqueuedMs);
  const txStartMs = at(trace.txStartMs);
  const txEndMs = at(trace.txEndMs);
  const createdMs = at(trace.createdMs);
  // Refused by the queue or removed from it (ACK filtering): it never arrives.
  const neverSent = fate === 'dropped' || fate === 'filtered';
  const arrivalMs = neverSent ? null : txEndMs + delay;
  const sackLen = Math.min(3, at(trace.sackLen));
  const sack: [number, number][] = [];
  for (let k = 0; k < sackLen; k++) sack.push(sackBlock(trace, index, k));
  const tsEcr = tsEcrOf(trace, index);
  const ends = channelEnds(topology, channel);
  const seq = at(trace.seq);

  // One-way delay so far: to the cursor while the packet is on this channel,
  // else to where its passage over the channel ended.
  let oneWayAt: PacketDetails['oneWayAt'];
  let end: number;
  if (arrivalMs === null) {
    oneWayAt = 'drop';
    // A filtered ACK waited in the queue until a newer one replaced it.
    end = fate === 'filtered' ? txStartMs : enqueuedMs;
  } else if (cursorMs >= enqueuedMs && cursorMs < arrivalMs) {
    oneWayAt = 'cursor';
    end = cursorMs;
  } else {
    oneWayAt = 'arrival';
    end = arrivalMs;
  }

  return {
    index,
    uid: at(trace.uid),
    flow: topology?.flows[at(trace.flow)]?.id ?? String(at(trace.flow)),
    kind,
    seq: kind === 'ACK' ? null : seq,
    ack: kind === 'ACK' ? seq : null,
    sizeBytes: at(trace.size),
    flags: flagNames(flags),
    ecn: {
      ect: (flags & FLAG.ect) !== 0,
      ce: (flags & FLAG.ce) !== 0,
      ece: (flags & FLAG.ece) !== 0,
      cwr: (flags & FLAG.cwr) !== 0,
    },
    sack,
    createdMs,
    tsEcrMs: tsEcr > 0 ? tsEcr : null,
    windowSegments: flags & FLAG.window ? at(trace.window) : null,
    channel: ends.name,
    from: ends.from,
    to: ends.to,
    enqueuedMs,
    txStartMs,
    txEndMs,
    arrivalMs,
    fate,
    queueingMs: fate === 'dropped' ? 0 : txStartMs - enqueuedMs,
    transmissionMs: neverSent ? 0 : txEndMs - txStartMs,
    oneWayDelayMs: end - createdMs,
    oneWayAt,
    hops: hopsOf(trace, topology, index),
  };
}

/**
 * Records of the same packet (same uid). A packet's hops are enqueued between
 * its creation and the creation plus one lifetime per channel, so the scan is
 * bounded by that window of the enqueue-ordered trace.
 */
export function hopsOf(trace: TraceView, topology: Topology | null, index: number): Hop[] {
  const uid = trace.uid(index);
  const created = trace.createdMs(index) ?? 0;
  const channels = Math.max(1, topology?.channels.length ?? 1);
  const horizon = created + channels * Math.max(trace.maxLifeMs, 1) + 1;
  const hops: Hop[] = [];
  for (let i = lowerBoundBy(trace.enqueuedMs, trace.count, created); i < trace.count; i++) {
    const enq = trace.enqueuedMs(i) ?? 0;
    if (enq > horizon) break;
    if (trace.uid(i) !== uid) continue;
    const ends = channelEnds(topology, trace.channel(i) ?? 0);
    hops.push({ index: i, channel: ends.name, from: ends.from, to: ends.to, enqueuedMs: enq, fate: fateName(trace.fate(i) ?? 0) });
  }
  return hops;
}
