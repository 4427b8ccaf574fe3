// Which packet kinds and link states a run shows, so the network legend lists
// only those (a legend of twelve entries for a run with three is clutter).

import { FLAG, PacketFate, PacketKind } from '../engine/traceColumns';
import type { TraceView } from '../state/trace';

export type LegendKind =
  | 'data'
  | 'ack'
  | 'retransmission'
  | 'ecn'
  | 'localRetransmission'
  | 'spoofed'
  | 'datagram'
  | 'fragmented'
  | 'drop'
  | 'corrupt'
  | 'queue'
  | 'down';

/** The kinds in a run's trace; queues whenever there are links, "down" when a link has outages. */
export function legendKinds(trace: Pick<TraceView, 'count' | 'kind' | 'flags' | 'fate'> | null, hasLinks: boolean, hasOutages: boolean): Set<LegendKind> {
  const out = new Set<LegendKind>();
  if (hasLinks) out.add('queue');
  if (hasOutages) out.add('down');
  if (!trace) return out;
  let flagsSeen = 0;
  let kinds = 0;
  let fates = 0;
  for (let i = 0; i < trace.count; i++) {
    const kind = trace.kind(i) ?? 0;
    const flags = trace.flags(i) ?? 0;
    kinds |= 1 << kind;
    fates |= 1 << (trace.fate(i) ?? 0);
    // A retransmission glyph is drawn for data only.
    flagsSeen |= kind === PacketKind.ack ? flags & ~(FLAG.retransmission | FLAG.localRetransmission | FLAG.fragmented) : flags;
  }
  if (kinds & (1 << PacketKind.data)) out.add('data');
  if (kinds & (1 << PacketKind.ack)) out.add('ack');
  if (kinds & (1 << PacketKind.datagram)) out.add('datagram');
  if (flagsSeen & FLAG.retransmission) out.add('retransmission');
  if (flagsSeen & (FLAG.ce | FLAG.ece)) out.add('ecn');
  if (flagsSeen & FLAG.localRetransmission) out.add('localRetransmission');
  if (flagsSeen & FLAG.spoofed) out.add('spoofed');
  if (flagsSeen & FLAG.fragmented) out.add('fragmented');
  if (fates & (1 << PacketFate.dropped)) out.add('drop');
  if (fates & (1 << PacketFate.corrupted)) out.add('corrupt');
  return out;
}
