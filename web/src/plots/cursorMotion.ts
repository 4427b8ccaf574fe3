// Where a plot's time cursor is, and where it is going while the run plays.
// The playback clock is linear in wall time, so while playing the cursor runs
// in a straight line across the plot: one animation the compositor plays on
// its own, set up again only when playback changes (play, pause, seek, speed,
// run length) or the plot's range does. Moving it from script every frame
// made Chromium lay out the page's layers again on every frame.

export interface CursorClock {
  playing: boolean;
  /** Simulated ms per wall ms. */
  speed: number;
  endMs: number;
}

export type CursorMotion =
  | { kind: 'hidden' }
  | { kind: 'still'; atMs: number }
  | {
      kind: 'moving';
      /** Simulated times where the run across the plot starts and ends. */
      fromMs: number;
      toMs: number;
      /** Wall ms until the cursor enters the plot (0: it is in it now). */
      delayMs: number;
      durationMs: number;
      /** The run ends inside the plot: the cursor stays at its end (otherwise it leaves the plot there). */
      holdAtEnd: boolean;
    };

/** The cursor's motion from simulated time `nowMs` on, for a plot showing [t0, t1]. */
export function cursorMotion(clock: CursorClock, nowMs: number, t0: number, t1: number): CursorMotion {
  const inside = nowMs >= t0 && nowMs <= t1;
  if (!clock.playing || clock.speed <= 0 || nowMs >= clock.endMs) return inside ? { kind: 'still', atMs: nowMs } : { kind: 'hidden' };
  const from = Math.max(nowMs, t0);
  const to = Math.min(t1, clock.endMs);
  if (from > to) return { kind: 'hidden' };
  if (from === to) return { kind: 'still', atMs: from };
  return { kind: 'moving', fromMs: from, toMs: to, delayMs: (from - nowMs) / clock.speed, durationMs: (to - from) / clock.speed, holdAtEnd: to >= clock.endMs };
}
