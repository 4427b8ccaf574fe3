import { describe, expect, it } from 'vitest';
import type { Resolution } from '../engine/protocol';
import { resolutionNotices, resolutionNoticesB, urlNotice, withError } from './resolutionNotices';

const resolution = (patch: Partial<Resolution>): Resolution => ({
  ok: true,
  scenario: null,
  errors: [],
  accepted: [],
  rejected: [],
  knobOptions: null,
  presetValues: null,
  ...patch,
});

const refused = (path: string, value: string) => ({ override: [path, value] as const, errors: [{ path, problem: 'bad', allowed: 'x' }] });

describe('resolution notices', () => {
  it('names each refused override and replaces those of the previous validation', () => {
    const first = resolutionNotices([], resolution({ rejected: [refused('a.b', '1'), refused('seed', 'x')] }), 'f.toml');
    expect(first.map((n) => n.key)).toEqual(['override:a.b', 'override:seed']);
    expect(first[0]?.lines[0]).toBe('a.b: bad (allowed: x)');
    const second = resolutionNotices(first, resolution({ rejected: [refused('c', '2')] }), 'f.toml');
    expect(second.map((n) => n.key)).toEqual(['override:c']);
  });

  it('says when the scenario itself is invalid, and keeps notices of other kinds', () => {
    const other = withError([], 'engine', 'notices:engineStart', new Error('boom'));
    const out = resolutionNotices(other, resolution({ ok: false, errors: [{ path: 'p', problem: 'q', allowed: null }] }), 'f.toml');
    expect(out.map((n) => n.key)).toEqual(['engine', 'run']);
    expect(out[1]?.lines).toEqual(['p: q']);
    expect(out[0]?.lines).toEqual(['boom']);
  });

  it("reports only run B's own refused overrides", () => {
    const out = resolutionNoticesB([], resolution({ rejected: [refused('a', '1'), refused('b', '2')] }), [['b', '2']]);
    expect(out.map((n) => n.key)).toEqual(['overrideB:b']);
  });

  it('keys URL problems by parameter and position', () => {
    expect(urlNotice({ param: 'seed', value: 'x', problem: 'not a number', allowed: 'an integer' }, 2).key).toBe('url:seed:2');
  });
});
