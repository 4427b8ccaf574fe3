// Label placement: each label has a list of candidate boxes around its anchor
// (a node, a lane, a queue stack), in the text forms it may take, whole
// first, then shorter. A staged greedy pass gives every label its first
// candidate that is free and clear of the lanes, every label's whole text
// before any label's short one; then the same allowing a lane to be crossed.
// What finds no room is not drawn. Text is measured by the caller's Measure,
// the same the drawing uses, so the boxes are the drawn text's.

import type { Lane, Point } from './layout';
import { DATA_H, laneOffset, STACK_W, stackTop } from './laneGeometry';
import { intersects, type Placer, type Rect } from './placement';
import type { Measure } from './textMeasure';
import { wrapLines } from './wrapLines';

/** Text drawn centred at x, its first line hanging from y, lines `lineHeight(px)` apart. */
export interface PlacedText {
  lines: string[];
  x: number;
  y: number;
  px: number;
  /** What the text covers, with 2 px of air at each side. */
  box: Rect;
  /** The whole text; `lines` show a shorter form when `short`. */
  full: string;
  short: boolean;
}

export interface Candidate<T> {
  /** 0 for the whole text, higher for shorter forms. */
  level: number;
  box: Rect;
  value: T;
}

export const lineHeight = (px: number) => Math.round(px * 1.2);
const PAD_X = 2;
/** Line boxes already hold the text's leading. */
const PAD_Y = 0;
/** Between a label and what it names. */
const GAP = 4;

export interface StageOptions {
  /** What is placed later and would rather not be displaced (queue stacks). */
  soft?: readonly Rect[];
  /** Whether a label may lie across a lane when nothing clear is free (names must show; link labels need not). */
  crossLanes?: boolean;
}

/**
 * For each item, its chosen candidate's value (null: no room). Every item
 * tries its level-0 candidates before any item tries level 1, first keeping
 * clear of lanes and soft boxes, then (when allowed) not; each choice is
 * taken from the placer at once.
 */
export function placeStaged<T>(placer: Placer, items: readonly Candidate<T>[][], opts: StageOptions = {}): (T | null)[] {
  const out: (T | null)[] = items.map(() => null);
  const levels = Math.max(0, ...items.flatMap((cands) => cands.map((c) => c.level + 1)));
  const soft = opts.soft ?? [];
  const clear = (r: Rect) => placer.clear(r) && !soft.some((o) => intersects(r, o));
  const tiers = opts.crossLanes === false ? [clear] : [clear, (r: Rect) => placer.free(r)];
  for (const ok of tiers) {
    for (let level = 0; level < levels; level++) {
      items.forEach((cands, i) => {
        if (out[i] !== null) return;
        const c = cands.find((c) => c.level === level && ok(c.box));
        if (c && placer.take(c.box)) out[i] = c.value;
      });
    }
  }
  return out;
}

/** A text form: its lines and the size they take. */
interface Form {
  lines: string[];
  w: number;
  h: number;
}

function form(lines: string[], px: number, bold: boolean, measure: Measure): Form {
  return { lines, w: Math.max(0, ...lines.map((l) => measure(l, px, bold))) + 2 * PAD_X, h: lines.length * lineHeight(px) + 2 * PAD_Y };
}

/** The text of a form in the box whose top-left is (x0, y0). */
function textIn(f: Form, x0: number, y0: number, px: number, full: string, short: boolean): PlacedText {
  return { lines: f.lines, x: x0 + f.w / 2, y: y0 + PAD_Y, px, box: { x0, y0, x1: x0 + f.w, y1: y0 + f.h }, full, short };
}

/** A side of the anchor; below and above also shifted to end at its right edge (-r) or start at its left (+r). */
type Side = 'below' | 'above' | 'below-r' | 'below+r' | 'above-r' | 'above+r' | 'right' | 'left';

/**
 * Where a box of `size` starting at `start` goes to lie within [0, limit]:
 * slid in, as long as it still overlaps [lo, hi] (still faces what it names).
 */
