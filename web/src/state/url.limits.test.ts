// Hostile and careless links: bounded work, one notice for what was dropped,
// the valid part kept; property tests of the codec with fast-check.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PROBLEMS, MAX_SEED, MAX_URL_PARAMS, parseUrl, serializeUrl, type UrlState } from './url';

const scenarios = ['seed000/wired', 'seed000/satellite-symmetric'];
const plotNames = ['cwnd', 'rtt', 'tseq'];
const parse = (search: string) =>
  parseUrl(search, { scenarios, plots: { accepts: (n) => plotNames.includes(n), names: plotNames } });

describe('URL limits', () => {
  it('a link with 20,000 set= parameters keeps the first ones and says so once', () => {
    const search = '?s=seed000/wired&' + Array.from({ length: 20_000 }, (_, i) => `set=p${i}=1`).join('&');
    const { state, problems } = parse(search);
    expect(state.scenario).toBe('seed000/wired');
    expect(state.sets.length).toBe(MAX_URL_PARAMS - 1);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.param).toBe('link');
    expect(problems[0]?.problem).toMatch(/^too long: \d+ parameters were left out/);
  });

  it('50,000 seed= parameters give one notice, not 49,999', () => {
    const search = '?' + Array.from({ length: 50_000 }, (_, i) => `seed=${i + 5}`).join('&');
    const { state, problems } = parse(search);
    expect(state.seed).toBe(5);
    expect(problems.length).toBeLessThanOrEqual(2);
    expect(problems.map((p) => p.param)).toContain('seed');
  });

  it('a 10 MB link is cut at a parameter boundary', () => {
    const search = `?s=seed000/wired&seed=3&set=a=${'x'.repeat(10_000_000)}`;
    const { state, problems } = parse(search);
    expect(state.seed).toBe(3);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.value.length).toBeLessThan(40);
  });

  it('many different bad parameters are listed up to a bound', () => {
    const search = '?' + Array.from({ length: 150 }, (_, i) => `bad${i}=1`).join('&');
    const { problems } = parse(search);
    expect(problems).toHaveLength(MAX_PROBLEMS);
    expect(problems[MAX_PROBLEMS - 1]?.problem).toBe(`${150 - MAX_PROBLEMS + 1} more problems, not listed`);
  });

  it('an unknown plot or event kind alone keeps the defaults and is not written back', () => {
    for (const search of ['?plots=nope', '?ev=nope']) {
      const { state, problems } = parse(search);
      expect(problems).toHaveLength(1);
      expect(state.plots).toBeUndefined();
      expect(state.ev).toBeUndefined();
      expect(serializeUrl(state)).not.toMatch(/plots=|ev=/);
    }
    expect(parse('?plots=nope,rtt').state.plots).toEqual(['rtt']);
    expect(parse('?ev=').state.ev).toEqual([]);
  });
});

const pathArb = fc.stringMatching(/^[a-z][a-z0-9_]{0,8}(\.[a-z0-9_]{1,8}){0,3}$/);
const valueArb = fc.string({ maxLength: 30 });
const stateArb: fc.Arbitrary<UrlState> = fc.record({
  scenario: fc.constantFrom(...scenarios),
  seed: fc.option(fc.integer({ min: 0, max: MAX_SEED }), { nil: null }),
  sets: fc.uniqueArray(fc.tuple(pathArb, valueArb), { selector: ([p]) => p, maxLength: 8 }),
  t: fc.integer({ min: 0, max: 10_000_000 }).map((n) => n / 1000),
});

describe('URL codec properties', () => {
  it('any state survives serialize then parse unchanged, with no problems', () => {
    fc.assert(
      fc.property(stateArb, (state) => {
        const search = serializeUrl(state);
        const back = parse(search);
        expect(back.problems).toEqual([]);
        expect(serializeUrl(back.state)).toBe(search);
        expect(back.state.sets).toEqual([...state.sets].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
      }),
      { numRuns: 300 },
    );
  });

  it('any text parses without throwing, within the bounds, and re-serializes to a parseable link', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), fc.array(fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 40 })), { maxLength: 30 }), (raw, pairs) => {
        const search = '?' + raw + '&' + new URLSearchParams(pairs).toString();
        const { state, problems } = parse(search);
        expect(problems.length).toBeLessThanOrEqual(MAX_PROBLEMS);
        for (const p of problems) {
          expect(p.allowed.length).toBeGreaterThan(0);
          expect(p.value.length).toBeLessThanOrEqual(80);
        }
        const again = parse(serializeUrl(state));
        expect(again.problems).toEqual([]);
        expect(again.state).toEqual(state);
      }),
      { numRuns: 300 },
    );
  });
});
