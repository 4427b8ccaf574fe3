// The network picture's still parts in pixels: node, lane and stack geometry
// and where every label goes (see labels.ts), computed once per topology,
// canvas size and text size; the drawing only paints what this decides.

import type { Topology } from '../engine/protocol';
import { formatDuration, formatRate } from '../format';
import { textSizes, type TextSizes } from '../viewScale';
import { widestGaugeValue, type GaugeSpec } from './gauges';
import { downLabelCandidates, gaugeCandidates, linkLabelCandidates, nodeLabelCandidates, placeStaged, queueLabelCandidates, type DownLabel, type GaugeSlot, type PlacedText } from './labels';
import { laneBand, STACK_INSET, stackRect } from './laneGeometry';
import { geometry, layoutTopology, type Geometry, type Lane } from './layout';
import type { SharedBuffer } from './linkState';
import { Placer, type Rect } from './placement';
import { queueLimit, type QueueLimit } from './queueLimit';
import { charsWidth, estimateWidth, type Measure } from './textMeasure';

export interface Scene {
  topology: Topology;
  geometry: Geometry;
  limits: QueueLimit[];
  /** Per node: its name where it has room (null: not drawn). */
  nodeLabels: (PlacedText | null)[];
  /** Per link: one label for both directions when they are alike; only those with room. */
  linkLabels: { lane: Lane; text: string; label: PlacedText }[];
  /** Per channel: whether its queue stack, and its occupancy label, have room. */
  showStack: boolean[];
  showQueueLabel: boolean[];
  /** Per channel: where its occupancy label goes (null: not drawn). */
  queueLabels: (PlacedText | null)[];
  /** Middlebox gauges that have room. */
  gauges: GaugeSlot[];
  /** Per channel with outages: where its "down" mark goes (null: no outage, or no room for the word). */
  downLabels: (DownLabel | null)[];
  /** Everything placed (nodes, stacks shown, labels, gauges): what text drawn later (packet counts) keeps off. */
  occupied: Rect[];
  /** Node names drawn shorter than they are: what is drawn, and the name. */
  abbreviations: { short: string; full: string }[];
  multiFlow: boolean;
  /** Text sizes (CSS px) at the view scale: present mode enlarges them. */
  text: TextSizes;
}

export interface SceneOptions {
  buffers?: readonly SharedBuffer[];
  text?: TextSizes;
  /** Gauges the run will draw (proxy buffers, Snoop caches, shared buffers). */
  gauges?: readonly GaugeSpec[];
  /** How wide text is drawn (the page passes a canvas measure; tests estimate). */
  measure?: Measure;
  /** Channels with scheduled outages, and the word marking a lane down (in the interface's language). */
  outages?: readonly number[];
  downText?: string;
}

/** The most packets a lane shows one by one: about one per 3 px of its length. */
export function lanePacketLimits(scene: Scene): number[] {
  return scene.geometry.lanes.map((lane) => Math.max(8, Math.floor(lane.length / 3)));
}

/** Canvas height that gives each row of nodes room for its queues. */
export function sceneHeight(topology: Topology | null, text: TextSizes = textSizes(1)): number {
  const rows = topology ? layoutTopology(topology).maxRows : 1;
  // Larger text (present mode) needs taller rows for the same picture.
  const grow = text.node / textSizes(1).node;
  return Math.round(grow * (rows <= 1 ? 236 : Math.min(640, 120 + rows * 70)));
}

/** Widest a node name may be below or above its node: the node's room, or ten characters. */
function nodeRoom(geo: Geometry, text: TextSizes): number {
  return Math.max(2 * (geo.nodeRadius + STACK_INSET) - 8, charsWidth(10, text.node));
}

