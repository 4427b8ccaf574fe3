// The animation takes the height left on the first screen: on a projector the
// play controls, the network and the first plot (cwnd) must all show without
// scrolling; on a phone, the network and its controls.

/** Below this the network is not worth drawing; the page scrolls instead. */
export const MIN_ANIMATION_PX = 150;
/** Room kept free under the target, so its shadow and border show. */
export const FIRST_SCREEN_MARGIN_PX = 8;
/** From this width the plots sit beside the settings and the cwnd plot belongs on the first screen. */
export const WIDE_MIN_PX = 900;

/**
 * The animation's height: its current height plus the spare room below the
 * target (negative when the target is cut off), at most what the topology
 * wants, at least MIN_ANIMATION_PX. Applying it twice gives the same height
 * (nothing above or below the animation depends on its height).
 */
export function fitHeight(currentPx: number, spareBelowTargetPx: number, naturalPx: number, minPx = MIN_ANIMATION_PX): number {
  const want = Math.floor(currentPx + spareBelowTargetPx);
  return Math.max(Math.min(minPx, naturalPx), Math.min(naturalPx, want));
}

/** The plots may lose at most this share of their height to keep the first one on the first screen. */
export const MAX_PLOT_SQUEEZE = 0.35;

/**
 * How many pixels the plots give up so the fit target ends on the first
 * screen when the animation, already at its minimum, cannot make the room
 * (present mode's larger text and a legend of three lines). `overflowPx` is
 * how far the target ends below the first screen (negative: room to spare),
 * `animationSlackPx` how much the animation can still shrink. Room to spare
 * goes back to the plots first, so the two settle: the animation absorbs
 * what is left over.
 */
export function plotSqueeze(currentPx: number, overflowPx: number, animationSlackPx: number, maxPx: number): number {
  const change = overflowPx > 0 ? Math.max(0, overflowPx - animationSlackPx) : overflowPx;
  return Math.round(Math.min(maxPx, Math.max(0, currentPx + change)));
}
