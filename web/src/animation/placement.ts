// Greedy placement of labels and queue stacks in crowded topologies: a box is
// kept only when it overlaps nothing kept before it and lies inside the canvas.
// Lanes are soft obstacles: a label may cross one only when no place clear of
// every lane is free (packets run there and would hide it).

import type { Point } from './layout';

export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A thick line segment: a lane with both its edges. */
export interface Band {
  a: Point;
  b: Point;
  /** Half the thickness. */
  half: number;
}

/** Whether two boxes overlap (touching is fine). */
export function intersects(a: Rect, b: Rect): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

/** Whether a box lies inside a w x h canvas. */
export function inside(r: Rect, w: number, h: number): boolean {
  return r.x0 >= 0 && r.y0 >= 0 && r.x1 <= w && r.y1 <= h;
}

/** Whether a band comes within its half thickness of a box. */
export function bandHits(band: Band, r: Rect): boolean {
  return segmentRectDistance(band.a, band.b, r) < band.half;
}

function pointRectDistance(p: Point, r: Rect): number {
  const dx = Math.max(r.x0 - p.x, 0, p.x - r.x1);
  const dy = Math.max(r.y0 - p.y, 0, p.y - r.y1);
  return Math.hypot(dx, dy);
}

function pointSegmentDistance(p: Point, a: Point, b: Point): number {
  const vx = b.x - a.x;
  const vy = b.y - a.y;
  const len2 = vx * vx + vy * vy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * vx + (p.y - a.y) * vy) / len2));
  return Math.hypot(p.x - (a.x + t * vx), p.y - (a.y + t * vy));
}

/** Whether the segment a-b crosses the box (Liang-Barsky clipping). */
function segmentCrossesRect(a: Point, b: Point, r: Rect): boolean {
  let t0 = 0;
  let t1 = 1;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const edges: [number, number][] = [
    [-dx, a.x - r.x0],
    [dx, r.x1 - a.x],
    [-dy, a.y - r.y0],
    [dy, r.y1 - a.y],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return false;
    } else {
      const t = q / p;
      if (p < 0) t0 = Math.max(t0, t);
      else t1 = Math.min(t1, t);
      if (t0 > t1) return false;
    }
  }
  return true;
}

/** Shortest distance between a segment and a box (0 when they meet). */
export function segmentRectDistance(a: Point, b: Point, r: Rect): number {
  if (segmentCrossesRect(a, b, r)) return 0;
  const corners = [
    { x: r.x0, y: r.y0 },
    { x: r.x1, y: r.y0 },
    { x: r.x0, y: r.y1 },
    { x: r.x1, y: r.y1 },
  ];
  return Math.min(pointRectDistance(a, r), pointRectDistance(b, r), ...corners.map((c) => pointSegmentDistance(c, a, b)));
}

export class Placer {
  private readonly rects: Rect[] = [];
  private readonly bands: Band[] = [];

  /** The canvas every kept box must lie in (unbounded by default). */
  constructor(
    readonly width = Infinity,
    readonly height = Infinity,
  ) {}

  /** Whether a box is inside the canvas and overlaps nothing kept. */
  free(r: Rect): boolean {
    return inside(r, this.width, this.height) && !this.rects.some((o) => intersects(r, o));
  }

  /** Free, and clear of every lane. */
  clear(r: Rect): boolean {
    return this.free(r) && !this.bands.some((b) => bandHits(b, r));
  }

  /** Keeps a box when it is free. */
  take(r: Rect): boolean {
    if (!this.free(r)) return false;
    this.rects.push(r);
    return true;
  }

  /** Keeps a box whatever it overlaps (nodes). */
  reserve(r: Rect): void {
    this.rects.push(r);
  }

  /** A soft obstacle: kept boxes avoid it when they can. */
  avoid(band: Band): void {
    this.bands.push(band);
  }
}

export function bounds(points: { x: number; y: number }[]): Rect {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}
