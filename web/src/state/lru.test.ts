import { describe, expect, it } from 'vitest';
import { Lru } from './lru';

describe('Lru', () => {
  it('keeps the most recently used entries', () => {
    const l = new Lru<string, number>(2);
    l.set('a', 1);
    l.set('b', 2);
    expect(l.get('a')).toBe(1);
    l.set('c', 3);
    expect([l.get('a'), l.get('b'), l.get('c')]).toEqual([1, undefined, 3]);
    expect(l.size).toBe(2);
  });
});
