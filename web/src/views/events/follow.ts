/**
 * How often, at most, the page's text follows a playing cursor (ms of wall
 * time): the time readout, the slider and the event list. The canvases and the
 * plots' cursors follow every frame; text changing faster cannot be read, and
 * each change costs the animation a layout.
 */
export const FOLLOW_MS = 100;

/**
 * Whether text should follow the cursor on this frame: always when paused;
 * while playing, on the first frame of each FOLLOW_MS period of wall time, so
 * every follower changes on the same frame (one layout, not one each).
 */
export function follower(): (playing: boolean, nowMs: number) => boolean {
  let shown = Number.NaN;
  return (playing, nowMs) => {
    const period = Math.floor(nowMs / FOLLOW_MS);
    if (playing && period === shown) return false;
    shown = period;
    return true;
  };
}
