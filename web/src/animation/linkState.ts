// Link state the animation shows besides packets: scheduled outages (a link
// drawn broken while it is down) and buffers shared by several queues (their
// joint occupancy as a gauge at the sending node).

import type { Topology } from '../engine/protocol';
import { t as tr } from '../i18n';
import type { Scenario, SeriesInfo } from '../generated/types';
import { parseBytes } from '../plots/units';
import type { SeriesView } from '../state/runStore';
import { upperBound } from '../state/search';
import { PacketFate } from '../engine/traceColumns';
import type { TraceView } from '../state/trace';
import type { Gauge, GaugeSpec } from './gauges';
import type { QueuedPacket } from './packets';

/** A channel's outage marker series: each point is an outage's start, its value the duration in seconds. */
export interface ChannelOutages {
  channel: number;
  series: SeriesView;
}

/** The channel an `<channel>.outage` series belongs to (-1: not an outage series, or no such channel). */
function outageChannel(info: SeriesInfo, topology: Topology): number {
  return info.quantity === 'outage' ? topology.channels.findIndex((c) => c.name === info.owner) : -1;
}

/** The `<channel>.outage` series of this run, matched to channels by name. */
export function outageSeries(series: readonly SeriesView[], topology: Topology): ChannelOutages[] {
  const out: ChannelOutages[] = [];
  for (const s of series) {
    const channel = outageChannel(s.info, topology);
    if (channel >= 0) out.push({ channel, series: s });
  }
  return out;
}

/** The channels that have scheduled outages in this run (their "down" labels get room in the scene). */
export function outageChannels(infos: readonly SeriesInfo[], topology: Topology): number[] {
  return [...new Set(infos.map((i) => outageChannel(i, topology)).filter((c) => c >= 0))];
}

/** Per channel, whether it is down at t (within [start, start + duration) of its latest outage). */
export function downAt(items: readonly ChannelOutages[], channels: number, t: number): boolean[] {
  const down = new Array<boolean>(channels).fill(false);
  for (const { channel, series } of items) {
    const i = upperBound(series.timesMs, series.timesMs.length, t) - 1;
    if (i < 0) continue;
    const start = series.timesMs[i] ?? 0;
    if (t < start + (series.values[i] ?? 0) * 1000) down[channel] = true;
  }
  return down;
}

/** A buffer several queues draw on, and the channels whose queues do. */
export interface SharedBuffer {
  id: string;
  /** As written, e.g. "120KB" or "100pkt". */
  limitText: string;
  /** The limit in its own unit: bytes, or packets for "pkt" limits. */
  limit: number;
  unit: 'bytes' | 'packets';
  channels: number[];
}

/** The scenario's shared buffers with the channels that use them (a channel's own queue overrides its link's). */
const NO_BUFFERS: SharedBuffer[] = [];

export function sharedBuffers(scenario: Scenario | null, topology: Topology): SharedBuffer[] {
  const buffers = scenario?.buffers ?? [];
  // The same empty list every time: the animation's scene, built from it, is kept across runs.
  if (buffers.length === 0) return NO_BUFFERS;
  const out: SharedBuffer[] = [];
  for (const b of buffers) {
    const packets = /^\s*(\d+)\s*pkt\s*$/.exec(b.limit);
    const limit = packets ? Number(packets[1]) : (parseBytes(b.limit) ?? 0);
    const channels = topology.channels.flatMap((c, i) => {
      const link = scenario?.links.find((l) => l.id === c.link);
      const own = c.direction === 'forward' ? link?.forward?.queue : link?.reverse?.queue;
      const buffer = own?.buffer !== undefined ? own.buffer : link?.queue?.buffer;
      return buffer === b.id ? [i] : [];
    });
    if (channels.length > 0) out.push({ id: b.id, limitText: b.limit, limit, unit: packets ? 'packets' : 'bytes', channels });
  }
  return out;
}

/** Each shared buffer's gauge: at its first channel's sending node. */
export function bufferGaugeSpecs(buffers: readonly SharedBuffer[], topology: Topology): GaugeSpec[] {
  return buffers.map((b) => ({ node: topology.channels[b.channels[0] ?? 0]?.from ?? 0, label: tr('network:canvas.buffer', { id: b.id }), unit: b.unit }));
}

/** Each shared buffer's occupancy in this frame's queues, as a gauge (see bufferGaugeSpecs). */
export function bufferGauges(
  buffers: readonly SharedBuffer[],
  queues: readonly (readonly QueuedPacket[])[],
  trace: TraceView | null,
  topology: Topology,
): Gauge[] {
  const specs = bufferGaugeSpecs(buffers, topology);
  return buffers.map((b, i) => {
    let value = 0;
    for (const c of b.channels) {
      for (const p of queues[c] ?? []) {
        if (trace && trace.fate(p.index) === PacketFate.dropped) continue;
        value += b.unit === 'packets' ? 1 : (trace?.size(p.index) ?? 0);
      }
    }
    const { node, label } = specs[i] ?? { node: 0, label: b.id };
    return { node, label, value, max: b.limit, unit: b.unit };
  });
}
