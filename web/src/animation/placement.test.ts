import { describe, expect, it } from 'vitest';
import { bandHits, bounds, intersects, Placer, segmentRectDistance } from './placement';

describe('Placer', () => {
  it('keeps boxes that overlap nothing kept before', () => {
    const p = new Placer();
    p.reserve({ x0: 0, y0: 0, x1: 10, y1: 10 });
    expect(p.take({ x0: 5, y0: 5, x1: 15, y1: 15 })).toBe(false);
    expect(p.take({ x0: 10, y0: 0, x1: 20, y1: 10 })).toBe(true); // touching is fine
    expect(p.take({ x0: 12, y0: 2, x1: 14, y1: 4 })).toBe(false);
  });

  it('keeps boxes inside its canvas', () => {
    const p = new Placer(100, 50);
    expect(p.take({ x0: -1, y0: 0, x1: 10, y1: 10 })).toBe(false);
    expect(p.take({ x0: 90, y0: 45, x1: 101, y1: 50 })).toBe(false);
    expect(p.take({ x0: 90, y0: 40, x1: 100, y1: 50 })).toBe(true);
  });

  it('tells boxes clear of lanes from boxes merely free', () => {
    const p = new Placer();
    p.avoid({ a: { x: 0, y: 0 }, b: { x: 100, y: 100 }, half: 5 });
    const onLane = { x0: 45, y0: 45, x1: 55, y1: 55 };
    const beside = { x0: 60, y0: 20, x1: 70, y1: 30 };
    expect(p.free(onLane)).toBe(true);
    expect(p.clear(onLane)).toBe(false);
    expect(p.clear(beside)).toBe(true);
  });

  it('measures how far a segment passes from a box', () => {
    const box = { x0: 0, y0: 0, x1: 10, y1: 10 };
    expect(segmentRectDistance({ x: -5, y: 5 }, { x: 15, y: 5 }, box)).toBe(0); // through it
    expect(segmentRectDistance({ x: -5, y: 13 }, { x: 15, y: 13 }, box)).toBe(3); // under it
    expect(segmentRectDistance({ x: 14, y: 13 }, { x: 20, y: 20 }, box)).toBe(5); // off its corner
    expect(bandHits({ a: { x: -5, y: 13 }, b: { x: 15, y: 13 }, half: 3.5 }, box)).toBe(true);
    expect(bandHits({ a: { x: -5, y: 13 }, b: { x: 15, y: 13 }, half: 3 }, box)).toBe(false);
  });

  it('tells overlapping boxes from touching ones, and bounds points', () => {
    expect(intersects({ x0: 0, y0: 0, x1: 10, y1: 10 }, { x0: 9, y0: 9, x1: 12, y1: 12 })).toBe(true);
    expect(intersects({ x0: 0, y0: 0, x1: 10, y1: 10 }, { x0: 10, y0: 0, x1: 12, y1: 10 })).toBe(false);
    expect(bounds([{ x: 3, y: -1 }, { x: -2, y: 4 }])).toEqual({ x0: -2, y0: -1, x1: 3, y1: 4 });
  });
});