function slide(start: number, size: number, lo: number, hi: number, limit: number): number {
  let s = start;
  if (s < 0) s = Math.min(0, hi - 1);
  if (s + size > limit) s = Math.max(limit - size, lo + 1 - size);
  return s;
}

/** The top-left of a w x h box on one side of an anchor box, `gap` away, centred on it (slid into the canvas). */
function beside(anchor: Rect, w: number, h: number, side: Side, gap: number, canvas: Canvas): Point {
  const cx = (anchor.x0 + anchor.x1) / 2;
  const cy = (anchor.y0 + anchor.y1) / 2;
  const x = (start: number) => slide(start, w, anchor.x0, anchor.x1, canvas.width);
  switch (side) {
    case 'below':
      return { x: x(cx - w / 2), y: anchor.y1 + gap };
    case 'below-r':
      return { x: x(anchor.x1 - w), y: anchor.y1 + gap };
    case 'below+r':
      return { x: x(anchor.x0), y: anchor.y1 + gap };
    case 'above':
      return { x: x(cx - w / 2), y: anchor.y0 - gap - h };
    case 'above-r':
      return { x: x(anchor.x1 - w), y: anchor.y0 - gap - h };
    case 'above+r':
      return { x: x(anchor.x0), y: anchor.y0 - gap - h };
    case 'right':
      return { x: anchor.x1 + gap, y: slide(cy - h / 2, h, anchor.y0, anchor.y1, canvas.height) };
    case 'left':
      return { x: anchor.x0 - gap - w, y: slide(cy - h / 2, h, anchor.y0, anchor.y1, canvas.height) };
  }
}

export interface Canvas {
  width: number;
  height: number;
}

/**
 * A node's name: within the node's room (`room` px wide, two lines) below or
 * above it (centred, else shifted to one side); whole on one line at its side; cut with an ellipsis below or
 * above; its id (a short name) on any side.
 */
export function nodeLabelCandidates(
  node: { id: string; label: string },
  circle: Rect,
  room: number,
  px: number,
  measure: Measure,
  canvas: Canvas,
): Candidate<PlacedText>[] {
  const wrapped = wrapLines(node.label, room, 2, (s) => measure(s, px, true));
  // Whole when wrapping left out nothing (no word cut, nothing after the second line).
  const whole = wrapped.join(' ') === node.label.split(/\s+/).filter(Boolean).join(' ');
  const out: Candidate<PlacedText>[] = [];
  const add = (level: number, lines: string[], sides: Side[], short: boolean) => {
    const f = form(lines, px, true, measure);
    for (const side of sides) {
      const at = beside(circle, f.w, f.h, side, GAP, canvas);
      const t = textIn(f, at.x, at.y, px, node.label, short);
      out.push({ level, box: t.box, value: t });
    }
  };
  const under: Side[] = ['below', 'above', 'below-r', 'below+r', 'above-r', 'above+r'];
  if (whole) add(0, wrapped, under, false);
  add(0, [node.label], ['right', 'left'], false);
  if (!whole) add(1, wrapped, under, true);
  if (node.id !== node.label && measure(node.id, px, true) < measure(node.label, px, true)) add(2, [node.id], [...under, 'right', 'left'], true);
  return out;
}

/** A middlebox gauge: its text and a bar. */
export interface GaugeSlot {
  node: number;
  label: string;
  /** The gauge's own part of its node's column. */
  box: Rect;
  /** The text: centred at x, first line hanging from y; the value on a line of its own when `twoLines`. */
  x: number;
  y: number;
  twoLines: boolean;
  /** Widest the text may be drawn. */
  textWidth: number;
  bar: Rect;
}

export const GAUGE_BAR_H = 6;
const GAUGE_GAP = 2;

/** How one gauge is laid out inside its box (top-left at 0, 0). */
interface GaugeForm {
  w: number;
  h: number;
  slot: (x0: number, y0: number) => Omit<GaugeSlot, 'node' | 'label'>;
}

