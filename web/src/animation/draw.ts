// Draws the topology and the packets of one frame on a canvas (CSS pixels).

import type { Topology } from '../engine/protocol';
import { t as tr } from '../i18n';
import { formatCount, formatDuration, formatRate } from '../format';
import type { Theme } from '../theme';
import type { Gauge } from './gauges';
import { drawNode } from './glyphs';
import { geometry, layoutTopology, type Geometry, type Lane } from './layout';
import { FLAG } from '../engine/traceColumns';
import { DENSITY_BINS, type LaneDensity, type PacketFrame, type QueuedPacket, type WirePacket } from './packets';
import { bounds, Placer, textBox, type Rect } from './placement';
import { queueLimit, type QueueLimit } from './queueLimit';
import type { SharedBuffer } from './linkState';
import { textSizes, type TextSizes } from '../viewScale';
import { wrapLines } from './wrapLines';

export interface Scene {
  topology: Topology;
  geometry: Geometry;
  limits: QueueLimit[];
  /** Per link: one label for both directions when they are alike; only those with room. */
  linkLabels: { lane: Lane; text: string }[];
  /** Per channel: whether its queue stack, and its occupancy label, have room. */
  showStack: boolean[];
  showQueueLabel: boolean[];
  multiFlow: boolean;
  /** Text sizes (CSS px) at the view scale: present mode enlarges them. */
  text: TextSizes;
}

const DATA_H = 8;
const ACK_H = 5;
const MIN_GLYPH = 4;
/** Queue stacks sit this far along the lane from its start, clear of the node label. */
const STACK_INSET = 22;
const STACK_W = 10;

/** Canvas height that gives each row of nodes room for its queues. */
/** The most packets a lane shows one by one: about one per 3 px of its length. */
export function lanePacketLimits(scene: Scene): number[] {
  return scene.geometry.lanes.map((lane) => Math.max(8, Math.floor(lane.length / 3)));
}

export function sceneHeight(topology: Topology | null, text: TextSizes = textSizes(1)): number {
  const rows = topology ? layoutTopology(topology).maxRows : 1;
  // Larger text (present mode) needs taller rows for the same picture.
  const grow = text.node / textSizes(1).node;
  return Math.round(grow * (rows <= 1 ? 236 : Math.min(640, 120 + rows * 70)));
}

/** Line height of node names. */
const lineHeight = (px: number) => Math.round(px * 1.2);
/** Text boxes are estimated without a canvas: about 0.58 em per character. */
const charWidth = (px: number) => px * 0.58;
/** Widest a node name may be: its node's room, or ten characters. */
function nodeLabelWidth(geo: Geometry, text: TextSizes): number {
  return Math.max(2 * (geo.nodeRadius + STACK_INSET) - 8, 10 * charWidth(text.node));
}

