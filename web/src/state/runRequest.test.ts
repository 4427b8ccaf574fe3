import { describe, expect, it } from 'vitest';
import { bOverride, mergedSets, runFields, runKey } from './runRequest';

describe('run requests', () => {
  it("writes out the scenario's own value in B when A overrides it", () => {
    expect(bOverride([['p', '725KB']], 'p', null, '65535B')).toBe('65535B');
    expect(bOverride([], 'p', null, '65535B')).toBeNull();
    expect(bOverride([['p', 'x']], 'p', 'x', 'x')).toBeNull();
    expect(bOverride([], 'p', 'reno', 'reno')).toBe('reno');
  });

  it("merges B's overrides on top of A's", () => {
    expect(mergedSets([['a', '1'], ['b', '2']], [['b', '3'], ['c', '4']])).toEqual([
      ['a', '1'],
      ['b', '3'],
      ['c', '4'],
    ]);
  });

  it('keys a run by text and accepted overrides only', () => {
    const k = runKey('text', [['seed', '1']]);
    expect(runKey('text', [['seed', '1']])).toBe(k);
    expect(runKey('text', [['seed', '2']])).not.toBe(k);
    expect(runKey('other', [['seed', '1']])).not.toBe(k);
  });

  it('keeps only the fields that decide the run', () => {
    const state = { scenario: 's', seed: 3, sets: [['a', '1'] as const], t: 5, flow: 'ftp', plots: ['cwnd'], compare: [] };
    expect(runFields(state)).toEqual({ scenario: 's', seed: 3, sets: [['a', '1']], t: 5, compare: [] });
  });
});
