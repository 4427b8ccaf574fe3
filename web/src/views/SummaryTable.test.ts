import { describe, expect, it } from 'vitest';
import type { LinkSummary } from '../generated/types';
import { notableLinks } from './SummaryTable';

const link = (id: string, drops: number, queue: number, utilization = 0.1): LinkSummary => ({
  id,
  direction: 'forward',
  from: 'a',
  to: 'b',
  drops,
  early_drops: 0,
  marks: 0,
  corrupted: 0,
  outage_losses: 0,
  arq_retries: 0,
  fragments: 0,
  packets: 10,
  queue_max_pkts: queue,
  queue_max_bytes: queue * 1000,
  utilization,
});

describe('notableLinks', () => {
  it('keeps all links when there are few', () => {
    const links = [link('a', 0, 1), link('b', 0, 1)];
    expect(notableLinks(links, 8)).toEqual(links);
  });
  it('keeps the lossiest and fullest, in their original order', () => {
    const links = [link('a', 0, 1), link('b', 5, 3), link('c', 0, 40), link('d', 0, 1, 0.9), link('e', 0, 2)];
    expect(notableLinks(links, 3).map((l) => l.id)).toEqual(['b', 'c', 'e']);
  });
});
