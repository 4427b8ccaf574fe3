// The columns of the summary tables. The basic ones are always there; the
// rest (completion time, UDP loss and inter-arrival, spurious timeouts, ECN
// marks, early drops, outage losses, ARQ retries, fragments) only when some
// row of this run has a value for them, so a plain run keeps a small table.

import { formatBytes, formatCount, formatDuration, formatRate } from '../format';
import type { FlowSummary, LinkSummary, MiddleboxSummary } from '../generated/types';

export interface SummaryColumn<R> {
  key: string;
  header: string;
  /** What the column counts (the header's tooltip). */
  title: string;
  /** The cell's text; null when it does not apply to this row (shown as a dash). */
  text(row: R): string | null;
  /** Drawn as a loss (red) when true. */
  bad?(row: R): boolean;
  /** Shown only when some row has a value (non-null, and non-zero for counts). */
  optional: boolean;
  /** The value an optional column is judged by. */
  value?(row: R): number | null | undefined;
}

const isUdp = (f: FlowSummary) => f.lost_packets != null;
const seconds = (s: number | null | undefined) => (s == null ? null : formatDuration(s * 1000));

export const FLOW_COLUMNS: readonly SummaryColumn<FlowSummary>[] = [
  { key: 'goodput', header: 'Goodput', title: 'In-order application bytes per second', optional: false, text: (f) => formatRate(f.goodput_bps) },
  // A datagram flow has no retransmissions, timeouts or RTT samples: a dash, not a zero.
  { key: 'retx', header: 'Retx', title: 'Retransmitted segments', optional: false, text: (f) => (isUdp(f) ? null : formatCount(f.retransmits)) },
  { key: 'rtos', header: 'RTOs', title: 'Retransmission timeouts', optional: false, text: (f) => (isUdp(f) ? null : formatCount(f.timeouts)) },
  {
    key: 'spurious',
    header: 'Spurious',
    title: 'Timeouts whose first resend the receiver already had',
    optional: true,
    value: (f) => f.spurious_timeouts,
    text: (f) => (isUdp(f) ? null : formatCount(f.spurious_timeouts)),
  },
  { key: 'rtt', header: 'RTT', title: 'Mean of the RTT samples', optional: false, text: (f) => seconds(f.rtt_mean_s) },
  { key: 'done', header: 'Done in', title: 'Time from the start until the whole file arrived in order', optional: true, value: (f) => f.completion_s, text: (f) => seconds(f.completion_s) },
  {
    key: 'lost',
    header: 'Lost',
    title: 'UDP datagrams missing below the highest one received',
    optional: true,
    value: (f) => f.lost_packets,
    text: (f) => (f.lost_packets == null ? null : formatCount(f.lost_packets)),
    bad: (f) => (f.lost_packets ?? 0) > 0,
  },
  {
    key: 'gap',
    header: 'Inter-arrival',
    title: 'UDP: mean time between arrivals (shortest – longest)',
    optional: true,
    value: (f) => f.inter_arrival_mean_s,
    text: (f) =>
      f.inter_arrival_mean_s == null
        ? null
        : `${seconds(f.inter_arrival_mean_s)} (${seconds(f.inter_arrival_min_s) ?? '?'} – ${seconds(f.inter_arrival_max_s) ?? '?'})`,
  },
];

const count = (key: string, header: string, title: string, get: (l: LinkSummary) => number, bad = false): SummaryColumn<LinkSummary> => ({
  key,
  header,
  title,
  optional: true,
  value: get,
  text: (l) => formatCount(get(l)),
  ...(bad ? { bad: (l: LinkSummary) => get(l) > 0 } : {}),
});

export const LINK_COLUMNS: readonly SummaryColumn<LinkSummary>[] = [
  { key: 'drops', header: 'Drops', title: 'Packets refused by a full queue (RED early drops included)', optional: false, text: (l) => formatCount(l.drops), bad: (l) => l.drops > 0 },
  count('early', 'Early', 'RED early (random) drops, counted in Drops too', (l) => l.early_drops),
  count('marks', 'ECN marks', 'Packets RED marked Congestion Experienced instead of dropping', (l) => l.marks),
  { key: 'corrupt', header: 'Corrupt', title: 'Packets lost to bit errors or error bursts', optional: false, text: (l) => formatCount(l.corrupted), bad: (l) => l.corrupted > 0 },
  count('outage', 'Outage', 'Packets lost while the link was down', (l) => l.outage_losses, true),
  count('arq', 'ARQ', 'Link-layer retransmissions', (l) => l.arq_retries),
  count('frag', 'Frags', 'Fragments sent for packets larger than the MTU', (l) => l.fragments),
  { key: 'maxq', header: 'Max q', title: 'Most packets queued at once', optional: false, text: (l) => formatCount(l.queue_max_pkts) },
  { key: 'util', header: 'Util', title: 'Fraction of the run spent transmitting', optional: false, text: (l) => `${Math.round(l.utilization * 100)}%` },
];

/** The columns worth showing for these rows. */
export function shownColumns<R>(columns: readonly SummaryColumn<R>[], rows: readonly R[]): SummaryColumn<R>[] {
  return columns.filter((c) => !c.optional || rows.some((r) => {
    const v = c.value?.(r);
    return v != null && v !== 0;
  }));
}

/** What a middlebox did, in words: the figures of its kind (the others are null). */
export function middleboxFigures(m: MiddleboxSummary): { label: string; text: string }[] {
  const out: { label: string; text: string }[] = [];
  const add = (label: string, v: number | null | undefined, fmt: (n: number) => string = formatCount) => {
    if (v != null) out.push({ label, text: fmt(v) });
  };
  add('local retransmissions', m.local_retransmits);
  add('duplicate ACKs suppressed', m.suppressed_dupacks);
  add('most cached', m.cache_max_packets, (n) => `${formatCount(n)} pkt`);
  add('spoofed ACKs', m.spoofed_acks);
  add('most buffered', m.buffer_max_bytes, formatBytes);
  add('second-leg retransmissions', m.leg2_retransmits);
  add('second-leg timeouts', m.leg2_timeouts);
  add('zero-window freezes', m.freezes);
  add('lost while disconnected', m.disconnected_drops);
  return out;
}
