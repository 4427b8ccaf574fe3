// Where every packet is at simulated time t: a pure function of the trace.
//
// A record on channel c waits in the queue at c's sending node from
// `enqueuedMs` to `txStartMs`, is serialized until `txEndMs`, and propagates
// for delay(c): its head leaves at txStart and arrives at txStart + delay, its
// tail (last bit) leaves at txEnd and arrives at txEnd + delay. So along the
// lane (0 = sender, 1 = receiver) the head is at (t - txStart) / delay and the
// tail at (t - txEnd) / delay, both clamped to [0, 1].

import { FLAG, PacketFate, PacketKind } from '../engine/traceColumns';
import { lowerBound, lowerBoundBy } from '../state/search';
import type { TraceView } from '../state/trace';

/** The first index whose enqueue time is >= t (records are in enqueue order). */
export { lowerBound };

export interface WirePacket {
  index: number;
  channel: number;
  flow: number;
  ack: boolean;
  retransmission: boolean;
  /** The record's flag bits (ECN, spoofed, local retransmission, ...). */
  flags: number;
  kind: number;
  /** Will be discarded on arrival (bit errors). */
  corrupted: boolean;
  /** Fractions of the lane, 0 at the sender; head >= tail. */
  head: number;
  tail: number;
}

export interface QueuedPacket {
  index: number;
  flow: number;
  ack: boolean;
  retransmission: boolean;
  flags: number;
  kind: number;
  /** The packet being serialized (it still counts against the queue limit). */
  transmitting: boolean;
}

/** A drop at a queue or a corrupted arrival, fading out after `atMs`. */
export interface LossMarker {
  index: number;
  channel: number;
  ack: boolean;
  atMs: number;
  /** 1 when it happens, falling to 0 at the end of the fade. */
  opacity: number;
}

/** A lane with too many packets to draw one by one: how many cover each stretch of it. */
export interface LaneDensity {
  channel: number;
  /** Packets on the lane. */
  count: number;
  /** Data (and datagram) packets covering each of DENSITY_BINS stretches, sender to receiver. */
  data: Uint16Array;
  acks: Uint16Array;
}

export const DENSITY_BINS = 96;

export interface PacketFrame {
  /** Packets drawn one by one (lanes not aggregated). */
  wire: WirePacket[];
  /** Lanes drawn as densities. */
  density: LaneDensity[];
  /** Packets in view: on the wire or queued. */
  count: number;
  /** Per channel, in service order: the packet in transmission first. */
  queues: QueuedPacket[][];
  drops: LossMarker[];
  corruptions: LossMarker[];
}

/** Head and tail along the lane at t, or null when no part of the packet is on the wire. */
export function lanePosition(
  txStartMs: number,
  txEndMs: number,
  delayMs: number,
  t: number,
): { head: number; tail: number } | null {
  if (t < txStartMs || t >= txEndMs + delayMs) return null;
  if (delayMs <= 0) return { head: 1, tail: t >= txEndMs ? 1 : 0 };
  return { head: clamp01((t - txStartMs) / delayMs), tail: clamp01((t - txEndMs) / delayMs) };
}

/**
 * Everything visible at t. `delayMs[c]` is channel c's propagation delay;
 * loss markers stay for `fadeMs` of simulated time.
 */
