import { beforeAll, describe, expect, it } from 'vitest';
import { resolveOverrides, type ValidateFn } from '../engine/resolve';
import type { Override, Resolution } from '../engine/protocol';
import { loadWasmInNode, scenarioText, validateFn } from '../engine/testing/wasm-node';
import { knobViews, overrideFor } from './knobs';

let validate: ValidateFn;
const wired = scenarioText('seed000/wired');

beforeAll(async () => {
  validate = validateFn(await loadWasmInNode());
});

function views(sets: Override[]) {
  const r: Resolution = resolveOverrides(validate, wired, 'toml', sets, true);
  const base = resolveOverrides(validate, wired, 'toml', [], false).scenario;
  return { r, views: knobViews(base, r, r.knobOptions, sets) };
}

describe('knobViews', () => {
  it('selects the scenario value among differently written options', () => {
    const { views: v } = views([]);
    const rate = v.find((k) => k.path === 'links.bottleneck.rate');
    expect(rate?.options).toEqual(['9.6kbps', '250kbps', '0.8Mbps']);
    expect(rate?.selected).toBe(2);
    expect(rate?.override).toBeNull();
    const variant = v.find((k) => k.path === 'flows.ftp.tcp.variant');
    expect(variant?.selected).toBe(0);
    expect(variant?.help).toContain('Tahoe');
  });

  it('selects an accepted override', () => {
    const { views: v } = views([['flows.ftp.tcp.variant', 'reno']]);
    const variant = v.find((k) => k.path === 'flows.ftp.tcp.variant');
    expect(variant?.selected).toBe(1);
    expect(variant?.override).toBe('reno');
    expect(variant?.errors).toEqual([]);
  });

  it('keeps a refused value as typed, with the engine error', () => {
    const { views: v } = views([['flows.ftp.tcp.variant', 'rno']]);
    const variant = v.find((k) => k.path === 'flows.ftp.tcp.variant');
    expect(variant?.selected).toBe(-1);
    expect(variant?.text).toBe('rno');
    expect(variant?.errors[0]?.allowed).toMatch(/^tahoe, reno\b/);
  });
});

describe('overrideFor', () => {
  it('drops the override when the choice is the scenario value', () => {
    const { r } = views([]);
    expect(overrideFor('links.bottleneck.rate', '0.8Mbps', 2, r.knobOptions)).toBeNull();
    expect(overrideFor('links.bottleneck.rate', '250kbps', 1, r.knobOptions)).toBe('250kbps');
    expect(overrideFor('flows.ftp.tcp.variant', 'tahoe', 0, r.knobOptions)).toBeNull();
    expect(overrideFor('flows.ftp.tcp.variant', 'reno', 1, r.knobOptions)).toBe('reno');
  });
  it('keeps typed text unless it is the scenario value exactly', () => {
    const { r } = views([]);
    expect(overrideFor('links.bottleneck.rate', '800kbps', null, r.knobOptions)).toBeNull();
    expect(overrideFor('links.bottleneck.rate', '0.8Mbps', null, r.knobOptions)).toBe('0.8Mbps');
    expect(overrideFor('not.a.knob', 'x', null, r.knobOptions)).toBe('x');
  });
});