/**
 * The gauges of one node, as one column of boxes placed together in rings
 * around the node: above (centred, to the left, to the right), then below,
 * then beside; one ring further out at a time. Forms: text over a bar; text
 * and bar on one line (lower); the value on a line of its own (narrower).
 */
export function gaugeCandidates(
  gauges: readonly { node: number; label: string; widestValue: string }[],
  circle: Rect,
  px: number,
  measure: Measure,
  canvas: Canvas,
): Candidate<GaugeSlot[]>[] {
  const out: Candidate<GaugeSlot[]>[] = [];
  const barW = Math.max(64, 5 * px);
  const lh = lineHeight(px);
  const one = (g: { label: string; widestValue: string }) => measure(`${g.label} ${g.widestValue}`, px, false);
  const two = (g: { label: string; widestValue: string }) => Math.max(measure(g.label, px, false), measure(g.widestValue, px, false));
  const over = (textW: number, lines: number): GaugeForm => {
    const w = Math.max(barW, textW) + 2 * PAD_X;
    return {
      w,
      h: lines * lh + 2 + GAUGE_BAR_H + 2 * PAD_Y,
      slot: (x0, y0) => {
        const x = x0 + w / 2;
        const barY = y0 + PAD_Y + lines * lh + 2;
        const box = { x0, y0, x1: x0 + w, y1: y0 + lines * lh + 2 + GAUGE_BAR_H + 2 * PAD_Y };
        return { box, x, y: y0 + PAD_Y, twoLines: lines === 2, textWidth: w - 2 * PAD_X, bar: { x0: x - barW / 2, y0: barY, x1: x + barW / 2, y1: barY + GAUGE_BAR_H } };
      },
    };
  };
  const inline = (textW: number): GaugeForm => {
    const w = textW + 6 + barW + 2 * PAD_X;
    return {
      w,
      h: lh + 2 * PAD_Y,
      slot: (x0, y0) => {
        const barY = y0 + PAD_Y + (lh - GAUGE_BAR_H) / 2;
        const box = { x0, y0, x1: x0 + w, y1: y0 + lh + 2 * PAD_Y };
        return { box, x: x0 + PAD_X + textW / 2, y: y0 + PAD_Y, twoLines: false, textWidth: textW, bar: { x0: x0 + PAD_X + textW + 6, y0: barY, x1: x0 + PAD_X + textW + 6 + barW, y1: barY + GAUGE_BAR_H } };
      },
    };
  };
  const widest = (f: (g: { label: string; widestValue: string }) => number) => Math.max(0, ...gauges.map(f));
  const forms = [over(widest(one), 1), inline(widest(one)), over(widest(two), 2)];
  forms.forEach((f, level) => {
    // Every gauge of the node in one column, as wide as the widest.
    const w = f.w;
    const h = gauges.length * (f.h + GAUGE_GAP) - GAUGE_GAP;
    const cx = (circle.x0 + circle.x1) / 2;
    const cy = (circle.y0 + circle.y1) / 2;
    const lefts = [cx - w / 2, circle.x1 - w, circle.x0];
    for (let ring = 0; ring < 3; ring++) {
      const spots: Point[] = [
        ...lefts.map((x) => ({ x: slide(x, w, circle.x0, circle.x1, canvas.width), y: circle.y0 - GAP - h - ring * (f.h + GAUGE_GAP) })),
        ...lefts.map((x) => ({ x: slide(x, w, circle.x0, circle.x1, canvas.width), y: circle.y1 + GAP + ring * (f.h + GAUGE_GAP) })),
        { x: circle.x0 - GAP - w - ring * (w + GAUGE_GAP), y: slide(cy - h / 2, h, circle.y0, circle.y1, canvas.height) },
        { x: circle.x1 + GAP + ring * (w + GAUGE_GAP), y: slide(cy - h / 2, h, circle.y0, circle.y1, canvas.height) },
      ];
      for (const p of spots) {
        const slots = gauges.map((g, i) => ({ node: g.node, label: g.label, ...f.slot(p.x, p.y + i * (f.h + GAUGE_GAP)) }));
        out.push({ level, box: { x0: p.x, y0: p.y, x1: p.x + w, y1: p.y + h }, value: slots });
      }
    }
  });
  return out;
}

