// What the time-sequence and throughput plots need of one flow, taken from
// the packet trace in one pass: segments as the sender sent them, ACKs and
// SACK blocks as the sender received them, losses, and the bytes reaching the
// receiver (with prefix sums, so the throughput of any window is two lookups).

import type { FlowSpec, Scenario, Topology } from '../generated/types';
import { FLAG, PacketFate, PacketKind } from '../engine/traceColumns';
import { valueAtPath } from '../engine/resolve';
import { sackBlock, type TraceView } from '../state/trace';
import { parseBytes } from './units';

/** Times with a value each (and an end, for ranges such as SACK blocks). */
export interface Points {
  timesMs: Float64Array;
  values: Float64Array;
  ends?: Float64Array;
}

export interface FlowTrace {
  /** New data segments leaving the sender (time: start of transmission; value: segment number). */
  sent: Points;
  /** Retransmissions by the sender. */
  retransmitted: Points;
  /** Segments resent by a middlebox from its cache (Snoop). */
  localRetransmitted: Points;
  /** Data segments dropped by a queue or corrupted, anywhere on the path (time: where it happened). */
  lost: Points;
  /** Cumulative ACK as it reaches the sender. */
  acks: Points;
  /** ACKs made by a middlebox on the receiver's behalf (split proxy). */
  spoofedAcks: Points;
  /** SACK blocks as they reach the sender: [value, end) in segments. */
  sack: Points;
  /** The receive window's right edge: cumulative ACK + advertised window, in segments. */
  window: Points;
  /** Data arriving at the receiver: arrival times and cumulative payload bytes up to and including each. */
  received: { timesMs: Float64Array; cumBytes: Float64Array };
  /** Payload bytes per segment. */
  mssBytes: number;
}

