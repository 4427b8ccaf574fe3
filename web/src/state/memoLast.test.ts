import { describe, expect, it } from 'vitest';
import { memoLast } from './memoLast';

describe('memoLast', () => {
  it('computes again only when an argument is another object', () => {
    let calls = 0;
    const f = memoLast((a: { n: number }, b: number) => {
      calls += 1;
      return { sum: a.n + b };
    });
    const a = { n: 1 };
    const first = f(a, 2);
    expect(f(a, 2)).toBe(first);
    expect(calls).toBe(1);
    // Equal but not identical: computed again (snapshots are compared by identity).
    expect(f({ n: 1 }, 2)).toEqual(first);
    expect(calls).toBe(2);
    expect(f(a, 3).sum).toBe(4);
    expect(calls).toBe(3);
  });
});
