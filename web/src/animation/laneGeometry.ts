// Where things sit along a lane: the packets' band and the queue stack at the
// sending end. Shared by the drawing and the label placement, which must agree.

import type { Lane, Point } from './layout';
import { bounds, type Band, type Rect } from './placement';

/** Height of a data packet's glyph; the lane's edges run 1.5 px outside it. */
export const DATA_H = 8;
/** Queue stacks sit this far along the lane from its start, clear of the node label. */
export const STACK_INSET = 22;
export const STACK_W = 10;

/** The point `d` along the lane and `out` along its outward normal from `origin`. */
export function laneOffset(lane: Lane, origin: Point, d: number, out: number): Point {
  return { x: origin.x + lane.dir.x * d + lane.normal.x * out, y: origin.y + lane.dir.y * d + lane.normal.y * out };
}

/** The lane's packets and edges, as an obstacle labels avoid. */
export function laneBand(lane: Lane): Band {
  return { a: lane.start, b: lane.end, half: DATA_H / 2 + 2 };
}

/** The stack grows from the lane outward (along the lane's normal), at its sending end. */
export function stackBase(lane: Lane): Point {
  return laneOffset(lane, lane.start, STACK_INSET, DATA_H / 2 + 4);
}

/** The middle of the stack's outer end, `height` out from its base. */
export function stackTop(lane: Lane, height: number): Point {
  return laneOffset(lane, stackBase(lane), STACK_W / 2, height + 2);
}

/** The screen box a queue stack covers. */
export function stackRect(lane: Lane, height: number): Rect {
  const base = stackBase(lane);
  const at = (d: number, out: number) => laneOffset(lane, base, d, out);
  return bounds([at(-1, 0), at(STACK_W + 1, 0), at(-1, height), at(STACK_W + 1, height)]);
}