export function buildScene(topology: Topology, width: number, height: number, opts: SceneOptions = {}): Scene {
  const text = opts.text ?? textSizes(1);
  const measure = opts.measure ?? estimateWidth;
  const layout = layoutTopology(topology);
  // Side margins hold half a node name; on a phone, lanes need the width more than the margins.
  const geo = geometry(layout, topology, { width, height, marginX: Math.max(charsWidth(4, text.node) + 14, Math.min(80, width * 0.1)), marginY: 18 });
  // Stack heights count full-size segments of the first flow.
  const packetBytes = topology.flows[0]?.segment_bytes ?? 1040;
  const buffers = opts.buffers ?? [];
  const limits = topology.channels.map((c, i) => queueLimit(c, packetBytes, buffers.find((b) => b.channels.includes(i))));
  const canvas = { width, height };

  // Crowded topologies (a dumbbell's fan of access links) have no room for
  // every label and stack: nodes and their names first, then middlebox
  // gauges (keeping off the queue stacks when they can), the slowest
  // channels' queues (where queues build), link labels, and queue counts.
  const placer = new Placer(width, height);
  const r = geo.nodeRadius;
  const circles: Rect[] = geo.nodes.map((at) => ({ x0: at.x - r, y0: at.y - r, x1: at.x + r, y1: at.y + r }));
  for (const c of circles) placer.reserve(c);
  for (const lane of geo.lanes) placer.avoid(laneBand(lane));

  const stacks = geo.lanes.map((lane) => stackRect(lane, geo.stackHeight));
  const room = nodeRoom(geo, text);
  const nodeLabels = placeStaged(
    placer,
    topology.nodes.map((node, i) => {
      const circle = circles[i];
      return circle ? nodeLabelCandidates(node, circle, room, text.node, measure, canvas) : [];
    }),
  );
  // A node's gauges go together, one column.
  const gaugesAt = circles.map((_, i) => (opts.gauges ?? []).filter((g) => g.node === i).map((g) => ({ node: i, label: g.label, widestValue: widestGaugeValue(g.unit) })));
  const gauges = placeStaged(
    placer,
    gaugesAt.map((list, i) => {
      const circle = circles[i];
      return circle && list.length > 0 ? gaugeCandidates(list, circle, text.gauge, measure, canvas) : [];
    }),
    { soft: stacks },
  ).flatMap((slots) => slots ?? []);

  const byRate = topology.channels.map((_, i) => i).sort((a, b) => (topology.channels[a]?.rate_bps ?? 0) - (topology.channels[b]?.rate_bps ?? 0) || a - b);
  const showStack = topology.channels.map(() => false);
  for (const c of byRate) {
    const stack = stacks[c];
    if (stack) showStack[c] = placer.take(stack);
  }

  // A link that goes down says so on its lane: room kept after the queues, before link labels and queue counts.
  const outages = new Set(opts.outages ?? []);
  const downLabels = placeStaged(
    placer,
    geo.lanes.map((lane, c) => (outages.has(c) ? downLabelCandidates(lane, opts.downText ?? 'down', text.packet, measure) : [])),
  );
  const rateDelay = (c: { rate_bps: number; delay_ms: number }) => `${formatRate(c.rate_bps)} \u00b7 ${formatDuration(c.delay_ms)}`;
  const linkItems = layout.links.flatMap((link) => {
    const fwd = link.forward === null ? null : topology.channels[link.forward];
    const rev = link.reverse === null ? null : topology.channels[link.reverse];
    const fwdLane = link.forward === null ? null : geo.lanes[link.forward];
    const revLane = link.reverse === null ? null : geo.lanes[link.reverse];
    if (fwd && rev && fwdLane && revLane && fwd.rate_bps === rev.rate_bps && fwd.delay_ms === rev.delay_ms) {
      return [linkLabelCandidates([fwdLane, revLane], [`${link.link}: ${rateDelay(fwd)}`, rateDelay(fwd)], text.link, measure)];
    }
    const items = [];
    if (fwd && fwdLane) items.push(linkLabelCandidates([fwdLane], [`${link.link} \u25b8 ${rateDelay(fwd)}`, `\u25b8 ${rateDelay(fwd)}`], text.link, measure));
    if (rev && revLane) items.push(linkLabelCandidates([revLane], [`\u25c2 ${rateDelay(rev)}`], text.link, measure));
    return items;
  });
  // Link labels and queue counts only where they cross no lane: packets would hide them.
  const linkLabels = placeStaged(placer, linkItems, { crossLanes: false }).flatMap((l) => (l ? [{ lane: l.lane, text: l.label.lines.join(' '), label: l.label }] : []));

  const queueLabels = placeStaged(
    placer,
    topology.channels.map((_, c) => {
      const lane = geo.lanes[c];
      const limit = limits[c];
      if (!lane || !limit || !showStack[c]) return [];
      return queueLabelCandidates(lane, geo.stackHeight, widestQueueText(limit), text.queue, measure);
    }),
    { crossLanes: false },
  );

  const occupied = [
    ...circles,
    ...stacks.filter((_, c) => showStack[c]),
    ...[...nodeLabels, ...queueLabels].flatMap((l) => (l ? [l.box] : [])),
    ...linkLabels.map((l) => l.label.box),
    ...gauges.map((g) => g.box),
    ...downLabels.flatMap((d) => (d ? [d.label.box] : [])),
  ];
  const abbreviations = nodeLabels.flatMap((l) => (l?.short ? [{ short: l.lines.join(' '), full: capped(l.full) }] : []));
  return {
    topology,
    geometry: geo,
    limits,
    nodeLabels,
    linkLabels,
    showStack,
    showQueueLabel: queueLabels.map((q) => q !== null),
    queueLabels,
    gauges,
    downLabels,
    occupied,
    abbreviations,
    multiFlow: topology.flows.length > 1,
    text,
  };
}

/** Most characters of a name the list of short names spells out (the canvas' description has them all). */
export const ABBREVIATION_MAX_CHARS = 40;

function capped(name: string): string {
  const chars = [...name];
  return chars.length <= ABBREVIATION_MAX_CHARS ? name : `${chars.slice(0, ABBREVIATION_MAX_CHARS - 1).join('')}\u2026`;
}

/** The limit as a queue label shows it ("50" for "50pkt"). */
export function queueLimitText(limit: QueueLimit): string {
  return limit.text.replace(/pkt$/, '');
}

/** The widest occupancy label of a queue: its limit over its limit, at least three digits over it. */
function widestQueueText(limit: QueueLimit): string {
  return `${'8'.repeat(Math.max(3, String(limit.packets).length))}/${queueLimitText(limit)}`;
}

/** Every label box of a scene, with what it says (for tests and checks). */
export function labelBoxes(scene: Scene): { kind: 'node' | 'link' | 'queue' | 'gauge' | 'down'; text: string; box: Rect }[] {
  return [
    ...scene.nodeLabels.flatMap((l) => (l ? [{ kind: 'node' as const, text: l.lines.join(' '), box: l.box }] : [])),
    ...scene.linkLabels.map((l) => ({ kind: 'link' as const, text: l.text, box: l.label.box })),
    ...scene.queueLabels.flatMap((l, c) => (l ? [{ kind: 'queue' as const, text: `queue ${c}`, box: l.box }] : [])),
    ...scene.gauges.map((g) => ({ kind: 'gauge' as const, text: g.label, box: g.box })),
    ...scene.downLabels.flatMap((d) => (d ? [{ kind: 'down' as const, text: d.label.full, box: d.label.box }] : [])),
  ];
}
