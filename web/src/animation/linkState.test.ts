import { describe, expect, it } from 'vitest';
import type { Topology, TopologyChannel } from '../engine/protocol';
import { emptyColumns } from '../engine/traceColumns';
import type { Scenario } from '../generated/types';
import type { SeriesView } from '../state/runStore';
import { arrayTraceView, type TraceView } from '../state/trace';
import { bufferGauges, downAt, outageSeries, sharedBuffers } from './linkState';
import type { QueuedPacket } from './packets';

const channel = (link: string, direction: 'forward' | 'reverse', from: number, to: number): TopologyChannel => ({
  link,
  direction,
  name: `links.${link}.${direction}`,
  from,
  to,
  rate_bps: 1e6,
  delay_ms: 10,
  queue_limit: '50pkt',
  queue_limit_packets: 50,
});

const topology: Topology = {
  nodes: [
    { id: 'server', kind: 'host', label: 'server' },
    { id: 'bsc', kind: 'base_station', label: 'BSC' },
    { id: 'phone', kind: 'mobile', label: 'phone' },
  ],
  channels: [channel('core', 'forward', 0, 1), channel('core', 'reverse', 1, 0), channel('radio', 'forward', 1, 2), channel('radio', 'reverse', 2, 1)],
  flows: [],
};

const outages = (owner: string, pts: [number, number][]): SeriesView => ({
  id: 0,
  info: { name: `${owner}.outage`, owner, quantity: 'outage', unit: 's', style: 'marker' },
  timesMs: Float64Array.from(pts, (p) => p[0]),
  values: Float64Array.from(pts, (p) => p[1]),
});

describe('outages', () => {
  const items = outageSeries(
    [
      outages('links.radio.forward', [
        [5000, 0.4],
        [15000, 2],
      ]),
      // An M-TCP disconnection is not a channel's: no lane to break.
      outages('middleboxes.mtcp', [[0, 100]]),
    ],
    topology,
  );

  it('matches outage series to channels by name', () => {
    expect(items.map((i) => i.channel)).toEqual([2]);
  });

  it('is down from each start for its duration, and up otherwise', () => {
    const at = (t: number) => downAt(items, 4, t);
    expect(at(4999)).toEqual([false, false, false, false]);
    expect(at(5000)).toEqual([false, false, true, false]);
    expect(at(5399)[2]).toBe(true);
    expect(at(5400)[2]).toBe(false);
    expect(at(16999)[2]).toBe(true);
    expect(at(17000)[2]).toBe(false);
  });
});

describe('shared buffers', () => {
  const scenario = {
    version: 1,
    id: 'x',
    title: 'x',
    duration: '1s',
    nodes: [],
    flows: [],
    buffers: [
      { id: 'terminal', limit: '120KB' },
      { id: 'unused', limit: '10pkt' },
    ],
    links: [
      { id: 'core', a: 'server', b: 'bsc', queue: { buffer: 'terminal' }, reverse: { queue: { buffer: null } } },
      { id: 'radio', a: 'bsc', b: 'phone', forward: { queue: { limit: '1MB', buffer: 'terminal' } } },
    ],
  } as unknown as Scenario;

  it("finds the channels drawing on each buffer; a direction's own queue setting wins over its link's", () => {
    expect(sharedBuffers(scenario, topology)).toEqual([{ id: 'terminal', limitText: '120KB', limit: 120_000, unit: 'bytes', channels: [0, 2] }]);
    expect(sharedBuffers(null, topology)).toEqual([]);
  });

  it('adds up the bytes queued on every member channel, drops excluded', () => {
    const cols = emptyColumns(4);
    cols.size.set([1000, 1000, 40, 1000]);
    cols.fate.set([0, 0, 0, 1]);
    const trace: TraceView = arrayTraceView(cols, 4, 0);
    const q = (index: number): QueuedPacket => ({ index, flow: 0, ack: false, retransmission: false, flags: 0, kind: 0, transmitting: false });
    const queues = [[q(0)], [q(2)], [q(1), q(3)], []];
    const [gauge] = bufferGauges(sharedBuffers(scenario, topology), queues, trace, topology);
    expect(gauge).toEqual({ node: 0, label: 'buffer terminal', value: 2000, max: 120_000, unit: 'bytes' });
  });
});
