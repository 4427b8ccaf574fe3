// The playback clock: maps wall time to simulated time at a speed, with pause
// and seek. Pure functions over an immutable state; the time is always
// `anchorSimMs + (wall - anchorWallMs) * speed` while playing, clamped to the run.

export interface ClockState {
  playing: boolean;
  /** Simulated ms per wall ms. */
  speed: number;
  /** Simulated time at `anchorWallMs`. */
  anchorSimMs: number;
  anchorWallMs: number;
  /** End of the run, simulated ms. */
  endMs: number;
}

export function createClock(simMs: number, speed: number, endMs: number): ClockState {
  return { playing: false, speed, anchorSimMs: clamp(simMs, 0, endMs), anchorWallMs: 0, endMs };
}

export function simTimeAt(c: ClockState, wallMs: number): number {
  if (!c.playing) return c.anchorSimMs;
  return clamp(c.anchorSimMs + (wallMs - c.anchorWallMs) * c.speed, 0, c.endMs);
}

/** The wall time at which a playing clock reaches `simMs` (null when paused or never). */
export function wallTimeAt(c: ClockState, simMs: number): number | null {
  if (!c.playing || c.speed <= 0 || simMs < c.anchorSimMs || simMs > c.endMs) return null;
  return c.anchorWallMs + (simMs - c.anchorSimMs) / c.speed;
}

export function atEnd(c: ClockState, wallMs: number): boolean {
  return simTimeAt(c, wallMs) >= c.endMs;
}

/** Starts playing; from the start again when the cursor is at the end. */
export function play(c: ClockState, wallMs: number): ClockState {
  if (c.playing) return c;
  const from = c.anchorSimMs >= c.endMs ? 0 : c.anchorSimMs;
  return { ...c, playing: true, anchorSimMs: from, anchorWallMs: wallMs };
}

export function pause(c: ClockState, wallMs: number): ClockState {
  if (!c.playing) return c;
  return { ...c, playing: false, anchorSimMs: simTimeAt(c, wallMs), anchorWallMs: wallMs };
}

export function seek(c: ClockState, simMs: number, wallMs: number): ClockState {
  return { ...c, anchorSimMs: clamp(simMs, 0, c.endMs), anchorWallMs: wallMs };
}

/** Changes speed without a jump in simulated time. */
export function setSpeed(c: ClockState, speed: number, wallMs: number): ClockState {
  return { ...c, speed, anchorSimMs: simTimeAt(c, wallMs), anchorWallMs: wallMs };
}

/** A new run length; the cursor stays where it is if it still fits. */
export function setEnd(c: ClockState, endMs: number, wallMs: number): ClockState {
  const now = simTimeAt(c, wallMs);
  return { ...c, endMs, anchorSimMs: clamp(now, 0, endMs), anchorWallMs: wallMs };
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(Math.max(v, lo), Math.max(lo, hi));
}

/** Speed presets, 1-2-5 steps from 0.01x to 1000x: + and - step along these. */
export const SPEEDS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000] as const;
export const MIN_SPEED = SPEEDS[0];
export const MAX_SPEED = SPEEDS[SPEEDS.length - 1] ?? 1000;

/**
 * 0.1x: in seed000/wired a 1040-byte segment takes 10.4 ms on the 0.8 Mbit/s
 * links, so at 0.1x each packet is a visible 0.1 s glyph, a 100 ms link crossing
 * lasts a second and a slow-start round (about 220 ms) a couple of seconds.
 */
export const DEFAULT_SPEED = 0.1;

export function nearestSpeedIndex(speed: number): number {
  let best = 0;
  for (let i = 1; i < SPEEDS.length; i++) {
    if (Math.abs(Math.log(SPEEDS[i] ?? 1) - Math.log(speed)) < Math.abs(Math.log(SPEEDS[best] ?? 1) - Math.log(speed))) best = i;
  }
  return best;
}

/** The next preset above (direction 1) or below (-1) the speed, staying within range. */
export function stepSpeed(speed: number, direction: 1 | -1): number {
  if (direction > 0) return SPEEDS.find((s) => s > speed * 1.0001) ?? MAX_SPEED;
  return [...SPEEDS].reverse().find((s) => s < speed / 1.0001) ?? MIN_SPEED;
}

/**
 * The speed slider is logarithmic: position p in [0, 1] is 10^(-2 + 5p), so
 * each decade gets the same room. Speeds read as two significant digits.
 */
export function speedFromSlider(p: number): number {
  const lo = Math.log10(MIN_SPEED);
  const hi = Math.log10(MAX_SPEED);
  const v = 10 ** (lo + (hi - lo) * Math.min(Math.max(p, 0), 1));
  return Math.min(MAX_SPEED, Math.max(MIN_SPEED, Number(v.toPrecision(2))));
}

export function sliderFromSpeed(speed: number): number {
  const lo = Math.log10(MIN_SPEED);
  const hi = Math.log10(MAX_SPEED);
  return (Math.log10(Math.min(Math.max(speed, MIN_SPEED), MAX_SPEED)) - lo) / (hi - lo);
}

export function formatSpeed(speed: number): string {
  return `${speed >= 10 ? speed.toFixed(0) : String(Number(speed.toPrecision(2)))}\u00d7`;
}
