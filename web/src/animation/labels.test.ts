import { describe, expect, it } from 'vitest';
import { nodeLabelCandidates, placeStaged, type Candidate } from './labels';
import { Placer, type Rect } from './placement';
import { estimateWidth } from './textMeasure';

const box = (x0: number, y0: number, x1: number, y1: number): Rect => ({ x0, y0, x1, y1 });
const cand = (level: number, r: Rect, value: string): Candidate<string> => ({ level, box: r, value });

describe('placeStaged', () => {
  it("gives every item its whole text before any item's short one", () => {
    // Items take turns in order at each level: a takes the spot b's whole text needed, b falls back to its short form.
    const placer = new Placer(100, 100);
    const a = [cand(0, box(0, 0, 50, 10), 'a whole, shared spot'), cand(0, box(0, 20, 50, 30), 'a whole, own spot')];
    const b = [cand(0, box(0, 0, 50, 10), 'b whole'), cand(1, box(60, 0, 70, 10), 'b short')];
    expect(placeStaged(placer, [a, b])).toEqual(['a whole, shared spot', 'b short']);
    // A short form waits until every whole text had its turn, though listed first.
    const placer2 = new Placer(100, 100);
    const c = [cand(1, box(0, 0, 50, 10), 'c short'), cand(0, box(0, 40, 50, 50), 'c whole')];
    const d = [cand(0, box(0, 0, 50, 10), 'd whole')];
    expect(placeStaged(placer2, [c, d])).toEqual(['c whole', 'd whole']);
  });

  it('keeps off lanes and soft boxes while anything clear is free, and crosses lanes only when allowed', () => {
    const lane = { a: { x: 0, y: 50 }, b: { x: 100, y: 50 }, half: 5 };
    const onLane = box(10, 45, 30, 55);
    const placer = new Placer(100, 100);
    placer.avoid(lane);
    expect(placeStaged(placer, [[cand(0, onLane, 'on the lane'), cand(1, box(10, 70, 30, 80), 'short, off it')]])).toEqual(['short, off it']);
    const strict = new Placer(100, 100);
    strict.avoid(lane);
    expect(placeStaged(strict, [[cand(0, onLane, 'on the lane')]], { crossLanes: false })).toEqual([null]);
    const soft = new Placer(100, 100);
    expect(placeStaged(soft, [[cand(0, box(0, 0, 10, 10), 'on a stack'), cand(0, box(20, 0, 30, 10), 'beside it')]], { soft: [box(0, 0, 10, 10)] })).toEqual(['beside it']);
  });

  it('never takes a box that overlaps one taken or leaves the canvas', () => {
    const placer = new Placer(100, 40);
    placer.reserve(box(0, 0, 40, 40));
    expect(placeStaged(placer, [[cand(0, box(30, 0, 50, 10), 'over the node'), cand(0, box(90, 0, 110, 10), 'outside')]])).toEqual([null]);
  });
});

describe('node name candidates', () => {
  const circle = box(90, 40, 110, 60);
  const canvas = { width: 400, height: 200 };

  it('offers the name within its room below and above first, then whole at the sides, then the id', () => {
    const c = nodeLabelCandidates({ id: 't1', label: 'terminal 1' }, circle, 80, 13, estimateWidth, canvas);
    expect(c[0]?.value.lines).toEqual(['terminal 1']);
    expect(c[0]?.box.y0).toBeGreaterThanOrEqual(circle.y1); // below
    expect(c[1]?.box.y1).toBeLessThanOrEqual(circle.y0); // above
    const sides = c.filter((x) => x.level === 0 && (x.box.x0 >= circle.x1 || x.box.x1 <= circle.x0));
    expect(sides).toHaveLength(2);
    const ids = c.filter((x) => x.value.lines.join(' ') === 't1');
    expect(ids.every((x) => x.level === 2 && x.value.short && x.value.full === 'terminal 1')).toBe(true);
  });

  it('cuts a name too long for its room with an ellipsis, as a short form', () => {
    const c = nodeLabelCandidates({ id: 'hub', label: 'satellite hub (proxy)' }, circle, 80, 13, estimateWidth, canvas);
    const cut = c.find((x) => x.level === 1);
    expect(cut?.value.lines.at(-1)?.endsWith('\u2026')).toBe(true);
    expect(cut?.value.short).toBe(true);
    expect(c.some((x) => x.level === 0 && x.value.lines.length === 2)).toBe(false);
  });

  it('slides a name at the canvas edge inside while it still faces its node', () => {
    const edge = box(0, 40, 20, 60);
    const c = nodeLabelCandidates({ id: 'server', label: 'server' }, edge, 80, 13, estimateWidth, canvas);
    expect(c[0]?.box.x0).toBe(0);
    expect(c[0]?.box.x0).toBeLessThan(edge.x1);
  });
});
