import { describe, expect, it } from 'vitest';
import type { Topology, TopologyChannel } from '../engine/protocol';
import { along, geometry, layoutTopology } from './layout';

const limit = { queue_limit: '50pkt', queue_limit_packets: 50, queue_limit_bytes: null };

function duplex(link: string, a: number, b: number): TopologyChannel[] {
  return [
    { name: `links.${link}.forward`, link, direction: 'forward', from: a, to: b, rate_bps: 1e6, delay_ms: 10, ...limit },
    { name: `links.${link}.reverse`, link, direction: 'reverse', from: b, to: a, rate_bps: 1e6, delay_ms: 10, ...limit },
  ];
}

function topo(nodes: string[], links: [number, number][], flows: [number, number][]): Topology {
  return {
    nodes: nodes.map((id) => ({ id, kind: 'host', label: id })),
    channels: links.flatMap(([a, b], i) => duplex(`l${i}`, a, b)),
    flows: flows.map(([from, to], i) => ({ id: `f${i}`, from, to, variant: 'reno', segment_bytes: 1040 })),
  };
}

describe('layoutTopology', () => {
  it('lays a chain out left to right in path order from the sender', () => {
    // Declared out of order: receiver first.
    const t = topo(['receiver', 'gateway', 'sender'], [[2, 1], [1, 0]], [[2, 0]]);
    const l = layoutTopology(t);
    expect(l.nodes.map((n) => n.layer)).toEqual([2, 1, 0]);
    expect(l.maxRows).toBe(1);
    const g = geometry(l, t, { width: 800, height: 300 });
    expect(g.nodes[2]?.x).toBeLessThan(g.nodes[1]?.x ?? 0);
    expect(g.nodes[1]?.x).toBeLessThan(g.nodes[0]?.x ?? 0);
  });

  it('lays two-way traffic over one link out side by side, not one end above the other', () => {
    // seed003/two-way: i -> j and j -> i over one duplex link.
    const t = topo(['i', 'j'], [[0, 1]], [[0, 1], [1, 0]]);
    const l = layoutTopology(t);
    expect(l.nodes.map((n) => n.layer)).toEqual([0, 1]);
    expect(l.maxRows).toBe(1);
    const g = geometry(l, t, { width: 900, height: 236 });
    expect(Math.abs((g.nodes[0]?.y ?? 0) - (g.nodes[1]?.y ?? 0))).toBe(0);
    expect((g.nodes[1]?.x ?? 0) - (g.nodes[0]?.x ?? 0)).toBeGreaterThan(600);
  });

  it('pairs the two channels of each link', () => {
    const t = topo(['a', 'b'], [[0, 1]], [[0, 1]]);
    expect(layoutTopology(t).links).toEqual([{ link: 'l0', a: 0, b: 1, forward: 0, reverse: 1 }]);
  });

  it('puts all senders of a dumbbell in the first layer', () => {
    // s0, s1 -> left -> right -> r0, r1
    const t = topo(
      ['left', 'right', 's0', 's1', 'r0', 'r1'],
      [
        [2, 0],
        [3, 0],
        [0, 1],
        [1, 4],
        [1, 5],
      ],
      [
        [2, 4],
        [3, 5],
      ],
    );
    const l = layoutTopology(t);
    expect(l.nodes.map((n) => n.layer)).toEqual([1, 2, 0, 0, 3, 3]);
    expect(l.maxRows).toBe(2);
    expect(new Set([l.nodes[2]?.row, l.nodes[3]?.row])).toEqual(new Set([0, 1]));
  });

  it('places nodes no sender reaches after the rest', () => {
    const t = topo(['a', 'b', 'island'], [[0, 1]], [[0, 1]]);
    expect(layoutTopology(t).nodes.map((n) => n.layer)).toEqual([0, 1, 2]);
  });

  it('starts from node 0 without flows', () => {
    const t = topo(['a', 'b'], [[0, 1]], []);
    expect(layoutTopology(t).nodes.map((n) => n.layer)).toEqual([0, 1]);
  });
});

describe('geometry', () => {
  it('draws the two directions of a link as parallel lanes, forward above', () => {
    const t = topo(['a', 'b'], [[0, 1]], [[0, 1]]);
    const g = geometry(layoutTopology(t), t, { width: 600, height: 300 });
    const [fwd, rev] = g.lanes;
    expect(fwd?.start.y).toBeLessThan(150);
    expect(rev?.start.y).toBeGreaterThan(150);
    expect(fwd?.start.y).toBe(fwd?.end.y);
    expect(fwd?.start.x).toBeLessThan(fwd?.end.x ?? 0);
    expect(rev?.start.x).toBeGreaterThan(rev?.end.x ?? 0);
    expect(fwd?.normal.y).toBe(-1); // stacks grow upwards from the forward lane
    expect(rev?.normal.y).toBe(1);
    const mid = fwd ? along(fwd, 0.5) : null;
    expect(mid?.x).toBeCloseTo(300);
  });
});

describe('geometry of a low canvas', () => {
  it("keeps a dumbbell's ten rows of nodes apart, outlines included, 150 px high", () => {
    const hosts = Array.from({ length: 10 }, (_, i) => [`s${i}`, `r${i}`]).flat();
    const names = ['left', 'right', ...hosts];
    const links: [number, number][] = [[0, 1], ...Array.from({ length: 10 }, (_, i): [number, number][] => [[2 + 2 * i, 0], [1, 3 + 2 * i]]).flat()];
    const t = topo(names, links, Array.from({ length: 10 }, (_, i): [number, number] => [2 + 2 * i, 3 + 2 * i]));
    const l = layoutTopology(t);
    expect(l.maxRows).toBe(10);
    for (const height of [150, 215, 640]) {
      const g = geometry(l, t, { width: 900, height, marginY: 18 });
      // The circle's stroke is 1.5 px wide: half of it lies outside the radius.
      const outer = g.nodeRadius + 0.75;
      g.nodes.forEach((a, i) => {
        expect(a.y - outer).toBeGreaterThanOrEqual(0);
        expect(a.y + outer).toBeLessThanOrEqual(height);
        g.nodes.forEach((b, j) => {
          if (j > i) expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThan(2 * outer);
        });
      });
    }
  });
});
