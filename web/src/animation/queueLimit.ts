// The queue limit of a channel, for drawing the height of its queue stack.

import type { TopologyChannel } from '../engine/protocol';

export interface QueueLimit {
  /** As the engine writes it, e.g. "50pkt" or "120KB". */
  text: string;
  /** Capacity in packets; for byte limits, in packets of `packetBytes`. */
  packets: number;
}

export function queueLimit(channel: TopologyChannel, packetBytes: number): QueueLimit {
  const packets =
    channel.queue_limit_packets ?? Math.floor((channel.queue_limit_bytes ?? 0) / Math.max(1, packetBytes));
  return { text: channel.queue_limit, packets: Math.max(1, packets) };
}
