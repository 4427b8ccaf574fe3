import { describe, expect, it } from 'vitest';
import { FOLLOW_MS, follower } from './follow';

describe('follower', () => {
  it('follows every frame when paused, once per period while playing, and two followers on the same frames', () => {
    const a = follower();
    const b = follower();
    const frames = [0, 16, 33, 50, 99, 100, 116, 199, 250, 301];
    const dueA = frames.map((t) => a(true, t));
    const dueB = frames.map((t) => b(true, t + 0));
    expect(dueA).toEqual([true, false, false, false, false, true, false, false, true, true]);
    expect(dueB).toEqual(dueA);
    expect(FOLLOW_MS).toBe(100);
    // Paused: every call.
    expect([a(false, 302), a(false, 303)]).toEqual([true, true]);
  });
});
