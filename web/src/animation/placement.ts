// Greedy placement of labels and queue stacks in crowded topologies: a box is
// drawn only when it overlaps nothing placed before it.

export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Greedy label placement: a box is kept only when it overlaps nothing kept before. */
export class Placer {
  private readonly rects: Rect[] = [];

  take(r: Rect): boolean {
    if (this.rects.some((o) => r.x0 < o.x1 && o.x0 < r.x1 && r.y0 < o.y1 && o.y0 < r.y1)) return false;
    this.rects.push(r);
    return true;
  }

  reserve(r: Rect): void {
    this.rects.push(r);
  }
}

/** Text boxes are estimated (no canvas needed): about 6 px per character at 10-11 px. */
export function textBox(x: number, y: number, text: string, charW = 6, h = 13): Rect {
  const w = text.length * charW;
  return { x0: x - w / 2, y0: y - h / 2, x1: x + w / 2, y1: y + h / 2 };
}

export function bounds(points: { x: number; y: number }[]): Rect {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}
