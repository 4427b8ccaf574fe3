import { describe, expect, it } from 'vitest';
import { MAX_SEED, parseUrl, serializeUrl, withSet, type UrlState } from './url';

const scenarios = ['seed000/wired', 'seed000/satellite-symmetric'];

function parse(search: string) {
  const names = ['cwnd', 'rtt', 'tseq'];
  return parseUrl(search, { scenarios, plots: { accepts: (n) => names.includes(n), names } });
}

describe('URL codec', () => {
  it('round-trips a state', () => {
    const state: UrlState = {
      scenario: 'seed000/satellite-symmetric',
      seed: 42,
      sets: [
        ['flows.ftp.tcp.variant', 'reno'],
        ['links.downlink.errors.ber', '0.00001'],
      ],
      t: 1234.5,
    };
    const search = serializeUrl(state);
    const back = parse(search);
    expect(back.problems).toEqual([]);
    expect(back.state).toEqual(state);
    expect(serializeUrl(back.state)).toBe(search);
  });

  it('orders sets by path so equal states give equal URLs', () => {
    const a = parse('?s=seed000/wired&set=links.bottleneck.rate=250kbps&set=flows.ftp.tcp.variant=reno');
    const b = parse('?set=flows.ftp.tcp.variant=reno&s=seed000/wired&set=links.bottleneck.rate=250kbps');
    expect(serializeUrl(a.state)).toBe(serializeUrl(b.state));
    expect(serializeUrl(a.state)).toBe(
      '?s=seed000%2Fwired&set=flows.ftp.tcp.variant%3Dreno&set=links.bottleneck.rate%3D250kbps',
    );
  });

  it('encodes values with URLSearchParams and keeps "=" inside values', () => {
    const state: UrlState = { scenario: 'seed000/wired', seed: 1, sets: [['a.b', 'x=y&z']], t: 0 };
    const back = parse(serializeUrl(state));
    expect(back.state.sets).toEqual([['a.b', 'x=y&z']]);
  });

  it('writes t to the microsecond without float noise, and omits t = 0', () => {
    expect(serializeUrl({ scenario: 'seed000/wired', seed: 1, sets: [], t: 5000.0000001 })).toBe('?s=seed000%2Fwired&seed=1&t=5000');
    expect(serializeUrl({ scenario: 'seed000/wired', seed: 1, sets: [], t: 0 })).toBe('?s=seed000%2Fwired&seed=1');
  });

  it('gives defaults for an empty URL', () => {
    expect(parse('')).toEqual({ state: { scenario: 'seed000/wired', seed: null, sets: [], t: 0 }, problems: [] });
  });

  it('accepts the largest safe seed and rejects beyond it', () => {
    expect(parse(`?seed=${MAX_SEED}`).state.seed).toBe(MAX_SEED);
    const over = parse(`?seed=${MAX_SEED + 1}`);
    expect(over.state.seed).toBeNull();
    expect(over.problems[0]?.param).toBe('seed');
  });

  it('withSet replaces, adds in order and removes', () => {
    const sets = withSet([['b', '1']], 'a', '2');
    expect(sets).toEqual([
      ['a', '2'],
      ['b', '1'],
    ]);
    expect(withSet(sets, 'b', '3')).toEqual([
      ['a', '2'],
      ['b', '3'],
    ]);
    expect(withSet(sets, 'a', null)).toEqual([['b', '1']]);
  });
});

describe('the interface language', () => {
  it('reads and writes lang=, last, and leaves it out when not chosen', () => {
    const { state, problems } = parseUrl('?lang=ko&s=seed000/wired');
    expect(problems).toEqual([]);
    expect(state.lang).toBe('ko');
    expect(serializeUrl(state)).toBe('?s=seed000%2Fwired&lang=ko');
    expect(serializeUrl(parseUrl('?s=seed000/wired').state)).toBe('?s=seed000%2Fwired');
  });
  it('names an unknown language and what is allowed', () => {
    const { state, problems } = parseUrl('?s=seed000/wired&lang=fr');
    expect(state.lang).toBeUndefined();
    expect(problems).toEqual([{ param: 'lang', value: 'fr', problem: '"fr" is not a language of the interface', allowed: 'en, ko' }]);
  });
});