/** Growable typed columns (no per-point objects), sorted by time on the way out. */
class Collector {
  private t = new Float64Array(256);
  private v = new Float64Array(256);
  private e: Float64Array | null;
  private n = 0;
  constructor(withEnds = false) {
    this.e = withEnds ? new Float64Array(256) : null;
  }
  push(t: number, v: number, end = 0): void {
    if (this.n === this.t.length) {
      const grow = (a: Float64Array) => {
        const b = new Float64Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.t = grow(this.t);
      this.v = grow(this.v);
      if (this.e) this.e = grow(this.e);
    }
    this.t[this.n] = t;
    this.v[this.n] = v;
    if (this.e) this.e[this.n] = end;
    this.n++;
  }
  done(): Points {
    const n = this.n;
    const t = this.t.subarray(0, n);
    const v = this.v.subarray(0, n);
    const e = this.e?.subarray(0, n) ?? null;
    let sorted = true;
    for (let i = 1; i < n && sorted; i++) sorted = (t[i] ?? 0) >= (t[i - 1] ?? 0);
    if (sorted) return e ? { timesMs: t, values: v, ends: e } : { timesMs: t, values: v };
    // Stable: equal times keep trace order.
    const order = Uint32Array.from({ length: n }, (_, i) => i).sort((a, b) => (t[a] ?? 0) - (t[b] ?? 0) || a - b);
    const pick = (a: Float64Array) => Float64Array.from(order, (i) => a[i] ?? 0);
    return e ? { timesMs: pick(t), values: pick(v), ends: pick(e) } : { timesMs: pick(t), values: pick(v) };
  }
}

function flowSpec(scenario: Scenario | null, id: string): FlowSpec | null {
  return scenario?.flows.find((f) => f.id === id) ?? null;
}

/** Payload bytes per segment, header bytes per packet and the advertised window in segments. */
export function flowSizes(scenario: Scenario | null, flowId: string): { mss: number; header: number; rwndSegments: number } {
  const spec = flowSpec(scenario, flowId);
  const at = (path: string) => (spec ? valueAtPath(spec, path) : undefined);
  const mss = parseBytes(at('tcp.mss')) ?? 1000;
  // The timestamps option adds 12 header bytes (RFC 7323).
  const header = (parseBytes(at('tcp.header')) ?? 40) + (at('tcp.timestamps') === true ? 12 : 0);
  let rwnd = parseBytes(at('tcp.rwnd')) ?? 65_535;
  // Without window scaling, at most 65535 B can be advertised (RFC 7323 section 2).
  if (at('tcp.window_scaling') === false) rwnd = Math.min(rwnd, 65_535);
  return { mss, header, rwndSegments: Math.max(1, Math.floor(rwnd / Math.max(1, mss))) };
}

export function flowTrace(trace: TraceView, topology: Topology, scenario: Scenario | null, flowIndex: number): FlowTrace | null {
  const flow = topology.flows[flowIndex];
  if (!flow) return null;
  const { mss, header, rwndSegments } = flowSizes(scenario, flow.id);
  const channels = topology.channels;
  const sent = new Collector();
  const retransmitted = new Collector();
  const local = new Collector();
  const lost = new Collector();
  const acks = new Collector();
  const spoofed = new Collector();
  const sack = new Collector(true);
  const window = new Collector();
  const received = new Collector();

  for (let i = 0; i < trace.count; i++) {
    if (trace.flow(i) !== flowIndex) continue;
    const c = channels[trace.channel(i) ?? 0];
    if (!c) continue;
    const kind = trace.kind(i) ?? 0;
    const flags = trace.flags(i) ?? 0;
    const fate = trace.fate(i) ?? 0;
    const seq = trace.seq(i) ?? 0;
    const arrival = (trace.txEndMs(i) ?? 0) + c.delay_ms;
    if (kind === PacketKind.ack) {
      if (c.to !== flow.from || fate !== PacketFate.delivered) continue;
      acks.push(arrival, seq);
      // The window the ACK advertises (a split proxy's or M-TCP's), else the configured one.
      const advertised = flags & FLAG.window ? (trace.window(i) ?? 0) : rwndSegments;
      window.push(arrival, seq + advertised);
      if (flags & FLAG.spoofed) spoofed.push(arrival, seq);
      const n = Math.min(3, trace.sackLen(i) ?? 0);
      for (let k = 0; k < n; k++) {
        const [start, end] = sackBlock(trace, i, k);
        sack.push(arrival, start, end);
      }
      continue;
    }
    if (c.from === flow.from) {
      const t = trace.txStartMs(i) ?? 0;
      if (fate === PacketFate.dropped) {
        // Refused by the sender's own queue: never sent.
      } else if (flags & FLAG.retransmission) retransmitted.push(t, seq);
      else sent.push(t, seq);
    }
    if (flags & FLAG.localRetransmission && fate !== PacketFate.dropped) local.push(trace.txStartMs(i) ?? 0, seq);
    if (fate === PacketFate.dropped) lost.push(trace.enqueuedMs(i) ?? 0, seq);
    else if (fate === PacketFate.corrupted) lost.push(arrival, seq);
    else if (c.to === flow.to) received.push(arrival, Math.max(0, Math.min(mss, (trace.size(i) ?? 0) - header)));
  }

  // Arrivals over one FIFO channel are in order; several channels into the receiver are sorted by done().
  const rx = received.done();
  const cumBytes = new Float64Array(rx.values.length);
  let sum = 0;
  for (let k = 0; k < cumBytes.length; k++) {
    sum += rx.values[k] ?? 0;
    cumBytes[k] = sum;
  }

  return {
    sent: sent.done(),
    retransmitted: retransmitted.done(),
    localRetransmitted: local.done(),
    lost: lost.done(),
    acks: acks.done(),
    spoofedAcks: spoofed.done(),
    sack: sack.done(),
    window: window.done(),
    received: { timesMs: rx.timesMs, cumBytes },
    mssBytes: mss,
  };
}

/** Bytes a flow's trace data hold. */
export function flowTraceBytes(ft: FlowTrace | null): number {
  if (!ft) return 0;
  let n = ft.received.timesMs.byteLength + ft.received.cumBytes.byteLength;
  for (const p of [ft.sent, ft.retransmitted, ft.localRetransmitted, ft.lost, ft.acks, ft.spoofedAcks, ft.sack, ft.window]) {
    n += p.timesMs.byteLength + p.values.byteLength + (p.ends?.byteLength ?? 0);
  }
  return n;
}