export function buildScene(topology: Topology, width: number, height: number, buffers: readonly SharedBuffer[] = [], text: TextSizes = textSizes(1)): Scene {
  const layout = layoutTopology(topology);
  // Side margins hold half a node name; on a phone, lanes need the width more than the margins.
  const geo = geometry(layout, topology, { width, height, marginX: Math.max(4 * charWidth(text.node) + 14, Math.min(80, width * 0.1)), marginY: 18 });
  // Stack heights count full-size segments of the first flow.
  const packetBytes = topology.flows[0]?.segment_bytes ?? 1040;
  const limits = topology.channels.map((c, i) => queueLimit(c, packetBytes, buffers.find((b) => b.channels.includes(i))));

  // Crowded topologies (a dumbbell's fan of access links) have no room for
  // every label and stack: nodes and their names first, then the slowest
  // channels' queues (where queues build), then link labels, then counts.
  const placer = new Placer();
  topology.nodes.forEach((node, i) => {
    const at = geo.nodes[i];
    if (!at) return;
    const r = geo.nodeRadius;
    placer.reserve({ x0: at.x - r, y0: at.y - r, x1: at.x + r, y1: at.y + r });
    // At most two lines of name (longer names are cut with an ellipsis).
    const w = Math.min(nodeLabelWidth(geo, text), node.label.length * charWidth(text.node));
    placer.reserve({ x0: at.x - w / 2, y0: at.y + r + 4, x1: at.x + w / 2, y1: at.y + r + 8 + 2 * lineHeight(text.node) });
  });
  const byRate = topology.channels.map((_, i) => i).sort((a, b) => (topology.channels[a]?.rate_bps ?? 0) - (topology.channels[b]?.rate_bps ?? 0) || a - b);
  const showStack = topology.channels.map(() => false);
  for (const c of byRate) {
    const lane = geo.lanes[c];
    if (lane) showStack[c] = placer.take(stackRect(lane, geo.stackHeight));
  }
  const linkLabels: Scene['linkLabels'] = [];
  for (const link of layout.links) {
    const fwd = link.forward === null ? null : topology.channels[link.forward];
    const rev = link.reverse === null ? null : topology.channels[link.reverse];
    const fwdLane = link.forward === null ? null : geo.lanes[link.forward];
    const revLane = link.reverse === null ? null : geo.lanes[link.reverse];
    const rateDelay = (c: { rate_bps: number; delay_ms: number }) => `${formatRate(c.rate_bps)} \u00b7 ${formatDuration(c.delay_ms)}`;
    const candidates: { lane: Lane; text: string }[] = [];
    if (fwd && rev && fwdLane && fwd.rate_bps === rev.rate_bps && fwd.delay_ms === rev.delay_ms) {
      candidates.push({ lane: fwdLane, text: `${link.link}: ${rateDelay(fwd)}` });
    } else {
      if (fwd && fwdLane) candidates.push({ lane: fwdLane, text: `${link.link} \u25b8 ${rateDelay(fwd)}` });
      if (rev && revLane) candidates.push({ lane: revLane, text: `\u25c2 ${rateDelay(rev)}` });
    }
    for (const c of candidates) {
      const at = linkLabelAt(c.lane);
      if (placer.take(textBox(at.x, at.y, c.text, charWidth(text.link), text.link + 2))) linkLabels.push(c);
    }
  }
  const showQueueLabel = topology.channels.map((_, c) => {
    const lane = geo.lanes[c];
    if (!lane || !showStack[c]) return false;
    const at = queueLabelAt(lane, geo.stackHeight);
    return placer.take(textBox(at.x, at.y, `100/${limits[c]?.text ?? ''}`, charWidth(text.queue), text.queue + 2));
  });
  return { topology, geometry: geo, limits, linkLabels, showStack, showQueueLabel, multiFlow: topology.flows.length > 1, text };
}

/** What lies under the packets and does not move: lanes and link labels. */
export function drawUnder(ctx: CanvasRenderingContext2D, scene: Scene, theme: Theme, down: readonly boolean[]): void {
  const geo = scene.geometry;
  ctx.font = `${scene.text.link}px ${theme.font}`;
  ctx.textBaseline = 'middle';
  geo.lanes.forEach((lane, c) => (down[c] ? drawDownLane(ctx, lane, theme, scene.text.packet) : drawLane(ctx, lane, theme)));
  for (const label of scene.linkLabels) drawLinkLabel(ctx, label.lane, label.text, theme);
}

/** What lies over the packets and does not move: the nodes and their names. */
export function drawOver(ctx: CanvasRenderingContext2D, scene: Scene, theme: Theme): void {
  const geo = scene.geometry;
  scene.topology.nodes.forEach((node, i) => {
    const at = geo.nodes[i];
    if (!at) return;
    drawNode(ctx, node.kind, at.x, at.y, geo.nodeRadius, theme);
    drawNodeLabel(ctx, node.label, at.x, at.y + geo.nodeRadius + 6, nodeLabelWidth(geo, scene.text), theme, scene.text.node);
  });
}

