// Draws the topology and the packets of one frame on a canvas (CSS pixels).

import { currentLanguage, t as tr } from '../i18n';
import { formatCount } from '../format';
import type { Theme } from '../theme';
import { gaugeValue, type Gauge } from './gauges';
import { drawNode } from './glyphs';
import type { Lane } from './layout';
import { FLAG } from '../engine/traceColumns';
import { DENSITY_BINS, type LaneDensity, type PacketFrame, type QueuedPacket, type WirePacket } from './packets';
import type { QueueLimit } from './queueLimit';
import { textSizes } from '../viewScale';
import { lineHeight, type DownLabel, type PlacedText } from './labels';
import { DATA_H, STACK_W, stackBase, stackTop } from './laneGeometry';
import { queueLimitText, type Scene } from './scene';
import { inside, intersects } from './placement';

const ACK_H = 5;
const MIN_GLYPH = 4;

/** What lies under the packets and does not move: lanes, the outlines of queue stacks and link labels. */
export function drawUnder(ctx: CanvasRenderingContext2D, scene: Scene, theme: Theme, down: readonly boolean[]): void {
  const geo = scene.geometry;
  geo.lanes.forEach((lane, c) => (down[c] ? drawDownLane(ctx, lane, theme, scene.downLabels[c] ?? null) : drawLane(ctx, lane, theme)));
  geo.lanes.forEach((lane, c) => {
    if (scene.showStack[c]) drawStackOutline(ctx, lane, geo.stackHeight, theme);
  });
  ctx.fillStyle = theme.muted;
  for (const l of scene.linkLabels) drawText(ctx, l.label, `${l.label.px}px ${theme.font}`);
}

/** What lies over the packets and does not move: the nodes and their names, and the "down" of a failed link. */
export function drawOver(ctx: CanvasRenderingContext2D, scene: Scene, theme: Theme, down: readonly boolean[]): void {
  const geo = scene.geometry;
  scene.downLabels.forEach((mark, c) => {
    if (mark && down[c]) drawDownMark(ctx, mark, theme);
  });
  scene.topology.nodes.forEach((node, i) => {
    const at = geo.nodes[i];
    if (at) drawNode(ctx, node.kind, at.x, at.y, geo.nodeRadius, theme);
  });
  ctx.fillStyle = theme.text;
  for (const label of scene.nodeLabels) if (label) drawText(ctx, label, `600 ${label.px}px ${theme.font}`);
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
      if (lane) drawDensity(ctx, scene, lane, d, theme);
    }
    drawPackets(ctx, scene, frame.wire, theme);
  }

  if (still) blit(ctx, still.over);
  else drawOver(ctx, scene, theme, down);

  if (frame) {
    const drops: Cross[] = [];
    for (const d of frame.drops) {
      const lane = geo.lanes[d.channel];
      if (!lane) continue;
      // Beside the full end of the stack, where the refused packet would have
      // gone; at the lane's start when the stack had no room.
      const top = scene.showStack[d.channel] ? stackTop(lane, geo.stackHeight - 6) : lane.start;
      drops.push({ x: top.x + lane.dir.x * (STACK_W + 6), y: top.y + lane.dir.y * (STACK_W + 6), size: 7 + 4 * (1 - d.opacity), opacity: d.opacity });
    }
    drawCrosses(ctx, drops, theme.drop, false);
    const corruptions: Cross[] = [];
    for (const c of frame.corruptions) {
      const lane = geo.lanes[c.channel];
      if (lane) corruptions.push({ x: lane.end.x, y: lane.end.y, size: 6, opacity: c.opacity });
    }
    drawCrosses(ctx, corruptions, theme.corrupt, true);
  }
}

/** A layer of device pixels drawn 1:1 over the canvas. */
function blit(ctx: CanvasRenderingContext2D, layer: CanvasImageSource): void {
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(layer, 0, 0);
  ctx.restore();
}

