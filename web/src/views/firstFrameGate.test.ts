import { describe, expect, it } from 'vitest';
import { FirstFrameGate, type GateSources } from './firstFrameGate';

/** Sources fired by hand; they count what is still watched. */
function manual() {
  let mark: (() => void) | null = null;
  let timer: (() => void) | null = null;
  const sources: GateSources = {
    watchMark: (fire) => {
      mark = fire;
      return () => (mark = null);
    },
    fallback: (fire) => {
      timer = fire;
      return () => (timer = null);
    },
  };
  return { sources, mark: () => mark?.(), timer: () => timer?.(), watching: () => [mark, timer].filter(Boolean).length };
}

describe('FirstFrameGate', () => {
  it('stays shut until the mark, then calls every waiter once and stops watching', () => {
    const m = manual();
    const gate = new FirstFrameGate(m.sources);
    const calls: string[] = [];
    gate.whenPassed(() => calls.push('a'));
    const forget = gate.whenPassed(() => calls.push('b'));
    forget();
    expect(gate.passed).toBe(false);
    expect(calls).toEqual([]);
    m.mark();
    expect(gate.passed).toBe(true);
    expect(calls).toEqual(['a']);
    expect(m.watching()).toBe(0);
    m.mark();
    expect(calls).toEqual(['a']);
  });

  it('opens at the fallback on a page that never draws', () => {
    const m = manual();
    const gate = new FirstFrameGate(m.sources);
    let called = 0;
    gate.whenPassed(() => called++);
    m.timer();
    expect(gate.passed).toBe(true);
    expect(called).toBe(1);
    expect(m.watching()).toBe(0);
  });

  it('calls a waiter at once once open, and is open from the start without sources', () => {
    const m = manual();
    const gate = new FirstFrameGate(m.sources);
    m.mark();
    let called = 0;
    gate.whenPassed(() => called++);
    expect(called).toBe(1);
    expect(new FirstFrameGate(null).passed).toBe(true);
  });

  it('opens at construction when the mark is already there (a later page load of the same document)', () => {
    const sources: GateSources = {
      watchMark: (fire) => {
        fire();
        return () => {};
      },
      fallback: () => {
        throw new Error('no fallback once open');
      },
    };
    expect(new FirstFrameGate(sources).passed).toBe(true);
  });
});
