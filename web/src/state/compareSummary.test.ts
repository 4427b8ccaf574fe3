import { describe, expect, it } from 'vitest';
import type { FlowSummary, Summary } from '../generated/types';
import { compareSummaries, rowFigures } from './compareSummary';

const flow = (id: string, over: Partial<FlowSummary>): FlowSummary => ({
  id,
  variant: 'reno',
  goodput_bps: 1e6,
  throughput_bps: 1e6,
  delivered_bytes: 1,
  sent_packets: 1,
  retransmits: 10,
  timeouts: 1,
  spurious_retransmits: 0,
  spurious_timeouts: 0,
  rtt_mean_s: 0.2,
  ...over,
});
const summary = (flows: FlowSummary[]): Summary => ({ digest: 'x', duration_s: 1, events: 1, flows, links: [], scenario: 's', seed: 1 });

describe('compareSummaries', () => {
  it('gives each metric of each flow for both runs, with the difference and a verdict', () => {
    const a = summary([flow('ftp', {})]);
    const b = summary([flow('ftp', { variant: 'sack1', goodput_bps: 1.5e6, retransmits: 4, timeouts: 1, rtt_mean_s: null })]);
    const [d] = compareSummaries(a, b);
    expect(d?.variantB).toBe('sack1');
    const by = Object.fromEntries((d?.metrics ?? []).map((m) => [m.key, m]));
    expect(by.goodput_bps).toMatchObject({ a: 1e6, b: 1.5e6, delta: 0.5e6, relative: 0.5, verdict: 'better' });
    expect(by.retransmits).toMatchObject({ delta: -6, verdict: 'better' });
    expect(by.timeouts).toMatchObject({ delta: 0, verdict: 'same' });
    expect(by.rtt_mean_s).toMatchObject({ a: 0.2, b: null, delta: null, verdict: null });
  });

  it('lists flows of either run, and copes with a missing summary', () => {
    const d = compareSummaries(summary([flow('a', {})]), summary([flow('b', {})]));
    expect(d.map((x) => x.id)).toEqual(['a', 'b']);
    expect(compareSummaries(summary([flow('a', { retransmits: 3 })]), null)[0]?.metrics[1]).toMatchObject({ a: 3, b: null });
  });
});

describe('rowFigures', () => {
  it('shows A, B and the difference in one unit with one precision', () => {
    const f = rowFigures({ key: 'goodput_bps', a: 636_000, b: 625_600, delta: -10_400, relative: -10_400 / 636_000 });
    expect(f).toEqual({ a: '636.0 kbit/s', b: '625.6 kbit/s', delta: '\u221210.4 kbit/s', percent: ' (\u22121.6%)' });
  });

  it('uses the same decimals for a mean RTT and its change', () => {
    const f = rowFigures({ key: 'rtt_mean_s', a: 0.4023, b: 0.4446, delta: 0.0423, relative: 0.105 });
    const decimals = (s: string) => (/\.(\d+)/.exec(s)?.[1] ?? '').length;
    expect(decimals(f.a)).toBe(decimals(f.delta));
    expect(decimals(f.b)).toBe(decimals(f.delta));
    expect(f.a.endsWith(' ms')).toBe(true);
  });

  it('keeps counts whole', () => {
    expect(rowFigures({ key: 'timeouts', a: 0, b: 1, delta: 1, relative: null })).toEqual({ a: '0', b: '1', delta: '+1', percent: '' });
  });
});