describe('malformed parameters fall back and name the parameter', () => {
  const cases: [string, string, Partial<UrlState>][] = [
    ['?s=nope', 's', { scenario: 'seed000/wired' }],
    ['?s=', 's', { scenario: 'seed000/wired' }],
    ['?seed=abc', 'seed', { seed: null }],
    ['?seed=-1', 'seed', { seed: null }],
    ['?seed=1.5', 'seed', { seed: null }],
    ['?seed=1e3', 'seed', { seed: null }],
    ['?set=broken', 'set', { sets: [] }],
    ['?set==reno', 'set', { sets: [] }],
    ['?t=-5', 't', { t: 0 }],
    ['?t=abc', 't', { t: 0 }],
    ['?t=', 't', { t: 0 }],
    ['?t=Infinity', 't', { t: 0 }],
    ['?bogus=2', 'bogus', {}],
    ['?speed=0', 'speed', {}],
    ['?speed=2000', 'speed', {}],
    ['?cmp=yes', 'cmp', {}],
    ['?zoom=5,1', 'zoom', {}],
    ['?zoom=abc', 'zoom', {}],
    ['?pkt=-1', 'pkt', {}],
    ['?flow=%3Cb%3E', 'flow', {}],
    ['?cs=%3Cscript%3E', 'cs', {}],
    ['?s=custom', 's', { scenario: 'seed000/wired' }],
    ['?plots=cwnd,nope', 'plots', { plots: ['cwnd'] }],
    ['?ev=drop,<b>', 'ev', { ev: ['drop'] }],
    ['?evflow=x', 'evflow', {}],
    [`?seed=${'9'.repeat(2001)}`, 'seed', { seed: null }],
    [`?set=a=${'x'.repeat(2000)}`, 'set', { sets: [] }],
  ];
  for (const [search, param, fallback] of cases) {
    it(`${search.slice(0, 40)} -> ${param}`, () => {
      const { state, problems } = parse(search);
      expect(problems).toHaveLength(1);
      expect(problems[0]?.param).toBe(param);
      expect(problems[0]?.allowed.length).toBeGreaterThan(0);
      expect(problems[0]?.value.length).toBeLessThanOrEqual(80);
      expect(state).toMatchObject(fallback);
    });
  }

  it('reports each malformed parameter and keeps the good ones', () => {
    const { state, problems } = parse('?s=nope&seed=abc&set=broken&set=flows.ftp.tcp.variant=reno&t=250');
    expect(problems.map((p) => p.param)).toEqual(['s', 'seed', 'set']);
    expect(problems[0]?.allowed).toContain('seed000/wired');
    expect(state).toEqual({ scenario: 'seed000/wired', seed: null, sets: [['flows.ftp.tcp.variant', 'reno']], t: 250 });
  });

  it('keeps the first of repeated single-valued parameters and the last of a repeated set path', () => {
    const { state, problems } = parse('?seed=1&seed=2&set=a=1&set=a=2');
    expect(state.seed).toBe(1);
    expect(state.sets).toEqual([['a', '2']]);
    expect(problems.map((p) => p.param)).toEqual(['seed', 'set']);
  });
});

describe('view parameters', () => {
  it('round-trip with readable lists', () => {
    const state: UrlState = {
      scenario: 'seed000/wired',
      seed: 1,
      sets: [['flows.ftp.tcp.variant', 'reno']],
      t: 250,
      compare: [['flows.ftp.tcp.variant', 'tahoe']],
      speed: 0.5,
      flow: 'ftp',
      plots: ['tseq', 'cwnd'],
      zoom: [1000, 2500.5],
      pkt: 42,
      ev: ['drop', 'tcp'],
      evflow: 1,
    };
    const search = serializeUrl(state);
    expect(search).toBe(
      '?s=seed000%2Fwired&seed=1&set=flows.ftp.tcp.variant%3Dreno&cmp=1&bset=flows.ftp.tcp.variant%3Dtahoe&t=250&speed=0.5&flow=ftp&plots=tseq,cwnd&zoom=1000,2500.5&pkt=42&ev=drop,tcp&evflow=1',
    );
    const back = parse(search);
    expect(back.problems).toEqual([]);
    expect(back.state).toEqual(state);
  });

  it('turns compare on with no differences yet', () => {
    expect(parse('?cmp=1').state.compare).toEqual([]);
    expect(parse('?bset=a=1').state.compare).toEqual([['a', '1']]);
    expect(parse('').state.compare).toBeUndefined();
  });

  it('takes a custom scenario only with s=custom', () => {
    const { state, problems } = parse('?s=custom&cs=abc_-9');
    expect(problems).toEqual([]);
    expect(state).toMatchObject({ scenario: 'custom', custom: 'abc_-9' });
    expect(serializeUrl(state)).toBe('?s=custom&cs=abc_-9');
    expect(parse('?cs=abc').state.custom).toBeUndefined();
  });

  it('keeps the order of problems as the parameters came', () => {
    const { problems } = parse('?seed=x&s=nope&t=-1');
    expect(problems.map((p) => p.param)).toEqual(['seed', 's', 't']);
  });
});

describe('present mode in the URL', () => {
  it('reads present=1, writes it back, and names a bad value', () => {
    const { state, problems } = parseUrl('?s=seed000/wired&present=1');
    expect(problems).toEqual([]);
    expect(state.present).toBe(true);
    expect(serializeUrl(state)).toContain('present=1');
    const bad = parseUrl('?s=seed000/wired&present=yes');
    expect(bad.state.present).toBeUndefined();
    expect(bad.problems[0]?.param).toBe('present');
    expect(serializeUrl(bad.state)).not.toContain('present');
  });
});
