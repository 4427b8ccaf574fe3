// How large drawn text is (canvas and SVG): a function of one view scale, so the
// projector's present mode enlarges every label together and tests can check
// the sizes without a browser.

/** Text sizes in CSS px of everything drawn on canvases and in plot SVG. */
export interface TextSizes {
  /** Node names under the nodes of the animation. */
  node: number;
  /** Link rate and delay along a link. */
  link: number;
  /** Queue occupancy ("3/50") beside a queue stack. */
  queue: number;
  /** Packet counts on lanes drawn as densities, "down" on a failed link. */
  packet: number;
  /** Middlebox gauges (proxy buffer, Snoop cache). */
  gauge: number;
  /** A note in the corner of the animation. */
  note: number;
  /** Plot tick labels. */
  tick: number;
  /** Plot axis titles. */
  axis: number;
}

/** At scale 1 (the normal view): at least 12 px, readable on a laptop. */
const BASE: TextSizes = { node: 13, link: 12, queue: 12, packet: 12, gauge: 12, note: 13, tick: 12, axis: 12 };

/** The smallest present-mode text at a 1280x720 projector: 16 px, for the back row. */
export const PRESENT_MIN_PX = 16;
const PRESENT_BASE = PRESENT_MIN_PX / Math.min(...Object.values(BASE));
/** Beyond 1280x720 present mode grows with the screen, up to this. */
const MAX_SCALE = 2;

/**
 * The view scale: 1 in the normal view; in present mode at least 16/12 (16 px
 * text at 1280x720), growing with the screen beyond that size.
 */
export function viewScale(present: boolean, viewport: { width: number; height: number }): number {
  if (!present) return 1;
  const grow = Math.min(viewport.width / 1280, viewport.height / 720);
  return Math.min(MAX_SCALE, PRESENT_BASE * Math.max(1, grow));
}

/** Every drawn text size at a view scale, rounded to half pixels. */
export function textSizes(scale: number): TextSizes {
  const s = Math.max(1, scale);
  const out = {} as TextSizes;
  for (const [k, v] of Object.entries(BASE) as [keyof TextSizes, number][]) out[k] = Math.round(v * s * 2) / 2;
  return out;
}

/** The smallest of a set of sizes (what a test compares with its floor). */
export function smallest(sizes: TextSizes): number {
  return Math.min(...Object.values(sizes));
}
