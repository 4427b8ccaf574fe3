import { describe, expect, it } from 'vitest';
import { Playback, type PlaybackDeps } from './playback';

function fakeDeps() {
  let wall = 0;
  let next: (() => void) | null = null;
  let ids = 0;
  const deps: PlaybackDeps = {
    now: () => wall,
    requestFrame: (cb) => {
      next = cb;
      return ++ids;
    },
    cancelFrame: () => {
      next = null;
    },
  };
  return {
    deps,
    advance(ms: number) {
      wall += ms;
    },
    /** Runs the pending frame; false when none was requested. */
    frame(): boolean {
      const cb = next;
      next = null;
      cb?.();
      return cb !== null;
    },
  };
}

describe('Playback', () => {
  it('draws one frame on request while paused, and keeps drawing while playing', () => {
    const f = fakeDeps();
    const p = new Playback(5000, 0.1, 20000, f.deps);
    const times: number[] = [];
    p.onFrame((t) => times.push(t));
    expect(f.frame()).toBe(true);
    expect(f.frame()).toBe(false); // paused: no further frames
    expect(times).toEqual([5000]);

    p.play();
    f.advance(1000);
    f.frame();
    f.advance(1000);
    f.frame();
    expect(times.slice(1)).toEqual([5100, 5200]);
    expect(p.getSnapshot().playing).toBe(true);
  });

  it('pauses itself at the end of the run', () => {
    const f = fakeDeps();
    const p = new Playback(19_900, 1, 20000, f.deps);
    let notified = 0;
    p.subscribe(() => notified++);
    p.play();
    f.advance(500);
    f.frame();
    expect(p.getSnapshot()).toMatchObject({ playing: false, cursorMs: 20000 });
    expect(notified).toBe(2);
    expect(f.frame()).toBe(false);
  });

  it('seeks, and reports the cursor in its snapshot', () => {
    const f = fakeDeps();
    const p = new Playback(0, 1, 20000, f.deps);
    p.seek(1234);
    expect(p.getSnapshot().cursorMs).toBe(1234);
    expect(p.time()).toBe(1234);
    p.setEnd(1000);
    expect(p.time()).toBe(1000);
  });
});
