import { describe, expect, it } from 'vitest';
import { Column, f64, u8 } from './columns';

describe('Column', () => {
  it('appends across growth and keeps every value', () => {
    const c = new Column(f64, 2);
    for (let i = 0; i < 5000; i += 10) c.append(Float64Array.from({ length: 10 }, (_, k) => i + k));
    expect(c.length).toBe(5000);
    const v = c.view();
    expect(v.length).toBe(5000);
    expect(v[0]).toBe(0);
    expect(v[4999]).toBe(4999);
    expect(c.at(1234)).toBe(1234);
  });

  it('appends a sub-range', () => {
    const c = new Column(u8, 1);
    c.append(Uint8Array.of(1, 2, 3, 4), 1, 3);
    expect([...c.view()]).toEqual([2, 3]);
    c.append(Uint8Array.of(9), 0, 0);
    expect(c.length).toBe(2);
  });
});
