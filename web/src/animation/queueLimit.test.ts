import { describe, expect, it } from 'vitest';
import type { TopologyChannel } from '../engine/protocol';
import { queueLimit } from './queueLimit';

const channel = (limit: Partial<TopologyChannel>): TopologyChannel => ({
  name: 'links.a.forward',
  link: 'a',
  direction: 'forward',
  from: 0,
  to: 1,
  rate_bps: 1e6,
  delay_ms: 1,
  queue_limit: '50pkt',
  queue_limit_packets: 50,
  queue_limit_bytes: null,
  ...limit,
});

describe('queueLimit', () => {
  it('uses a packet limit as it is', () => {
    expect(queueLimit(channel({ queue_limit: '20pkt', queue_limit_packets: 20 }), 1040)).toEqual({ text: '20pkt', packets: 20 });
  });
  it('converts a byte limit to packets of the given size', () => {
    const bytes = channel({ queue_limit: '120KB', queue_limit_packets: null, queue_limit_bytes: 120_000 });
    expect(queueLimit(bytes, 1040)).toEqual({ text: '120KB', packets: 115 });
    expect(queueLimit(channel({ queue_limit: '100B', queue_limit_packets: null, queue_limit_bytes: 100 }), 1040).packets).toBe(1);
  });
  it('shows a shared buffer instead when it holds less than the queue itself', () => {
    const big = channel({ queue_limit: '1MB', queue_limit_packets: null, queue_limit_bytes: 1_000_000 });
    const terminal = { id: 'terminal', limitText: '120KB', limit: 120_000, unit: 'bytes' as const, channels: [0] };
    expect(queueLimit(big, 1040, terminal)).toEqual({ text: '120KB shared', packets: 115 });
    // A buffer larger than the queue never binds: the queue's own limit stays.
    expect(queueLimit(channel({}), 1040, { ...terminal, limit: 10_000_000 })).toEqual({ text: '50pkt', packets: 50 });
  });
});
