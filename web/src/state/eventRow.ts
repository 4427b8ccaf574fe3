// One row of the event list as text: a pure function of the trace, so the
// list renders only the rows in view and tests read the same words.

import type { Topology } from '../engine/protocol';
import { FLAG, fateOf, PacketFate, PacketKind } from '../engine/traceColumns';
import { t as tr } from '../i18n';
import type { EventRef, MarkerEvent } from './events';
import { channelEnds } from './packetInfo';
import { sackBlock, type TraceView } from './trace';

export type RowTone = 'data' | 'ack' | 'datagram' | 'retx' | 'drop' | 'corrupt' | 'tcp' | 'middlebox';

export interface EventRowText {
  timeMs: number;
  flow: string;
  /** Short kind, e.g. "Data", "ACK", "Timeout". */
  kind: string;
  /** "Sender → Router" (a channel) or the owner of a TCP event. */
  where: string;
  /** A channel's two ends, for a list that shortens each end on its own. */
  ends?: { from: string; to: string };
  /** seq / ack, SACK blocks, notable flags. */
  info: string;
  /** "dropped", "corrupted" or "". */
  outcome: string;
  tone: RowTone;
}

/** `fast_retransmit` -> "Fast retransmit". */
/** A SACK block [start, end) as the segments it holds: "14", "14–15". */
export function formatSackBlock(start: number, end: number): string {
  return end - 1 <= start ? String(start) : `${start}\u2013${end - 1}`;
}

export function humanize(quantity: string): string {
  const s = quantity.replace(/_/g, ' ');
  return tr(`events:quantity.${quantity}`, { defaultValue: s.charAt(0).toUpperCase() + s.slice(1) });
}

export function eventRowText(
  ref: EventRef,
  trace: TraceView | null,
  topology: Topology | null,
  markers: readonly MarkerEvent[],
): EventRowText | null {
  if (ref.type === 'marker') {
    const m = markers[ref.index];
    if (!m) return null;
    const owner = m.series.slice(0, Math.max(0, m.series.length - m.quantity.length - 1));
    const flow = m.flow >= 0 ? (topology?.flows[m.flow]?.id ?? String(m.flow)) : '';
    return {
      timeMs: m.timeMs,
      flow,
      kind: humanize(m.quantity),
      where: owner,
      info: markerInfo(m),
      outcome: '',
      tone: 'tcp',
    };
  }
  const i = ref.index;
  if (!trace || i < 0 || i >= trace.count) return null;
  const kind = trace.kind(i) ?? 0;
  const flags = trace.flags(i) ?? 0;
  const fate = trace.fate(i) ?? 0;
  const seq = trace.seq(i) ?? 0;
  const ends = channelEnds(topology, trace.channel(i) ?? 0);
  const parts: string[] = [];
  if (kind === PacketKind.ack) {
    parts.push(tr('events:row.ack', { n: seq }));
    const n = Math.min(3, trace.sackLen(i) ?? 0);
    for (let k = 0; k < n; k++) parts.push(tr('events:row.sack', { block: formatSackBlock(...sackBlock(trace, i, k)) }));
  } else {
    parts.push(tr('events:row.seq', { n: seq }));
  }
  if (flags & FLAG.retransmission) parts.push(tr('events:row.retransmission'));
  if (flags & FLAG.localRetransmission) parts.push(tr('events:row.localRetransmission'));
  if (flags & FLAG.spoofed) parts.push(tr('events:row.spoofed'));
  if (flags & FLAG.ce) parts.push('CE');
  if (flags & FLAG.ece) parts.push('ECE');
  if (flags & FLAG.cwr) parts.push('CWR');
  if (flags & FLAG.fragmented) parts.push(tr('events:row.fragmented'));
  let tone: RowTone = kind === PacketKind.ack ? 'ack' : kind === PacketKind.datagram ? 'datagram' : 'data';
  if (kind !== PacketKind.ack && flags & (FLAG.retransmission | FLAG.localRetransmission)) tone = 'retx';
  if (flags & (FLAG.spoofed | FLAG.localRetransmission)) tone = 'middlebox';
  if (fate === PacketFate.corrupted) tone = 'corrupt';
  if (fate === PacketFate.dropped || fate === PacketFate.filtered) tone = 'drop';
  return {
    timeMs: trace.enqueuedMs(i) ?? 0,
    flow: topology?.flows[trace.flow(i) ?? 0]?.id ?? String(trace.flow(i) ?? 0),
    kind: kind === PacketKind.ack ? 'ACK' : kind === PacketKind.datagram ? 'UDP' : tr('events:row.data'),
    where: `${ends.from} \u2192 ${ends.to}`,
    ends: { from: ends.from, to: ends.to },
    info: parts.join(' \u00b7 '),
    outcome: fate === PacketFate.delivered ? '' : tr(`events:row.${fateOf(fate)}`),
    tone,
  };
}

function markerInfo(m: MarkerEvent): string {
  if (m.quantity === 'outage') return tr('events:row.lasts', { n: trimNumber(m.value) });
  if (m.series.startsWith('flows.')) return tr('events:row.seq', { n: trimNumber(m.value) });
  return trimNumber(m.value);
}

function trimNumber(v: number): string {
  return String(Number(v.toPrecision(6)));
}
