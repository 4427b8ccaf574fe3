import { beforeAll, describe, expect, it } from 'vitest';
import { optionToRaw, resolveOverrides, valueAtPath, type ValidateFn } from './resolve';
import { loadWasmInNode, scenarioText, validateFn } from './testing/wasm-node';

let validate: ValidateFn;
let calls = 0;
const wired = scenarioText('seed000/wired');

beforeAll(async () => {
  const inner = validateFn(await loadWasmInNode());
  validate = (...args) => {
    calls += 1;
    return inner(...args);
  };
});

describe('resolveOverrides', () => {
  it('accepts valid overrides with a single validation', () => {
    calls = 0;
    const r = resolveOverrides(validate, wired, 'toml', [['flows.ftp.tcp.variant', 'reno'], ['seed', '7']], false);
    expect(calls).toBe(1);
    expect(r.ok).toBe(true);
    expect(r.rejected).toEqual([]);
    expect(r.accepted).toEqual([['flows.ftp.tcp.variant', 'reno'], ['seed', '7']]);
    expect(valueAtPath(r.scenario, 'flows.ftp.tcp.variant')).toBe('reno');
    expect(r.scenario?.seed).toBe(7);
  });

  it('charges each error to the override that caused it and keeps the others', () => {
    const r = resolveOverrides(
      validate,
      wired,
      'toml',
      [
        ['flows.ftp.tcp.variant', 'rno'],
        ['links.bottleneck.rate', '0bps'],
        ['links.bottleneck.delay', '200ms'],
      ],
      false,
    );
    expect(r.ok).toBe(true);
    expect(r.accepted).toEqual([['links.bottleneck.delay', '200ms']]);
    expect(r.rejected.map((x) => x.override[0])).toEqual(['flows.ftp.tcp.variant', 'links.bottleneck.rate']);
    const variant = r.rejected[0]?.errors[0];
    expect(variant?.path).toBe('flows.ftp.tcp.variant');
    expect(variant?.allowed).toContain('reno');
    // The engine reports a link rate per direction; it is still charged to the link-level override.
    expect(r.rejected[1]?.errors.length).toBeGreaterThan(0);
    expect(valueAtPath(r.scenario, 'links.bottleneck.delay')).toBe('200ms');
    expect(valueAtPath(r.scenario, 'flows.ftp.tcp.variant')).toBe('tahoe');
  });

  it('reports an invalid scenario without trying overrides', () => {
    const r = resolveOverrides(validate, 'version = [', 'toml', [['seed', '1']], false);
    expect(r.ok).toBe(false);
    expect(r.scenario).toBeNull();
    expect(r.errors[0]?.problem).toMatch(/TOML/);
  });

  it('normalizes knob options so the scenario value can be matched', () => {
    const r = resolveOverrides(validate, wired, 'toml', [], true);
    const rate = r.knobOptions?.find((k) => k.path === 'links.bottleneck.rate');
    expect(rate?.normalized).toHaveLength(3);
    // "0.8Mbps" is the scenario's own value, written differently once normalized.
    const current = valueAtPath(r.scenario, 'links.bottleneck.rate');
    expect(rate?.normalized[2]).toBe(current);
    expect(rate?.base).toBe(current);
    const ack = r.knobOptions?.find((k) => k.path === 'flows.ftp.receiver.delayed_ack');
    expect(ack?.normalized).toEqual(['false', 'true']);
  });
});

describe('valueAtPath', () => {
  const doc = { flows: [{ id: 'a', tcp: { variant: 'reno' } }, { id: 'b' }], seed: 0 };
  it('walks objects and lists by id', () => {
    expect(valueAtPath(doc, 'flows.a.tcp.variant')).toBe('reno');
    expect(valueAtPath(doc, 'seed')).toBe(0);
  });
  it('is undefined for absent paths', () => {
    expect(valueAtPath(doc, 'flows.c.tcp')).toBeUndefined();
    expect(valueAtPath(doc, 'flows.b.tcp.variant')).toBeUndefined();
    expect(valueAtPath(doc, 'seed.x')).toBeUndefined();
  });
});

describe('optionToRaw', () => {
  it('writes options as a user would type them', () => {
    expect(optionToRaw('reno')).toBe('reno');
    expect(optionToRaw(false)).toBe('false');
    expect(optionToRaw(4)).toBe('4');
    expect(optionToRaw(1e-6)).toBe('1e-6');
    expect(optionToRaw(2.5e-5)).toBe('2.5e-5');
    expect(optionToRaw(0)).toBe('0');
    expect(optionToRaw(0.5)).toBe('0.5');
  });
});

describe('bit error rate knobs', () => {
  it('match the scenario value written as an exponent', () => {
    const text = scenarioText('seed000/satellite-symmetric');
    const r = resolveOverrides(validate, text, 'toml', [], true);
    const ber = r.knobOptions?.find((k) => k.path === 'links.downlink.errors.ber');
    expect(ber?.normalized).toEqual(['0', '1e-6', '1e-5']);
    expect(ber?.base).toBe('1e-6');
    const r2 = resolveOverrides(validate, text, 'toml', [['links.downlink.errors.ber', '1e-5']], false);
    expect(r2.rejected).toEqual([]);
  });
});
