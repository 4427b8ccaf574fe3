import { describe, expect, it } from 'vitest';
import type { FlowSummary, LinkSummary, MiddleboxSummary } from '../generated/types';
import { FLOW_COLUMNS, LINK_COLUMNS, middleboxFigures, shownColumns } from './summaryColumns';

const tcp: FlowSummary = {
  id: 'ftp',
  variant: 'reno',
  goodput_bps: 1e6,
  delivered_bytes: 1000,
  retransmits: 3,
  timeouts: 1,
  spurious_timeouts: 0,
  spurious_retransmits: 0,
  sent_packets: 10,
  throughput_bps: 1e6,
  rtt_mean_s: 0.1,
};
const udp: FlowSummary = {
  ...tcp,
  id: 'cbr',
  variant: 'cbr',
  retransmits: 0,
  timeouts: 0,
  rtt_mean_s: null,
  lost_packets: 7,
  inter_arrival_mean_s: 0.05,
  inter_arrival_min_s: 0.04,
  inter_arrival_max_s: 1.5,
};
const link: LinkSummary = {
  id: 'l',
  direction: 'forward',
  from: 'a',
  to: 'b',
  drops: 0,
  early_drops: 0,
  marks: 0,
  corrupted: 0,
  outage_losses: 0,
  arq_retries: 0,
  fragments: 0,
  packets: 10,
  queue_max_pkts: 2,
  queue_max_bytes: 2000,
  utilization: 0.5,
};
const keys = (cols: { key: string }[]) => cols.map((c) => c.key);

describe('summary columns', () => {
  it('keeps a plain TCP run to the basic columns', () => {
    expect(keys(shownColumns(FLOW_COLUMNS, [tcp]))).toEqual(['goodput', 'retx', 'rtos', 'rtt']);
    expect(keys(shownColumns(LINK_COLUMNS, [link]))).toEqual(['drops', 'corrupt', 'maxq', 'util']);
  });

  it('adds UDP loss and inter-arrival for a CBR flow, with dashes where TCP figures do not apply', () => {
    const cols = shownColumns(FLOW_COLUMNS, [tcp, udp]);
    expect(keys(cols)).toEqual(['goodput', 'retx', 'rtos', 'rtt', 'lost', 'gap']);
    const cell = (key: string, f: FlowSummary) => cols.find((c) => c.key === key)?.text(f);
    expect(cell('retx', udp)).toBeNull();
    expect(cell('rtt', udp)).toBeNull();
    expect(cell('lost', udp)).toBe('7');
    expect(cell('lost', tcp)).toBeNull();
    expect(cell('gap', udp)).toBe('50 ms (40 ms – 1.5 s)');
    expect(cols.find((c) => c.key === 'lost')?.bad?.(udp)).toBe(true);
  });

  it('adds completion time and spurious timeouts when a flow has them', () => {
    const file = { ...tcp, completion_s: 2.25, spurious_timeouts: 1 };
    const cols = shownColumns(FLOW_COLUMNS, [file, tcp]);
    expect(keys(cols)).toContain('done');
    expect(keys(cols)).toContain('spurious');
    expect(cols.find((c) => c.key === 'done')?.text(file)).toBe('2.25 s');
    expect(cols.find((c) => c.key === 'done')?.text(tcp)).toBeNull();
  });

  it('adds each link mechanism column only when some link counted something', () => {
    const red = { ...link, marks: 12, early_drops: 3, drops: 3 };
    const radio = { ...link, id: 'r', arq_retries: 40, outage_losses: 5, fragments: 0 };
    const cols = shownColumns(LINK_COLUMNS, [red, radio, link]);
    expect(keys(cols)).toEqual(['drops', 'early', 'marks', 'corrupt', 'outage', 'arq', 'maxq', 'util']);
    expect(cols.find((c) => c.key === 'outage')?.bad?.(radio)).toBe(true);
    expect(cols.find((c) => c.key === 'marks')?.text(red)).toBe('12');
  });
});

describe('middleboxFigures', () => {
  it("lists the figures of the middlebox's own kind only", () => {
    const snoop: MiddleboxSummary = { id: 'snoop', kind: 'snoop', node: 'bs', local_retransmits: 246, suppressed_dupacks: 500, cache_max_packets: 31 };
    expect(middleboxFigures(snoop).map((f) => f.label)).toEqual(['local retransmissions', 'duplicate ACKs suppressed', 'most cached']);
    const split: MiddleboxSummary = { id: 'pep', kind: 'split', node: 'hub', spoofed_acks: 10, buffer_max_bytes: 120_000, leg2_retransmits: 0, leg2_timeouts: null };
    expect(middleboxFigures(split)).toEqual([
      { label: 'spoofed ACKs', text: '10' },
      { label: 'most buffered', text: '120 kB' },
      { label: 'second-leg retransmissions', text: '0' },
    ]);
  });
});