/** How far a w x h box's centre must sit from a line along `dir` to clear it by its own extent. */
function halfExtent(v: Point, w: number, h: number): number {
  return (Math.abs(v.x) * w + Math.abs(v.y) * h) / 2;
}

/**
 * A link's rate and delay beside a lane, on its outer side, near the middle
 * first; `texts` are the forms, whole first. Symmetric links name both
 * directions at once, so they may sit beside either lane.
 */
export function linkLabelCandidates(lanes: readonly Lane[], texts: readonly string[], px: number, measure: Measure): Candidate<{ lane: Lane; label: PlacedText }>[] {
  const out: Candidate<{ lane: Lane; label: PlacedText }>[] = [];
  texts.forEach((text, level) => {
    const f = form([text], px, false, measure);
    for (const frac of [0.5, 0.4, 0.6, 0.3, 0.7]) {
      for (const lane of lanes) {
        const mid = { x: lane.start.x + (lane.end.x - lane.start.x) * frac, y: lane.start.y + (lane.end.y - lane.start.y) * frac };
        const c = laneOffset(lane, mid, 0, DATA_H / 2 + 3 + halfExtent(lane.normal, f.w, f.h));
        const t = textIn(f, c.x - f.w / 2, c.y - f.h / 2, px, texts[0] ?? text, level > 0);
        out.push({ level, box: t.box, value: { lane, label: t } });
      }
    }
  });
  return out;
}

/**
 * A queue's occupancy ("12/50") at the outer end of its stack: beyond it,
 * else beside its end, downstream then upstream. `widest` is the widest text
 * it will show.
 */
export function queueLabelCandidates(lane: Lane, stackHeight: number, widest: string, px: number, measure: Measure): Candidate<PlacedText>[] {
  const f = form([widest], px, false, measure);
  const top = stackTop(lane, stackHeight);
  const along = STACK_W / 2 + 3 + halfExtent(lane.dir, f.w, f.h);
  const back = -halfExtent(lane.normal, f.w, f.h);
  const centres = [
    laneOffset(lane, top, 0, 1 + halfExtent(lane.normal, f.w, f.h)),
    laneOffset(lane, top, along, back),
    laneOffset(lane, top, -along, back),
  ];
  return centres.map((c) => {
    const t = textIn(f, c.x - f.w / 2, c.y - f.h / 2, px, widest, false);
    return { level: 0, box: t.box, value: t };
  });
}

/** Where a lane's "down" mark goes: a fraction along the lane, and the word centred on the lane there. */
export interface DownLabel {
  at: number;
  label: PlacedText;
}

/**
 * A lane's "down" mark (drawn while the link is out, in the break of the
 * lane): on the lane itself, at its middle first, then further along either
 * way. Placed with the other labels, so none of them covers it.
 */
export function downLabelCandidates(lane: Lane, text: string, px: number, measure: Measure): Candidate<DownLabel>[] {
  const w = measure(text, px, true) + 2 * PAD_X + 2;
  const h = px + 2;
  return [0.5, 0.35, 0.65, 0.2, 0.8].map((at) => {
    const x = lane.start.x + (lane.end.x - lane.start.x) * at;
    const y = lane.start.y + (lane.end.y - lane.start.y) * at;
    const box = { x0: x - w / 2, y0: y - h / 2, x1: x + w / 2, y1: y + h / 2 };
    return { level: 0, box, value: { at, label: { lines: [text], x, y: y - px / 2, px, box, full: text, short: false } } };
  });
}