/** The still parts of a scene, drawn once (see staticLayers.ts); null: drawn each frame. */
export interface StillLayers {
  under: CanvasImageSource;
  over: CanvasImageSource;
}

export function drawScene(
  ctx: CanvasRenderingContext2D,
  scene: Scene,
  frame: PacketFrame | null,
  theme: Theme,
  /** Per channel: down (a scheduled outage) at this time. */
  down: readonly boolean[] = [],
  still: StillLayers | null = null,
): void {
  const { geometry: geo } = scene;
  ctx.clearRect(0, 0, geo.width, geo.height);
  if (still) blit(ctx, still.under);
  else drawUnder(ctx, scene, theme, down);
  ctx.font = `${scene.text.link}px ${theme.font}`;
  ctx.textBaseline = 'middle';
  geo.lanes.forEach((lane, c) => {
    if (scene.showStack[c]) drawQueue(ctx, scene, lane, c, frame?.queues[c] ?? [], theme);
  });

  if (frame) {
    for (const d of frame.density) {
      const lane = geo.lanes[d.channel];
      if (lane) drawDensity(ctx, lane, d, theme, scene.text.packet);
    }
    for (const p of frame.wire) {
      const lane = geo.lanes[p.channel];
      if (lane) drawPacket(ctx, scene, lane, p, theme);
    }
  }

  if (still) blit(ctx, still.over);
  else drawOver(ctx, scene, theme);

  if (frame) {
    for (const d of frame.drops) {
      const lane = geo.lanes[d.channel];
      if (!lane) continue;
      // Beside the full end of the stack, where the refused packet would have
      // gone; at the lane's start when the stack had no room.
      const top = scene.showStack[d.channel] ? stackTop(lane, geo.stackHeight - 6) : lane.start;
      const at = { x: top.x + lane.dir.x * (STACK_W + 6), y: top.y + lane.dir.y * (STACK_W + 6) };
      drawCross(ctx, at, 7 + 4 * (1 - d.opacity), theme.drop, d.opacity, false);
    }
    for (const c of frame.corruptions) {
      const lane = geo.lanes[c.channel];
      if (lane) drawCross(ctx, lane.end, 6, theme.corrupt, c.opacity, true);
    }
  }
}

/** A layer of device pixels drawn 1:1 over the canvas. */
function blit(ctx: CanvasRenderingContext2D, layer: CanvasImageSource): void {
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(layer, 0, 0);
  ctx.restore();
}

