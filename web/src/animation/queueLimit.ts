// The queue limit of a channel, for drawing the height of its queue stack.

import type { TopologyChannel } from '../engine/protocol';
import { t as tr } from '../i18n';
import type { SharedBuffer } from './linkState';

export interface QueueLimit {
  /** As the engine writes it, e.g. "50pkt" or "120KB". */
  text: string;
  /** Capacity in packets; for byte limits, in packets of `packetBytes`. */
  packets: number;
}

/** The channel's own limit, or the shared buffer it draws on when that holds less. */
export function queueLimit(channel: TopologyChannel, packetBytes: number, buffer?: SharedBuffer): QueueLimit {
  const packets =
    channel.queue_limit_packets ?? Math.floor((channel.queue_limit_bytes ?? 0) / Math.max(1, packetBytes));
  const own = { text: channel.queue_limit, packets: Math.max(1, packets) };
  if (!buffer) return own;
  const shared = Math.max(1, buffer.unit === 'packets' ? buffer.limit : Math.floor(buffer.limit / Math.max(1, packetBytes)));
  return shared < own.packets ? { text: tr('network:canvas.sharedLimit', { limit: buffer.limitText }), packets: shared } : own;
}
