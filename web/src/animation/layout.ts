// Topology layout: nodes in layers by breadth-first distance from the flows'
// senders (a chain comes out left to right in path order), and the geometry of
// each channel's lane in pixels.

import type { Topology } from '../engine/protocol';

export interface LayoutNode {
  index: number;
  layer: number;
  /** Position within the layer, and the layer's size. */
  row: number;
  rows: number;
}

/** A duplex link: its two channels (either may be absent). */
export interface LayoutLink {
  link: string;
  a: number;
  b: number;
  forward: number | null;
  reverse: number | null;
}

export interface Layout {
  nodes: LayoutNode[];
  links: LayoutLink[];
  layers: number;
  maxRows: number;
}

export function layoutTopology(topo: Topology): Layout {
  const n = topo.nodes.length;
  const neighbours: number[][] = topo.nodes.map(() => []);
  for (const c of topo.channels) {
    if (c.from < n && c.to < n) {
      neighbours[c.from]?.push(c.to);
      neighbours[c.to]?.push(c.from);
    }
  }
  for (const list of neighbours) list.sort((a, b) => a - b);

  // Multi-source BFS from every sender, the first flow's first: one flow gives
  // the plain BFS from its sender; many (a dumbbell) put all senders on the left.
  // A sender that is also another flow's receiver (two-way traffic) is not a
  // source, or both ends would share the first layer and the link stand upright.
  const receivers = new Set(topo.flows.map((f) => f.to));
  const senders = topo.flows.map((f) => f.from).filter((s) => !receivers.has(s));
  const sources = senders.length > 0 ? senders : topo.flows.slice(0, 1).map((f) => f.from);
  const layer = new Array<number>(n).fill(-1);
  const order: number[] = [];
  const visit = (sources: number[], base: number) => {
    const queue: number[] = [];
    for (const s of sources) {
      if (s < n && layer[s] === -1) {
        layer[s] = base;
        queue.push(s);
      }
    }
    for (let head = 0; head < queue.length; head++) {
      const u = queue[head] ?? 0;
      order.push(u);
      for (const v of neighbours[u] ?? []) {
        if (layer[v] === -1) {
          layer[v] = (layer[u] ?? 0) + 1;
          queue.push(v);
        }
      }
    }
  };
  visit(sources, 0);
  // Parts not reachable from any sender go further right, one component at a time.
  for (let s = 0; s < n; s++) {
    if (layer[s] === -1) visit([s], Math.max(-1, ...layer) + 1);
  }

  const layers = n === 0 ? 0 : Math.max(...layer) + 1;
  const members: number[][] = Array.from({ length: layers }, () => []);
  const rowOf = new Array<number>(n).fill(0);
  // Within a layer, order by the mean row of neighbours already placed (fewer
  // crossings), then by BFS order.
  const bfsRank = new Array<number>(n).fill(0);
  order.forEach((u, i) => (bfsRank[u] = i));
  for (let l = 0; l < layers; l++) {
    const inLayer = order.filter((u) => layer[u] === l);
    const key = (u: number) => {
      const placed = (neighbours[u] ?? []).filter((v) => (layer[v] ?? 0) < l);
      return placed.length === 0 ? bfsRank[u] ?? 0 : placed.reduce((s, v) => s + (rowOf[v] ?? 0), 0) / placed.length;
    };
    inLayer.sort((a, b) => key(a) - key(b) || (bfsRank[a] ?? 0) - (bfsRank[b] ?? 0));
    inLayer.forEach((u, row) => (rowOf[u] = row));
    members[l] = inLayer;
  }

  const nodes: LayoutNode[] = topo.nodes.map((_, index) => {
    const l = layer[index] ?? 0;
    return { index, layer: l, row: rowOf[index] ?? 0, rows: members[l]?.length ?? 1 };
  });

  const byLink = new Map<string, LayoutLink>();
  topo.channels.forEach((c, i) => {
    let link = byLink.get(c.link);
    if (!link) {
      const [a, b] = c.direction === 'forward' ? [c.from, c.to] : [c.to, c.from];
      link = { link: c.link, a, b, forward: null, reverse: null };
      byLink.set(c.link, link);
    }
    if (c.direction === 'forward') link.forward = i;
    else link.reverse = i;
  });

  return { nodes, links: [...byLink.values()], layers, maxRows: Math.max(1, ...members.map((m) => m.length)) };
}

export interface Point {
  x: number;
  y: number;
}

export interface Lane {
  channel: number;
  /** Where packets leave and arrive, already offset to the channel's side. */
  start: Point;
  end: Point;
  /** Unit vector along the lane and the outward normal (away from the other lane). */
  dir: Point;
  normal: Point;
  length: number;
}

export interface Geometry {
  width: number;
  height: number;
  nodeRadius: number;
  laneGap: number;
  /** Room for a queue stack on the outer side of a lane. */
  stackHeight: number;
  nodes: Point[];
  lanes: Lane[];
}

export interface GeometryOptions {
  width: number;
  height: number;
  /** Horizontal room for labels at the sides. */
  marginX?: number;
  marginY?: number;
}

/** Pixel positions for a layout in a box. */
export function geometry(layout: Layout, topo: Topology, opts: GeometryOptions): Geometry {
  const { width, height } = opts;
  const marginX = opts.marginX ?? 72;
  const marginY = opts.marginY ?? 16;
  const innerW = Math.max(1, width - 2 * marginX);
  const innerH = Math.max(1, height - 2 * marginY);
  const rowH = innerH / layout.maxRows;
  // A column's nodes never touch (outline included), however low the canvas (a
  // dumbbell's ten rows in the 150 px a small screen leaves): smaller nodes first.
  const nodeRadius = Math.min(Math.max(10, Math.min(22, rowH / 6)), Math.max(3, rowH / 2 - 1.5));
  const laneGap = Math.max(8, Math.min(16, rowH / 12));
  const stackHeight = Math.max(14, Math.min(96, rowH / 2 - laneGap - 22));

  const nodes = layout.nodes.map((ln) => {
    const x = layout.layers <= 1 ? width / 2 : marginX + (innerW * ln.layer) / (layout.layers - 1);
    // Each layer's rows are centred vertically.
    const y = marginY + innerH / 2 + (ln.row - (ln.rows - 1) / 2) * rowH;
    return { x, y };
  });

  const lanes: Lane[] = topo.channels.map((c, channel) => {
    const from = nodes[c.from] ?? { x: 0, y: 0 };
    const to = nodes[c.to] ?? { x: 0, y: 0 };
    const dx = to.x - from.x;
    const dy = to.y - from.y;
    const len = Math.hypot(dx, dy) || 1;
    const dir = { x: dx / len, y: dy / len };
    // The lane to the left of the direction of travel: left-to-right traffic
    // runs above the link's axis, right-to-left below, so the two directions
    // of a link are two parallel lanes.
    const normal = { x: dir.y, y: -dir.x };
    const off = laneGap / 2;
    const inset = nodeRadius + 4;
    const start = { x: from.x + dir.x * inset + normal.x * off, y: from.y + dir.y * inset + normal.y * off };
    const end = { x: to.x - dir.x * inset + normal.x * off, y: to.y - dir.y * inset + normal.y * off };
    return { channel, start, end, dir, normal, length: Math.max(1, len - 2 * inset) };
  });

  return { width, height, nodeRadius, laneGap, stackHeight, nodes, lanes };
}

/** The point at fraction f along a lane. */
export function along(lane: Lane, f: number): Point {
  return { x: lane.start.x + (lane.end.x - lane.start.x) * f, y: lane.start.y + (lane.end.y - lane.start.y) * f };
}
