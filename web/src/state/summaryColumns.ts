// The columns of the summary tables. The basic ones are always there; the
// rest (completion time, UDP loss and inter-arrival, spurious timeouts, ECN
// marks, early drops, outage losses, ARQ retries, fragments) only when some
// row of this run has a value for them, so a plain run keeps a small table.

import { formatBytes, formatCount, formatDuration, formatRate } from '../format';
import { t as tr } from '../i18n';
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

/** Columns whose header and tooltip are read from the catalog (summary:<table>.<key>) when shown. */
function localized<R>(table: 'flow' | 'link', columns: Omit<SummaryColumn<R>, 'header' | 'title'>[]): SummaryColumn<R>[] {
  return columns.map((c) => ({
    ...c,
    get header() {
      return tr(`summary:${table}.${c.key}.header`);
    },
    get title() {
      return tr(`summary:${table}.${c.key}.title`);
    },
  }));
}

const isUdp = (f: FlowSummary) => f.lost_packets != null;
const seconds = (s: number | null | undefined) => (s == null ? null : formatDuration(s * 1000));

export const FLOW_COLUMNS: readonly SummaryColumn<FlowSummary>[] = localized('flow', [
  { key: 'goodput', optional: false, text: (f) => formatRate(f.goodput_bps) },
  // A datagram flow has no retransmissions, timeouts or RTT samples: a dash, not a zero.
  { key: 'retx', optional: false, text: (f) => (isUdp(f) ? null : formatCount(f.retransmits)) },
  { key: 'rtos', optional: false, text: (f) => (isUdp(f) ? null : formatCount(f.timeouts)) },
  {
    key: 'spurious',
    optional: true,
    value: (f) => f.spurious_timeouts,
    text: (f) => (isUdp(f) ? null : formatCount(f.spurious_timeouts)),
  },
  { key: 'rtt', optional: false, text: (f) => seconds(f.rtt_mean_s) },
  { key: 'done', optional: true, value: (f) => f.completion_s, text: (f) => seconds(f.completion_s) },
  {
    key: 'lost',
    optional: true,
    value: (f) => f.lost_packets,
    text: (f) => (f.lost_packets == null ? null : formatCount(f.lost_packets)),
    bad: (f) => (f.lost_packets ?? 0) > 0,
  },
  {
    key: 'gap',
    optional: true,
    value: (f) => f.inter_arrival_mean_s,
    text: (f) =>
      f.inter_arrival_mean_s == null
        ? null
        : `${seconds(f.inter_arrival_mean_s)} (${seconds(f.inter_arrival_min_s) ?? '?'} – ${seconds(f.inter_arrival_max_s) ?? '?'})`,
  },
]);

const count = (key: string, get: (l: LinkSummary) => number, bad = false): Omit<SummaryColumn<LinkSummary>, 'header' | 'title'> => ({
  key,
  optional: true,
  value: get,
  text: (l) => formatCount(get(l)),
  ...(bad ? { bad: (l: LinkSummary) => get(l) > 0 } : {}),
});

export const LINK_COLUMNS: readonly SummaryColumn<LinkSummary>[] = localized('link', [
  { key: 'drops', optional: false, text: (l) => formatCount(l.drops), bad: (l) => l.drops > 0 },
  count('early', (l) => l.early_drops),
  count('marks', (l) => l.marks),
  { key: 'corrupt', optional: false, text: (l) => formatCount(l.corrupted), bad: (l) => l.corrupted > 0 },
  count('outage', (l) => l.outage_losses, true),
  count('arq', (l) => l.arq_retries),
  count('frag', (l) => l.fragments),
  { key: 'maxq', optional: false, text: (l) => formatCount(l.queue_max_pkts) },
  { key: 'util', optional: false, text: (l) => `${Math.round(l.utilization * 100)}%` },
]);

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
  const add = (field: string, v: number | null | undefined, fmt: (n: number) => string = formatCount) => {
    if (v != null) out.push({ label: tr(`summary:middlebox.${field}`), text: fmt(v) });
  };
  add('local_retransmits', m.local_retransmits);
  add('suppressed_dupacks', m.suppressed_dupacks);
  add('cache_max_packets', m.cache_max_packets, (n) => `${formatCount(n)} ${tr('network:canvas.pkt')}`);
  add('spoofed_acks', m.spoofed_acks);
  add('buffer_max_bytes', m.buffer_max_bytes, formatBytes);
  add('leg2_retransmits', m.leg2_retransmits);
  add('leg2_timeouts', m.leg2_timeouts);
  add('freezes', m.freezes);
  add('disconnected_drops', m.disconnected_drops);
  return out;
}
