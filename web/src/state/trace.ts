// The packet trace of a run, as growable columns in enqueue-time order.

import type { TraceChunk } from '../engine/protocol';
import { Column, f64, u16, u32, u8 } from './columns';

/** A read-only snapshot of the trace columns (views, valid until the next append). */
export type TraceView = Omit<TraceChunk, 'uid'> & {
  /**
   * The longest time any record spends between enqueue and its last bit's
   * arrival: records enqueued earlier than `t - maxLifeMs` are gone by `t`.
   */
  maxLifeMs: number;
};

export class TraceColumns {
  private readonly enqueuedMs = new Column(f64);
  private readonly txStartMs = new Column(f64);
  private readonly txEndMs = new Column(f64);
  private readonly seq = new Column(u32);
  private readonly size = new Column(u32);
  private readonly channel = new Column(u16);
  private readonly flow = new Column(u16);
  private readonly kind = new Column(u8);
  private readonly flags = new Column(u16);
  private readonly fate = new Column(u8);
  private maxLifeMs = 0;

  /** `delayMs[c]`: propagation delay of channel c. */
  constructor(private readonly delayMs: readonly number[]) {}

  get count(): number {
    return this.enqueuedMs.length;
  }

  /** Appends up to `limit` records of a chunk; returns how many were kept. */
  append(chunk: TraceChunk, limit = chunk.count): number {
    const n = Math.max(0, Math.min(chunk.count, limit));
    if (n === 0) return 0;
    this.enqueuedMs.append(chunk.enqueuedMs, 0, n);
    this.txStartMs.append(chunk.txStartMs, 0, n);
    this.txEndMs.append(chunk.txEndMs, 0, n);
    this.seq.append(chunk.seq, 0, n);
    this.size.append(chunk.size, 0, n);
    this.channel.append(chunk.channel, 0, n);
    this.flow.append(chunk.flow, 0, n);
    this.kind.append(chunk.kind, 0, n);
    this.flags.append(chunk.flags, 0, n);
    this.fate.append(chunk.fate, 0, n);
    for (let i = 0; i < n; i++) {
      const life = (chunk.txEndMs[i] ?? 0) + (this.delayMs[chunk.channel[i] ?? 0] ?? 0) - (chunk.enqueuedMs[i] ?? 0);
      if (life > this.maxLifeMs) this.maxLifeMs = life;
    }
    return n;
  }

  view(): TraceView {
    return {
      count: this.count,
      enqueuedMs: this.enqueuedMs.view(),
      txStartMs: this.txStartMs.view(),
      txEndMs: this.txEndMs.view(),
      seq: this.seq.view(),
      size: this.size.view(),
      channel: this.channel.view(),
      flow: this.flow.view(),
      kind: this.kind.view(),
      flags: this.flags.view(),
      fate: this.fate.view(),
      maxLifeMs: this.maxLifeMs,
    };
  }
}
