import { describe, expect, it } from 'vitest';
import { cursorMotion } from './cursorMotion';

const playing = { playing: true, speed: 4, endMs: 100_000 };
const paused = { ...playing, playing: false };

describe('cursorMotion', () => {
  it('stands still where the cursor is while paused, hidden outside the plot', () => {
    expect(cursorMotion(paused, 5_000, 0, 10_000)).toEqual({ kind: 'still', atMs: 5_000 });
    expect(cursorMotion(paused, 50_000, 0, 10_000)).toEqual({ kind: 'hidden' });
  });

  it('runs to the right edge at the playback speed and leaves there', () => {
    // 6 s of simulated time at 4x: 1.5 s of wall time.
    expect(cursorMotion(playing, 4_000, 0, 10_000)).toEqual({ kind: 'moving', fromMs: 4_000, toMs: 10_000, delayMs: 0, durationMs: 1_500, holdAtEnd: false });
  });

  it('waits until it enters a plot zoomed in ahead of it', () => {
    const m = cursorMotion(playing, 2_000, 10_000, 12_000);
    expect(m).toEqual({ kind: 'moving', fromMs: 10_000, toMs: 12_000, delayMs: 2_000, durationMs: 500, holdAtEnd: false });
  });

  it('stops at the end of the run and stays there', () => {
    expect(cursorMotion(playing, 96_000, 0, 100_000)).toEqual({ kind: 'moving', fromMs: 96_000, toMs: 100_000, delayMs: 0, durationMs: 1_000, holdAtEnd: true });
    expect(cursorMotion(playing, 100_000, 0, 100_000)).toEqual({ kind: 'still', atMs: 100_000 });
  });

  it('is hidden once past the plot', () => {
    expect(cursorMotion(playing, 20_000, 0, 10_000)).toEqual({ kind: 'hidden' });
  });
});
