import { describe, expect, it } from 'vitest';
import {
  atEnd,
  createClock,
  formatSpeed,
  nearestSpeedIndex,
  pause,
  play,
  seek,
  setEnd,
  setSpeed,
  simTimeAt,
  sliderFromSpeed,
  speedFromSlider,
  SPEEDS,
  stepSpeed,
  wallTimeAt,
} from './clock';

describe('clock', () => {
  it('starts paused at the given time, clamped to the run', () => {
    const c = createClock(5000, 1, 20000);
    expect(c.playing).toBe(false);
    expect(simTimeAt(c, 123456)).toBe(5000);
    expect(simTimeAt(createClock(30000, 1, 20000), 0)).toBe(20000);
  });

  it('maps wall to sim time at different speeds', () => {
    for (const speed of [0.01, 0.1, 1, 10, 100]) {
      const c = play(createClock(1000, speed, 1e9), 10_000);
      expect(simTimeAt(c, 10_000)).toBe(1000);
      expect(simTimeAt(c, 10_500)).toBeCloseTo(1000 + 500 * speed, 9);
      expect(wallTimeAt(c, 1000 + 500 * speed)).toBeCloseTo(10_500, 6);
    }
  });

  it('pauses and resumes without a jump', () => {
    let c = play(createClock(0, 0.5, 20000), 0);
    c = pause(c, 1000); // 500 ms of sim time
    expect(simTimeAt(c, 99_999)).toBe(500);
    c = play(c, 5000);
    expect(simTimeAt(c, 5000)).toBe(500);
    expect(simTimeAt(c, 6000)).toBe(1000);
  });

  it('seeks while paused and while playing', () => {
    let c = seek(createClock(0, 1, 20000), 7000, 0);
    expect(simTimeAt(c, 50)).toBe(7000);
    c = play(c, 100);
    c = seek(c, 2000, 200);
    expect(simTimeAt(c, 200)).toBe(2000);
    expect(simTimeAt(c, 300)).toBe(2100);
    expect(simTimeAt(seek(c, -5, 0), 0)).toBe(0);
    expect(simTimeAt(seek(c, 1e9, 300), 300)).toBe(20000);
  });

  it('changes speed without moving the cursor', () => {
    let c = play(createClock(0, 1, 20000), 0);
    c = setSpeed(c, 10, 1000);
    expect(simTimeAt(c, 1000)).toBe(1000);
    expect(simTimeAt(c, 1100)).toBe(2000);
  });

  it('stops at the end and restarts from zero when played again', () => {
    let c = play(createClock(19_000, 1, 20000), 0);
    expect(atEnd(c, 999)).toBe(false);
    expect(atEnd(c, 1000)).toBe(true);
    expect(simTimeAt(c, 5000)).toBe(20000);
    c = pause(c, 5000);
    c = play(c, 6000);
    expect(simTimeAt(c, 6000)).toBe(0);
  });

  it('keeps the cursor when the run length changes', () => {
    const c = setEnd(createClock(5000, 1, 20000), 60000, 0);
    expect(simTimeAt(c, 0)).toBe(5000);
    expect(simTimeAt(setEnd(c, 1000, 0), 0)).toBe(1000);
  });

  it('has 1-2-5 speed presets from 0.01x to 1000x', () => {
    expect(SPEEDS[0]).toBe(0.01);
    expect(SPEEDS.at(-1)).toBe(1000);
    expect(SPEEDS[nearestSpeedIndex(0.1)]).toBe(0.1);
    expect(SPEEDS[nearestSpeedIndex(0.3)]).toBe(0.2);
    expect(formatSpeed(0.05)).toBe('0.05\u00d7');
    expect(formatSpeed(20)).toBe('20\u00d7');
    expect(formatSpeed(1.5)).toBe('1.5\u00d7');
  });

  it('steps speed along the presets and maps the log slider', () => {
    expect(stepSpeed(1, 1)).toBe(2);
    expect(stepSpeed(1, -1)).toBe(0.5);
    expect(stepSpeed(1.3, 1)).toBe(2);
    expect(stepSpeed(1000, 1)).toBe(1000);
    expect(stepSpeed(0.01, -1)).toBe(0.01);
    expect(speedFromSlider(0)).toBe(0.01);
    expect(speedFromSlider(1)).toBe(1000);
    expect(speedFromSlider(0.4)).toBe(1);
    expect(sliderFromSpeed(1)).toBeCloseTo(0.4);
    for (const s of SPEEDS) expect(speedFromSlider(sliderFromSpeed(s))).toBeCloseTo(s, 10);
  });
});