/** Middlebox state at its node: a bar filling up to the run's largest value, and the value in words. */
export function drawGauges(ctx: CanvasRenderingContext2D, scene: Scene, gauges: readonly Gauge[], theme: Theme): void {
  const geo = scene.geometry;
  const perNode = new Map<number, number>();
  for (const g of gauges) {
    const at = geo.nodes[g.node];
    if (!at) continue;
    const k = perNode.get(g.node) ?? 0;
    perNode.set(g.node, k + 1);
    const px = scene.text.gauge;
    const w = Math.max(64, 5 * px);
    const x = at.x - w / 2;
    const y = at.y - geo.nodeRadius - 14 - k * (px + 13);
    ctx.save();
    ctx.fillStyle = theme.surface;
    ctx.globalAlpha = 0.9;
    ctx.fillRect(x - 2, y - px - 1, w + 4, px + 10);
    ctx.globalAlpha = 1;
    ctx.strokeStyle = theme.middlebox;
    ctx.lineWidth = 1;
    ctx.strokeRect(x + 0.5, y + 0.5, w - 1, 6);
    ctx.fillStyle = theme.middlebox;
    ctx.fillRect(x + 1, y + 1, Math.max(0, (w - 2) * Math.min(1, g.value / Math.max(g.max, 1e-9))), 5);
    ctx.font = `${px}px ${theme.font}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'bottom';
    ctx.fillStyle = theme.text;
    const unit = g.unit === 'bytes' ? ' B' : g.unit === 'packets' ? ` ${tr('network:canvas.pkt')}` : g.unit ? ` ${g.unit}` : '';
    ctx.fillText(`${g.label} ${formatCount(Math.round(g.value))}${unit}`, at.x, y - 1);
    ctx.restore();
  }
}

/** A one-line note in the top-left corner (e.g. where the kept trace ends). */
export function drawNote(ctx: CanvasRenderingContext2D, text: string, theme: Theme, px = textSizes(1).note): void {
  ctx.save();
  ctx.font = `${px}px ${theme.font}`;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  const w = ctx.measureText(text).width;
  ctx.fillStyle = theme.surface;
  ctx.globalAlpha = 0.9;
  ctx.fillRect(4, 4, w + 12, px + 8);
  ctx.globalAlpha = 1;
  ctx.fillStyle = theme.muted;
  ctx.fillText(text, 10, 8);
  ctx.restore();
}

function drawLane(ctx: CanvasRenderingContext2D, lane: Lane, theme: Theme): void {
  ctx.save();
  laneFrame(ctx, lane.start, lane);
  ctx.strokeStyle = theme.lane;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(0, -DATA_H / 2 - 1.5);
  ctx.lineTo(lane.length, -DATA_H / 2 - 1.5);
  ctx.moveTo(0, DATA_H / 2 + 1.5);
  ctx.lineTo(lane.length, DATA_H / 2 + 1.5);
  ctx.stroke();
  // A small arrowhead at the receiving end gives the direction of the lane.
  ctx.fillStyle = theme.lane;
  ctx.beginPath();
  ctx.moveTo(lane.length + 1, -4);
  ctx.lineTo(lane.length + 5, 0);
  ctx.lineTo(lane.length + 1, 4);
  ctx.fill();
  ctx.restore();
}

/** A lane during an outage: greyed, dashed and broken in the middle, marked "down". */
function drawDownLane(ctx: CanvasRenderingContext2D, lane: Lane, theme: Theme, px: number): void {
  const L = lane.length;
  const gap = Math.min(36, L / 3);
  ctx.save();
  laneFrame(ctx, lane.start, lane);
  ctx.strokeStyle = theme.muted;
  ctx.globalAlpha = 0.7;
  ctx.lineWidth = 1;
  ctx.setLineDash([4, 3]);
  ctx.beginPath();
  for (const y of [-DATA_H / 2 - 1.5, DATA_H / 2 + 1.5]) {
    ctx.moveTo(0, y);
    ctx.lineTo(L / 2 - gap / 2, y);
    ctx.moveTo(L / 2 + gap / 2, y);
    ctx.lineTo(L, y);
  }
  ctx.stroke();
  // The break: two jagged ends facing each other.
  ctx.setLineDash([]);
  ctx.globalAlpha = 1;
  ctx.strokeStyle = theme.drop;
  ctx.lineWidth = 2;
  ctx.beginPath();
  for (const x of [L / 2 - gap / 2, L / 2 + gap / 2]) {
    ctx.moveTo(x - 2, -DATA_H / 2 - 3);
    ctx.lineTo(x + 2, -1);
    ctx.lineTo(x - 2, 1);
    ctx.lineTo(x + 2, DATA_H / 2 + 3);
  }
  ctx.stroke();
  ctx.restore();
  // "down" in the break, on the lane itself (clear of the other direction's lane and the link label).
  const mid = { x: (lane.start.x + lane.end.x) / 2, y: (lane.start.y + lane.end.y) / 2 };
  ctx.save();
  ctx.font = `600 ${px}px ${theme.font}`;
  const down = tr('network:canvas.down');
  const w = ctx.measureText(down).width;
  ctx.fillStyle = theme.surface;
  ctx.fillRect(mid.x - w / 2 - 2, mid.y - px / 2 - 1, w + 4, px + 2);
  ctx.fillStyle = theme.drop;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(down, mid.x, mid.y);
  ctx.restore();
}

function linkLabelAt(lane: Lane): { x: number; y: number } {
  return {
    x: (lane.start.x + lane.end.x) / 2 + lane.normal.x * (DATA_H / 2 + 12),
    y: (lane.start.y + lane.end.y) / 2 + lane.normal.y * (DATA_H / 2 + 12),
  };
}

function drawLinkLabel(ctx: CanvasRenderingContext2D, lane: Lane, text: string, theme: Theme): void {
  const at = linkLabelAt(lane);
  ctx.fillStyle = theme.muted;
  ctx.textAlign = 'center';
  ctx.fillText(text, at.x, at.y);
}

/** The screen box a queue stack covers. */
function stackRect(lane: Lane, height: number): Rect {
  const base = stackBase(lane);
  const along = (d: number, out: number) => ({
    x: base.x + lane.dir.x * d + lane.normal.x * out,
    y: base.y + lane.dir.y * d + lane.normal.y * out,
  });
  return bounds([along(-1, 0), along(STACK_W + 1, 0), along(-1, height), along(STACK_W + 1, height)]);
}

function queueLabelAt(lane: Lane, height: number): { x: number; y: number } {
  const top = stackTop(lane, height);
  return { x: top.x + lane.normal.x * 6, y: top.y + lane.normal.y * 7 };
}

/** The stack grows from the lane outward (along the lane's normal), at its sending end. */
function stackBase(lane: Lane): { x: number; y: number } {
  const off = DATA_H / 2 + 4;
  return {
    x: lane.start.x + lane.dir.x * STACK_INSET + lane.normal.x * off,
    y: lane.start.y + lane.dir.y * STACK_INSET + lane.normal.y * off,
  };
}

function stackTop(lane: Lane, height: number): { x: number; y: number } {
  const base = stackBase(lane);
  return {
    x: base.x + lane.dir.x * (STACK_W / 2) + lane.normal.x * (height + 2),
    y: base.y + lane.dir.y * (STACK_W / 2) + lane.normal.y * (height + 2),
  };
}

function drawQueue(
  ctx: CanvasRenderingContext2D,
  scene: Scene,
  lane: Lane,
  channel: number,
  queue: QueuedPacket[],
  theme: Theme,
): void {
  const limit: QueueLimit | undefined = scene.limits[channel];
  const capacity = limit?.packets ?? 50;
  const H = scene.geometry.stackHeight;
  const base = stackBase(lane);
  ctx.save();
  // Local frame: x along the lane, y outward from it.
  laneFrame(ctx, base, lane);
  ctx.strokeStyle = theme.queueOutline;
  ctx.lineWidth = 1;
  ctx.setLineDash([2, 2]);
  ctx.strokeRect(-0.5, 0, STACK_W + 1, H);
  ctx.setLineDash([]);
  const cell = H / capacity;
  const gap = cell >= 3 ? 1 : 0;
  queue.forEach((p, i) => {
    if (i >= capacity) return;
    ctx.fillStyle = packetColour(scene, p, theme);
    ctx.globalAlpha = p.transmitting ? 1 : 0.85;
    ctx.fillRect(0.5, i * cell, STACK_W - 1, Math.max(cell - gap, 0.75));
  });
  ctx.restore();
  if (!scene.showQueueLabel[channel]) return;
  // Occupancy and limit, unrotated, beyond the top of the stack.
  const at = queueLabelAt(lane, H);
  ctx.fillStyle = queue.length > 0 ? theme.text : theme.muted;
  ctx.textAlign = 'center';
  const font = ctx.font;
  ctx.font = `${scene.text.queue}px ${theme.font}`;
  ctx.fillText(`${queue.length}/${limit?.text.replace(/pkt$/, '') ?? capacity}`, at.x, at.y);
  ctx.font = font;
}

function drawPacket(ctx: CanvasRenderingContext2D, scene: Scene, lane: Lane, p: WirePacket, theme: Theme): void {
  const L = lane.length;
  let x1 = p.head * L;
  let x0 = p.tail * L;
  const min = p.ack ? MIN_GLYPH + 2 : MIN_GLYPH;
  if (x1 - x0 < min) {
    // Too short to see: a minimum-size glyph ending at the head, kept on the lane.
    x0 = Math.max(0, x1 - min);
    x1 = Math.min(L, x0 + min);
  }
  ctx.save();
  laneFrame(ctx, lane.start, lane);
  ctx.fillStyle = packetColour(scene, p, theme);
  ctx.beginPath();
  if (p.ack) {
    // ACKs: thinner, with a pointed head.
    const h = ACK_H / 2;
    const tip = Math.min(3, (x1 - x0) / 2);
    ctx.moveTo(x0, -h);
    ctx.lineTo(x1 - tip, -h);
    ctx.lineTo(x1, 0);
    ctx.lineTo(x1 - tip, h);
    ctx.lineTo(x0, h);
    ctx.closePath();
  } else {
    ctx.rect(x0, -DATA_H / 2, x1 - x0, DATA_H);
  }
  ctx.fill();
  if (p.retransmission && !p.ack) {
    // Retransmissions also get an outline, so they stand out in any palette.
    ctx.strokeStyle = theme.text;
    ctx.lineWidth = 1;
    ctx.stroke();
  }
  if (p.flags & FLAG.spoofed) {
    // Made by a middlebox, not by the endpoint: a dashed outline.
    ctx.strokeStyle = theme.middlebox;
    ctx.lineWidth = 1.5;
    ctx.setLineDash([2, 1.5]);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  if (p.flags & FLAG.localRetransmission && !p.ack) {
    // Resent from a middlebox cache: a bar across the middle in the middlebox colour.
    ctx.fillStyle = theme.middlebox;
    ctx.fillRect(x0, -1.5, x1 - x0, 3);
  }
  if (p.flags & FLAG.fragmented && !p.ack && x1 - x0 >= 6) {
    // Sent in fragments: the glyph cut in three.
    ctx.fillStyle = theme.surface;
    for (const f of [1 / 3, 2 / 3]) ctx.fillRect(x0 + (x1 - x0) * f - 0.75, -DATA_H / 2, 1.5, DATA_H);
  }
  if (p.flags & (FLAG.ce | FLAG.ece)) {
    // ECN: a cap at the head (CE on data, ECN-echo on ACKs).
    ctx.fillStyle = theme.ecn;
    const h = p.ack ? ACK_H : DATA_H;
    ctx.fillRect(Math.max(x0, x1 - 3), -h / 2 - 2, Math.min(3, x1 - x0), h + 4);
  }
  ctx.restore();
}

/** A lane with too many packets to draw: how densely each stretch is covered, data above ACKs. */
function drawDensity(ctx: CanvasRenderingContext2D, lane: Lane, d: LaneDensity, theme: Theme, px: number): void {
  ctx.save();
  laneFrame(ctx, lane.start, lane);
  const w = lane.length / DENSITY_BINS;
  let max = 1;
  for (let b = 0; b < DENSITY_BINS; b++) max = Math.max(max, d.data[b] ?? 0, d.acks[b] ?? 0);
  for (let b = 0; b < DENSITY_BINS; b++) {
    const data = d.data[b] ?? 0;
    const acks = d.acks[b] ?? 0;
    if (data > 0) {
      ctx.globalAlpha = 0.25 + 0.75 * Math.min(1, data / max);
      ctx.fillStyle = theme.data;
      ctx.fillRect(b * w, -DATA_H / 2, w + 0.5, acks > 0 ? DATA_H / 2 + 1 : DATA_H);
    }
    if (acks > 0) {
      ctx.globalAlpha = 0.25 + 0.75 * Math.min(1, acks / max);
      ctx.fillStyle = theme.ack;
      ctx.fillRect(b * w, data > 0 ? 1 : -ACK_H / 2, w + 0.5, data > 0 ? DATA_H / 2 - 1 : ACK_H);
    }
  }
  ctx.globalAlpha = 1;
  ctx.restore();
  // How many, in words: a density is not a picture of single packets.
  // At three quarters of the lane: the link's own label sits at the middle.
  const f = 0.78;
  const mid = {
    x: lane.start.x + (lane.end.x - lane.start.x) * f + lane.normal.x * (DATA_H + 10),
    y: lane.start.y + (lane.end.y - lane.start.y) * f + lane.normal.y * (DATA_H + 10),
  };
  ctx.save();
  ctx.font = `600 ${px}px ${theme.font}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const text = tr('network:canvas.packets', { count: d.count, formatted: formatCount(d.count) });
  const tw = ctx.measureText(text).width;
  ctx.fillStyle = theme.surface;
  ctx.globalAlpha = 0.85;
  ctx.fillRect(mid.x - tw / 2 - 4, mid.y - px / 2 - 1, tw + 8, px + 2);
  ctx.globalAlpha = 1;
  ctx.fillStyle = theme.text;
  ctx.fillText(text, mid.x, mid.y);
  ctx.restore();
}

function packetColour(scene: Scene, p: { ack: boolean; retransmission: boolean; flow: number; kind: number }, theme: Theme): string {
  if (p.retransmission && !p.ack) return theme.retx;
  if (p.kind === 2) return theme.datagram;
  if (scene.multiFlow) {
    const c = theme.flows[p.flow % theme.flows.length] ?? theme.data;
    return p.ack ? withAlpha(c, 0.55) : c;
  }
  return p.ack ? theme.ack : theme.data;
}

function drawCross(
  ctx: CanvasRenderingContext2D,
  at: { x: number; y: number },
  size: number,
  colour: string,
  opacity: number,
  ring: boolean,
): void {
  ctx.save();
  ctx.globalAlpha = Math.max(0, Math.min(1, opacity));
  ctx.strokeStyle = colour;
  ctx.lineWidth = 2.5;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(at.x - size / 2, at.y - size / 2);
  ctx.lineTo(at.x + size / 2, at.y + size / 2);
  ctx.moveTo(at.x + size / 2, at.y - size / 2);
  ctx.lineTo(at.x - size / 2, at.y + size / 2);
  ctx.stroke();
  if (ring) {
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.arc(at.x, at.y, size, 0, Math.PI * 2);
    ctx.stroke();
  }
  ctx.restore();
}

function drawNodeLabel(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, maxWidth: number, theme: Theme, px: number): void {
  ctx.save();
  ctx.font = `600 ${px}px ${theme.font}`;
  ctx.fillStyle = theme.text;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  // Two lines at most, each within the node's room: a long name must not run into its neighbours.
  wrapLines(text, maxWidth, 2, (s) => ctx.measureText(s).width).forEach((line, i) => ctx.fillText(line, x, y + i * lineHeight(px)));
  ctx.restore();
}

/** Sets the transform so x runs along the lane from `origin` and y along its outward normal. */
function laneFrame(ctx: CanvasRenderingContext2D, origin: { x: number; y: number }, lane: Lane): void {
  // Same as multiplying by a translation and the lane's frame matrix, without allocating matrices every frame.
  ctx.translate(origin.x, origin.y);
  ctx.transform(lane.dir.x, lane.dir.y, lane.normal.x, lane.normal.y, 0, 0);
}

/** Local x runs along the lane, local y along its outward normal. */

function withAlpha(colour: string, alpha: number): string {
  const m = /^#([0-9a-f]{6})$/i.exec(colour);
  if (!m) return colour;
  const n = parseInt(m[1] ?? '0', 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}