export function packetsAt(
  trace: TraceView,
  delayMs: readonly number[],
  t: number,
  fadeMs: number,
  /** Per channel, the most packets to draw one by one; beyond it the lane shows a density. */
  maxPerLane: readonly number[] = [],
): PacketFrame {
  const frame: PacketFrame = { wire: [], density: [], count: 0, queues: delayMs.map(() => []), drops: [], corruptions: [] };
  // Nothing enqueued before this can still be in a queue or on the wire. Loss
  // markers fade for longer (seconds of trace at fast playback): they come
  // from the loss index, so a frame's scan stays as short as what is in flight.
  const from = lowerBoundBy(trace.enqueuedMs, trace.count, t - trace.maxLifeMs);

  // First pass (only when limits are given): packets on each lane, to decide which lanes aggregate.
  const dense = new Map<number, LaneDensity>();
  if (maxPerLane.length > 0) {
    const onLane = new Uint32Array(delayMs.length);
    for (let i = from; i < trace.count; i++) {
      if ((trace.enqueuedMs(i) ?? 0) > t) break;
      if (trace.fate(i) === PacketFate.dropped) continue;
      const c = trace.channel(i) ?? 0;
      const txStart = trace.txStartMs(i) ?? 0;
      if (t >= txStart && t < (trace.txEndMs(i) ?? 0) + (delayMs[c] ?? 0) && c < onLane.length) onLane[c] = (onLane[c] ?? 0) + 1;
    }
    onLane.forEach((n, c) => {
      if (n > (maxPerLane[c] ?? Infinity)) {
        dense.set(c, { channel: c, count: n, data: new Uint16Array(DENSITY_BINS), acks: new Uint16Array(DENSITY_BINS) });
      }
    });
    frame.density = [...dense.values()];
  }

  for (let i = from; i < trace.count; i++) {
    const enq = trace.enqueuedMs(i) ?? 0;
    if (enq > t) break; // enqueue order: the rest come later
    const channel = trace.channel(i) ?? 0;
    const delay = delayMs[channel] ?? 0;
    const fate = trace.fate(i) ?? 0;
    const kind = trace.kind(i) ?? 0;
    const ack = kind === PacketKind.ack;
    const flags = trace.flags(i) ?? 0;
    const retransmission = (flags & (FLAG.retransmission | FLAG.localRetransmission)) !== 0;
    const flow = trace.flow(i) ?? 0;

    // A drop never enters the queue: it is refused at `enqueuedMs` (its marker: below).
    if (fate === PacketFate.dropped) continue;
    const txStart = trace.txStartMs(i) ?? 0;
    const txEnd = trace.txEndMs(i) ?? 0;
    if (t < txStart) {
      frame.queues[channel]?.push({ index: i, flow, ack, retransmission, flags, kind, transmitting: false });
      frame.count++;
      continue;
    }
    // Removed from the queue by ACK filtering at txStart: it never goes on the wire.
    if (fate === PacketFate.filtered) continue;
    if (t < txEnd) frame.queues[channel]?.push({ index: i, flow, ack, retransmission, flags, kind, transmitting: true });
    const pos = lanePosition(txStart, txEnd, delay, t);
    const corrupted = fate === PacketFate.corrupted;
    if (pos) {
      frame.count++;
      const d = dense.get(channel);
      if (d) {
        // Every stretch of the lane the packet covers counts it once.
        const bins = ack ? d.acks : d.data;
        const lo = Math.min(DENSITY_BINS - 1, Math.floor(pos.tail * DENSITY_BINS));
        const hi = Math.min(DENSITY_BINS - 1, Math.floor(pos.head * DENSITY_BINS));
        for (let b = lo; b <= hi; b++) bins[b] = Math.min(65535, (bins[b] ?? 0) + 1);
      } else frame.wire.push({ index: i, channel, flow, ack, retransmission, flags, kind, corrupted, ...pos });
    }
  }
  lossMarkers(trace, delayMs, t, fadeMs, frame);
  // FIFO service: the packet in transmission is at the head; the rest follow in enqueue order.
  for (const q of frame.queues) q.sort((a, b) => Number(b.transmitting) - Number(a.transmitting) || a.index - b.index);
  return frame;
}

/** Indices of dropped and corrupted records, ascending (the trace's index, or a scan when it has none). */
function lossIndices(trace: TraceView): ArrayLike<number> {
  if (trace.losses) return trace.losses;
  const out: number[] = [];
  for (let i = 0; i < trace.count; i++) if (trace.fate(i) === PacketFate.dropped || trace.fate(i) === PacketFate.corrupted) out.push(i);
  return out;
}

/** Drops (at their enqueue time) and corruptions (at their arrival) younger than `fadeMs`, fading out. */
function lossMarkers(trace: TraceView, delayMs: readonly number[], t: number, fadeMs: number, frame: PacketFrame): void {
  const losses = lossIndices(trace);
  const since = t - trace.maxLifeMs - fadeMs;
  let lo = 0;
  let hi = losses.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((trace.enqueuedMs(losses[mid] ?? 0) ?? 0) < since) lo = mid + 1;
    else hi = mid;
  }
  for (let k = lo; k < losses.length; k++) {
    const i = losses[k] ?? 0;
    const enq = trace.enqueuedMs(i) ?? 0;
    if (enq > t) break;
    const channel = trace.channel(i) ?? 0;
    const ack = trace.kind(i) === PacketKind.ack;
    if (trace.fate(i) === PacketFate.dropped) {
      const age = t - enq;
      if (age < fadeMs) frame.drops.push({ index: i, channel, ack, atMs: enq, opacity: 1 - age / fadeMs });
    } else {
      const arrival = (trace.txEndMs(i) ?? 0) + (delayMs[channel] ?? 0);
      const age = t - arrival;
      if (age >= 0 && age < fadeMs) frame.corruptions.push({ index: i, channel, ack, atMs: arrival, opacity: 1 - age / fadeMs });
    }
  }
}

/**
 * Loss markers fade over about 1.2 s of wall time whatever the speed, capped so
 * fast playback does not scan seconds of trace per frame.
 */
export function fadeSimMs(speed: number): number {
  return Math.min(1200 * speed, 5000);
}

function clamp01(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}
