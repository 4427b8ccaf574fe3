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