/** Middlebox state at its node, where the scene placed it: a bar filling up to the run's largest value, and the value in words. */
export function drawGauges(ctx: CanvasRenderingContext2D, scene: Scene, gauges: readonly Gauge[], theme: Theme): void {
  const px = scene.text.gauge;
  for (const g of gauges) {
    const slot = scene.gauges.find((s) => s.node === g.node && s.label === g.label);
    if (!slot) continue;
    const { box, bar } = slot;
    ctx.save();
    ctx.fillStyle = theme.surface;
    ctx.globalAlpha = 0.9;
    ctx.fillRect(box.x0, box.y0, box.x1 - box.x0, box.y1 - box.y0);
    ctx.globalAlpha = 1;
    ctx.strokeStyle = theme.middlebox;
    ctx.lineWidth = 1;
    ctx.strokeRect(bar.x0 + 0.5, bar.y0 + 0.5, bar.x1 - bar.x0 - 1, bar.y1 - bar.y0);
    ctx.fillStyle = theme.middlebox;
    ctx.fillRect(bar.x0 + 1, bar.y0 + 1, Math.max(0, (bar.x1 - bar.x0 - 2) * Math.min(1, g.value / Math.max(g.max, 1e-9))), bar.y1 - bar.y0 - 1);
    ctx.font = `${px}px ${theme.font}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    ctx.fillStyle = theme.text;
    const value = gaugeValue(g.value, g.unit);
    const lines = slot.twoLines ? [g.label, value] : [`${g.label} ${value}`];
    // maxWidth: a value wider than the room reserved for it is squeezed, not spilled onto its neighbours.
    lines.forEach((line, i) => ctx.fillText(line, slot.x, slot.y + i * lineHeight(px), slot.textWidth));
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

/**
 * A lane during an outage: greyed, dashed and broken where the scene placed
 * its "down" mark (the middle when the word found no room); the word is drawn over the packets.
 */
function drawDownLane(ctx: CanvasRenderingContext2D, lane: Lane, theme: Theme, mark: DownLabel | null): void {
  const L = lane.length;
  const gap = Math.min(36, L / 3);
  const mid = L * (mark?.at ?? 0.5);
  const from = Math.max(0, mid - gap / 2);
  const to = Math.min(L, mid + gap / 2);
  ctx.save();
  laneFrame(ctx, lane.start, lane);
  ctx.strokeStyle = theme.muted;
  ctx.globalAlpha = 0.7;
  ctx.lineWidth = 1;
  ctx.setLineDash([4, 3]);
  ctx.beginPath();
  for (const y of [-DATA_H / 2 - 1.5, DATA_H / 2 + 1.5]) {
    ctx.moveTo(0, y);
    ctx.lineTo(from, y);
    ctx.moveTo(to, y);
    ctx.lineTo(L, y);
  }
  ctx.stroke();
  // The break: two jagged ends facing each other.
  ctx.setLineDash([]);
  ctx.globalAlpha = 1;
  ctx.strokeStyle = theme.drop;
  ctx.lineWidth = 2;
  ctx.beginPath();
  for (const x of [from, to]) {
    ctx.moveTo(x - 2, -DATA_H / 2 - 3);
    ctx.lineTo(x + 2, -1);
    ctx.lineTo(x - 2, 1);
    ctx.lineTo(x + 2, DATA_H / 2 + 3);
  }
  ctx.stroke();
  ctx.restore();
}

/** "down" in the break of a failed lane, where the scene kept room for it (over the packets still on the air). */
function drawDownMark(ctx: CanvasRenderingContext2D, mark: DownLabel, theme: Theme): void {
  const { label } = mark;
  ctx.save();
  ctx.font = `600 ${label.px}px ${theme.font}`;
  ctx.fillStyle = theme.surface;
  ctx.fillRect(label.box.x0, label.box.y0, label.box.x1 - label.box.x0, label.box.y1 - label.box.y0);
  ctx.fillStyle = theme.drop;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(label.full, label.x, label.y + label.px / 2);
  ctx.restore();
}

/** The dashed outline of a queue stack: its limit. */
function drawStackOutline(ctx: CanvasRenderingContext2D, lane: Lane, height: number, theme: Theme): void {
  ctx.save();
  laneFrame(ctx, stackBase(lane), lane);
  ctx.strokeStyle = theme.queueOutline;
  ctx.lineWidth = 1;
  ctx.setLineDash([2, 2]);
  ctx.strokeRect(-0.5, 0, STACK_W + 1, height);
  ctx.restore();
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
  // Local frame: x along the lane, y outward from it (the stack's outline is in the still layer under it).
  laneFrame(ctx, base, lane);
  const cell = H / capacity;
  const h = Math.max(cell - (cell >= 3 ? 1 : 0), 0.75);
  // The packet in transmission at full colour, the waiting ones a little
  // lighter; the cells of one colour are one path.
  const shown = Math.min(queue.length, capacity);
  const cells = new Map<string, number[]>();
  for (let i = 0; i < shown; i++) {
    const p = queue[i];
    if (!p) continue;
    if (p.transmitting) {
      ctx.globalAlpha = 1;
      ctx.fillStyle = packetColour(scene, p, theme);
      ctx.fillRect(0.5, i * cell, STACK_W - 1, h);
      continue;
    }
    const colour = packetColour(scene, p, theme);
    const list = cells.get(colour);
    if (list) list.push(i);
    else cells.set(colour, [i]);
  }
  ctx.globalAlpha = 0.85;
  for (const [colour, list] of cells) {
    ctx.fillStyle = colour;
    ctx.beginPath();
    for (const i of list) ctx.rect(0.5, i * cell, STACK_W - 1, h);
    ctx.fill();
  }
  ctx.restore();
  const label = scene.queueLabels[channel];
  if (!label) return;
  // Occupancy and limit, unrotated, where the scene found room by the stack's outer end.
  ctx.save();
  ctx.fillStyle = queue.length > 0 ? theme.text : theme.muted;
  drawText(ctx, { ...label, lines: [`${queue.length}/${limit ? queueLimitText(limit) : capacity}`] }, `${label.px}px ${theme.font}`);
  ctx.restore();
}

/**
 * The packets drawn one by one: per lane, one path per colour (hundreds of
 * packets are a handful of fills, not a save, a transform and a fill each),
 * then the marks of the few packets that carry any.
 */
function drawPackets(ctx: CanvasRenderingContext2D, scene: Scene, wire: readonly WirePacket[], theme: Theme): void {
  const lanes = scene.geometry.lanes;
  // Packets come in trace order, lanes mixed: sorted into lanes without a list per lane.
  const order = laneOrder(wire, lanes.length);
  let k = 0;
  while (k < order.length) {
    const channel = wire[order[k] ?? 0]?.channel ?? 0;
    let end = k;
    while (end < order.length && wire[order[end] ?? 0]?.channel === channel) end++;
    const lane = lanes[channel];
    if (lane) {
      ctx.save();
      laneFrame(ctx, lane.start, lane);
      // Each colour once, in the order it first appears.
      let pending = end - k;
      const done = new Uint8Array(end - k);
      for (let a = k; a < end && pending > 0; a++) {
        if (done[a - k]) continue;
        const first = wire[order[a] ?? 0];
        if (!first) continue;
        const colour = packetColour(scene, first, theme);
        ctx.fillStyle = colour;
        ctx.beginPath();
        for (let b = a; b < end; b++) {
          const p = wire[order[b] ?? 0];
          if (!p || done[b - k] || packetColour(scene, p, theme) !== colour) continue;
          done[b - k] = 1;
          pending--;
          packetPath(ctx, lane, p);
        }
        ctx.fill();
      }
      for (let a = k; a < end; a++) {
        const p = wire[order[a] ?? 0];
        if (p && hasMarks(p)) drawMarks(ctx, lane, p, theme);
      }
      ctx.restore();
    }
    k = end;
  }
}

/** Indices of `wire` grouped by channel (stable within a channel): a counting sort. */
function laneOrder(wire: readonly WirePacket[], channels: number): Uint32Array {
  const starts = new Uint32Array(channels + 1);
  for (const p of wire) if (p.channel < channels) starts[p.channel + 1] = (starts[p.channel + 1] ?? 0) + 1;
  for (let c = 0; c < channels; c++) starts[c + 1] = (starts[c + 1] ?? 0) + (starts[c] ?? 0);
  const order = new Uint32Array(starts[channels] ?? 0);
  wire.forEach((p, i) => {
    if (p.channel >= channels) return;
    const at = starts[p.channel] ?? 0;
    order[at] = i;
    starts[p.channel] = at + 1;
  });
  return order;
}

/** The packet's extent along the lane: at least a minimum-size glyph, ending at the head, kept on the lane. */
function packetSpan(lane: Lane, p: WirePacket): [number, number] {
  const L = lane.length;
  let x1 = p.head * L;
  let x0 = p.tail * L;
  const min = p.ack ? MIN_GLYPH + 2 : MIN_GLYPH;
  if (x1 - x0 < min) {
    x0 = Math.max(0, x1 - min);
    x1 = Math.min(L, x0 + min);
  }
  return [x0, x1];
}

/** Adds the packet's glyph to the current path, in the lane's frame: data a bar, ACKs thinner with a pointed head. */
function packetPath(ctx: CanvasRenderingContext2D, lane: Lane, p: WirePacket): void {
  const [x0, x1] = packetSpan(lane, p);
  if (p.ack) {
    const h = ACK_H / 2;
    const tip = Math.min(3, (x1 - x0) / 2);
    ctx.moveTo(x0, -h);
    ctx.lineTo(x1 - tip, -h);
    ctx.lineTo(x1, 0);
    ctx.lineTo(x1 - tip, h);
    ctx.lineTo(x0, h);
    ctx.closePath();
  } else {
    // Back-to-back packets touch: a pixel of air at the tail keeps them apart (one path would merge them into a bar).
    const air = x1 - x0 > MIN_GLYPH + 1 ? 1 : 0;
    ctx.rect(x0 + air, -DATA_H / 2, x1 - x0 - air, DATA_H);
  }
}

function hasMarks(p: WirePacket): boolean {
  return (p.retransmission && !p.ack) || (p.flags & (FLAG.spoofed | FLAG.localRetransmission | FLAG.fragmented | FLAG.ce | FLAG.ece)) !== 0;
}

/** What marks a packet beyond its colour (in the lane's frame, over its glyph). */
function drawMarks(ctx: CanvasRenderingContext2D, lane: Lane, p: WirePacket, theme: Theme): void {
  const [x0, x1] = packetSpan(lane, p);
  if ((p.retransmission && !p.ack) || p.flags & FLAG.spoofed) {
    ctx.beginPath();
    packetPath(ctx, lane, p);
  }
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
}

/** A lane with too many packets to draw: how densely each stretch is covered, data above ACKs. */
function drawDensity(ctx: CanvasRenderingContext2D, scene: Scene, lane: Lane, d: LaneDensity, theme: Theme): void {
  const px = scene.text.packet;
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
  // Beside the lane where no label of the scene is (three quarters along
  // first: the link's own label is usually at the middle); none without room.
  ctx.save();
  ctx.font = `600 ${px}px ${theme.font}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const { text, width: tw } = densityText(ctx, d.count);
  const mid = densityLabelAt(scene, lane, tw + 8, px + 2);
  if (!mid) {
    ctx.restore();
    return;
  }
  ctx.fillStyle = theme.surface;
  ctx.globalAlpha = 0.85;
  ctx.fillRect(mid.x - tw / 2 - 4, mid.y - px / 2 - 1, tw + 8, px + 2);
  ctx.globalAlpha = 1;
  ctx.fillStyle = theme.text;
  ctx.fillText(text, mid.x, mid.y);
  ctx.restore();
}

/** "N packets" in the interface's language and its width in the context's font, by count: it is asked for on every frame. */
const densityTexts = new Map<string, { text: string; width: number }>();

function densityText(ctx: CanvasRenderingContext2D, count: number): { text: string; width: number } {
  const key = `${currentLanguage()}|${ctx.font}|${count}`;
  let out = densityTexts.get(key);
  if (!out) {
    // Counts change as packets come and go: a bounded cache.
    if (densityTexts.size > 2048) densityTexts.clear();
    const text = tr('network:canvas.packets', { count, formatted: formatCount(count) });
    out = { text, width: ctx.measureText(text).width };
    densityTexts.set(key, out);
  }
  return out;
}

/** The centre of a w x h box beside the lane that overlaps none of the scene's labels, nodes and stacks (null: none). */
function densityLabelAt(scene: Scene, lane: Lane, w: number, h: number): { x: number; y: number } | null {
  const out = DATA_H / 2 + 4 + (Math.abs(lane.normal.x) * w + Math.abs(lane.normal.y) * h) / 2;
  for (const f of [0.78, 0.22, 0.9, 0.1, 0.5]) {
    const x = lane.start.x + (lane.end.x - lane.start.x) * f + lane.normal.x * out;
    const y = lane.start.y + (lane.end.y - lane.start.y) * f + lane.normal.y * out;
    const box = { x0: x - w / 2, y0: y - h / 2, x1: x + w / 2, y1: y + h / 2 };
    if (inside(box, scene.geometry.width, scene.geometry.height) && !scene.occupied.some((o) => intersects(box, o))) return { x, y };
  }
  return null;
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

/** A loss marker: a cross at (x, y), fading out. */
interface Cross {
  x: number;
  y: number;
  size: number;
  opacity: number;
}

/** Steps of a marker's fade: markers in one step are stroked as one path (a busy queue drops dozens at one spot). */
const FADE_STEPS = 20;

/** Crosses (with a ring around each when `ring`), one stroke per step of opacity. */
function drawCrosses(ctx: CanvasRenderingContext2D, crosses: readonly Cross[], colour: string, ring: boolean): void {
  if (crosses.length === 0) return;
  const steps = new Map<number, Cross[]>();
  for (const c of crosses) {
    const step = Math.round(Math.max(0, Math.min(1, c.opacity)) * FADE_STEPS);
    if (step === 0) continue;
    const list = steps.get(step);
    if (list) list.push(c);
    else steps.set(step, [c]);
  }
  ctx.save();
  ctx.strokeStyle = colour;
  ctx.lineCap = 'round';
  for (const [step, list] of steps) {
    ctx.globalAlpha = step / FADE_STEPS;
    ctx.lineWidth = 2.5;
    ctx.beginPath();
    for (const { x, y, size } of list) {
      ctx.moveTo(x - size / 2, y - size / 2);
      ctx.lineTo(x + size / 2, y + size / 2);
      ctx.moveTo(x + size / 2, y - size / 2);
      ctx.lineTo(x - size / 2, y + size / 2);
    }
    ctx.stroke();
    if (ring) {
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      for (const { x, y, size } of list) {
        ctx.moveTo(x + size, y);
        ctx.arc(x, y, size, 0, Math.PI * 2);
      }
      ctx.stroke();
    }
  }
  ctx.restore();
}

/** A placed label, centred, in the context's fill colour, each line within its box. */
function drawText(ctx: CanvasRenderingContext2D, label: PlacedText, font: string): void {
  ctx.font = font;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  const maxWidth = label.box.x1 - label.box.x0;
  label.lines.forEach((line, i) => ctx.fillText(line, label.x, label.y + i * lineHeight(label.px), maxWidth));
}

/** Sets the transform so x runs along the lane from `origin` and y along its outward normal. */
function laneFrame(ctx: CanvasRenderingContext2D, origin: { x: number; y: number }, lane: Lane): void {
  // Same as multiplying by a translation and the lane's frame matrix, without allocating matrices every frame.
  ctx.translate(origin.x, origin.y);
  ctx.transform(lane.dir.x, lane.dir.y, lane.normal.x, lane.normal.y, 0, 0);
}

/** Local x runs along the lane, local y along its outward normal. */

/** Colours with an alpha, by colour and alpha: asked for every ACK of every frame. */
const alphaColours = new Map<string, string>();

function withAlpha(colour: string, alpha: number): string {
  const key = `${colour}/${alpha}`;
  let out = alphaColours.get(key);
  if (out === undefined) {
    out = rgba(colour, alpha);
    alphaColours.set(key, out);
  }
  return out;
}

function rgba(colour: string, alpha: number): string {
  const m = /^#([0-9a-f]{6})$/i.exec(colour);
  if (!m) return colour;
  const n = parseInt(m[1] ?? '0', 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}
