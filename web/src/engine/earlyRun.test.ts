import { describe, expect, it } from 'vitest';
import { earlyRunOf } from './earlyRun';
import { DEFAULT_BUDGET } from './budget';

describe('earlyRunOf (the run a cold load starts before the app loads)', () => {
  it('reads the scenario and seed of a plain link', () => {
    expect(earlyRunOf('?s=seed003/two-way&seed=7&t=1.5&speed=4&lang=ko', DEFAULT_BUDGET)).toEqual({
      type: 'earlyRun',
      scenario: 'seed003/two-way',
      seed: 7,
      budget: DEFAULT_BUDGET,
    });
  });

  it('uses the default scenario and leaves a bad seed to the scenario (as the app does)', () => {
    expect(earlyRunOf('', null)).toEqual({ type: 'earlyRun', scenario: 'seed000/wired', seed: null, budget: null });
    expect(earlyRunOf('?seed=-3', null)?.seed).toBeNull();
  });

  it('starts nothing for overrides, custom scenarios, lessons, paper mode or repeated parameters', () => {
    for (const q of ['?s=seed000/wired&set=links.a.rate=1Mbps', '?s=custom&cs=abc', '?lesson=cwnd-basics', '?lessonUrl=/x.toml', '?view=paper', '?view=lessons', '?s=a/b&s=c/d', '?seed=1&seed=2', '?s=../../etc']) {
      expect(earlyRunOf(q, null), q).toBeNull();
    }
  });
});
