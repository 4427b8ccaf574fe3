import { describe, expect, it } from 'vitest';
import { parseBytes } from './units';

describe('parseBytes', () => {
  it('reads the scenario format units', () => {
    expect(parseBytes('1000B')).toBe(1000);
    expect(parseBytes('725KB')).toBe(725_000);
    expect(parseBytes('64KiB')).toBe(65_536);
    expect(parseBytes('1.5MB')).toBe(1_500_000);
    expect(parseBytes('40')).toBe(40);
  });
  it('refuses anything else', () => {
    expect(parseBytes('50pkt')).toBeNull();
    expect(parseBytes(12)).toBeNull();
    expect(parseBytes('')).toBeNull();
  });
});
