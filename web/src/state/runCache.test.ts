import { describe, expect, it } from 'vitest';
import { RunCache } from './runCache';
import { Derived } from './derived';
import type { FinishedRun } from './runStore';

const run = (bytes: number, label = ''): FinishedRun =>
  ({ meta: { digest: label } as FinishedRun['meta'], series: [], seriesPoints: 0, trace: null, bytes, derived: new Derived() });

describe('RunCache', () => {
  it('gives back what it kept, under its key', () => {
    const c = new RunCache();
    c.put('a', run(10, 'A'));
    expect(c.get('a')?.meta.digest).toBe('A');
    expect(c.get('b')).toBeUndefined();
    expect(c.has('a')).toBe(true);
  });

  it('drops the least recently used beyond its count', () => {
    const c = new RunCache({ maxRuns: 2 });
    c.put('a', run(1));
    c.put('b', run(1));
    c.get('a');
    c.put('c', run(1));
    expect([c.has('a'), c.has('b'), c.has('c')]).toEqual([true, false, true]);
  });

  it('stays within its bytes, and keeps no run larger than all of them', () => {
    const c = new RunCache({ maxBytes: 100 });
    c.put('a', run(40));
    c.put('b', run(40));
    c.put('c', run(40));
    expect(c.totalBytes).toBe(80);
    expect(c.has('a')).toBe(false);
    c.put('huge', run(101));
    expect(c.has('huge')).toBe(false);
    expect(c.size).toBe(2);
  });

  it('replaces a run kept under the same key without counting it twice', () => {
    const c = new RunCache();
    c.put('a', run(30));
    c.put('a', run(50));
    expect(c.totalBytes).toBe(50);
    expect(c.size).toBe(1);
  });

  it('counts what was computed from a kept run since it was kept', () => {
    const c = new RunCache({ maxBytes: 100 });
    const a = run(40);
    c.put('a', a);
    // Shown again, a view kept 50 bytes of derived data with it.
    a.derived.get('x', () => new Float64Array(5), (v) => v.byteLength * 10 / 4);
    expect(a.derived.bytes).toBe(100);
    c.put('b', run(30));
    // 40 + 100 + 30 is over the budget: the least recently used (a, with its derived data) goes.
    expect(c.has('a')).toBe(false);
    expect(c.totalBytes).toBe(30);
  });

  it('drops runs computed ahead before runs the user has seen', () => {
    const c = new RunCache({ maxRuns: 3 });
    c.put('home', run(1));
    c.put('n1', run(1), 'speculative');
    c.put('n2', run(1), 'speculative');
    // A fourth run: the oldest run computed ahead goes, not the older run the user came from.
    c.put('n3', run(1), 'speculative');
    expect([c.has('home'), c.has('n1'), c.has('n2'), c.has('n3')]).toEqual([true, false, true, true]);
    // Shown, n2 is a run the user has seen: n3 goes before it, then the least recently seen.
    c.get('n2');
    c.put('other', run(1));
    expect([c.has('home'), c.has('n2'), c.has('n3'), c.has('other')]).toEqual([true, true, false, true]);
    c.put('last', run(1));
    expect([c.has('home'), c.has('n2'), c.has('other'), c.has('last')]).toEqual([false, true, true, true]);
  });

  it('counts a run computed ahead as seen once it is kept again as shown', () => {
    const c = new RunCache({ maxRuns: 2 });
    c.put('a', run(1), 'speculative');
    c.put('a', run(1));
    c.put('b', run(1), 'speculative');
    c.put('c', run(1), 'speculative');
    expect([c.has('a'), c.has('b'), c.has('c')]).toEqual([true, false, true]);
  });
});
