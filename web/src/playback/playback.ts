// The app's one playback clock and its one requestAnimationFrame loop. Views
// register frame listeners (called with the simulated time) instead of running
// loops of their own; the loop only runs while playing or after an invalidate().

import { atEnd, createClock, pause, play, seek, setEnd, setSpeed, simTimeAt, type ClockState } from './clock';

export interface PlaybackSnapshot {
  playing: boolean;
  speed: number;
  endMs: number;
  /** The cursor as of the last state change (live time comes through frames). */
  cursorMs: number;
}

export type FrameListener = (simMs: number) => void;

export interface PlaybackDeps {
  now(): number;
  requestFrame(cb: () => void): number;
  cancelFrame(id: number): void;
}

const browserDeps: PlaybackDeps = {
  now: () => performance.now(),
  requestFrame: (cb) => requestAnimationFrame(cb),
  cancelFrame: (id) => cancelAnimationFrame(id),
};

export class Playback {
  private clock: ClockState;
  private readonly frames = new Set<FrameListener>();
  private readonly listeners = new Set<() => void>();
  private frameId: number | null = null;
  private snapshot: PlaybackSnapshot;

  constructor(startMs: number, speed: number, endMs: number, private readonly deps: PlaybackDeps = browserDeps) {
    this.clock = createClock(startMs, speed, endMs);
    this.snapshot = this.makeSnapshot();
  }

  /** Simulated time now. */
  time(): number {
    return simTimeAt(this.clock, this.deps.now());
  }

  play(): void {
    this.update(play(this.clock, this.deps.now()));
  }

  pause(): void {
    this.update(pause(this.clock, this.deps.now()));
  }

  toggle(): void {
    if (this.clock.playing) this.pause();
    else this.play();
  }

  seek(simMs: number): void {
    this.update(seek(this.clock, simMs, this.deps.now()));
  }

  setSpeed(speed: number): void {
    this.update(setSpeed(this.clock, speed, this.deps.now()));
  }

  setEnd(endMs: number): void {
    if (endMs === this.clock.endMs) return;
    this.update(setEnd(this.clock, endMs, this.deps.now()));
  }

  /** Calls `fn(simMs)` on every frame drawn; returns the unsubscribe function. */
  onFrame(fn: FrameListener): () => void {
    this.frames.add(fn);
    this.invalidate();
    return () => this.frames.delete(fn);
  }

  /** Asks for one frame (data or size changed). */
  invalidate(): void {
    this.frameId ??= this.deps.requestFrame(this.tick);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): PlaybackSnapshot => this.snapshot;

  dispose(): void {
    if (this.frameId !== null) this.deps.cancelFrame(this.frameId);
    this.frameId = null;
    this.frames.clear();
    this.listeners.clear();
  }

  private readonly tick = (): void => {
    this.frameId = null;
    const wall = this.deps.now();
    if (this.clock.playing && atEnd(this.clock, wall)) this.update(pause(this.clock, wall), false);
    const t = simTimeAt(this.clock, wall);
    for (const fn of [...this.frames]) fn(t);
    if (this.clock.playing) this.invalidate();
  };

  private update(next: ClockState, redraw = true): void {
    if (next === this.clock) return;
    this.clock = next;
    this.snapshot = this.makeSnapshot();
    for (const l of [...this.listeners]) l();
    if (redraw) this.invalidate();
  }

  private makeSnapshot(): PlaybackSnapshot {
    return {
      playing: this.clock.playing,
      speed: this.clock.speed,
      endMs: this.clock.endMs,
      cursorMs: simTimeAt(this.clock, this.deps.now()),
    };
  }
}
