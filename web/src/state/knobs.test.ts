import { beforeAll, describe, expect, it } from 'vitest';
import { resolveOverrides, type ValidateFn } from '../engine/resolve';
import type { Override, Resolution } from '../engine/protocol';
import { loadWasmInNode, scenarioText, validateFn } from '../engine/testing/wasm-node';
import { knobViews, overrideFor, presetKnobViews } from './knobs';

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

describe('preset knobs', () => {
  const withPresets = `${wired}
[[knobs]]
label = "SACK test"
prominent = true
help = "Selective acknowledgements"
presets = [
  { label = "off", set = { "flows.ftp.tcp.variant" = "tahoe", "flows.ftp.receiver.sack" = false } },
  { label = "on", set = { "flows.ftp.tcp.variant" = "sack1", "flows.ftp.receiver.sack" = true } },
  { label = "broken", set = { "flows.ftp.tcp.variant" = "nope" } },
]
`;
  function presetViews(sets: Override[]) {
    const r = resolveOverrides(validate, withPresets, 'toml', sets, true);
    const base = resolveOverrides(validate, withPresets, 'toml', [], false).scenario;
    // The scenario file may have preset knobs of its own: this test's is the one labelled "SACK test".
    return { r, views: presetKnobViews(base, r, r.presetValues).filter((v) => v.label === 'SACK test') };
  }

  it('selects the preset whose every field has its value in the run', () => {
    const { views: v } = presetViews([]);
    expect(v).toHaveLength(1);
    expect(v[0]).toMatchObject({ label: 'SACK test', prominent: true, selected: 0, help: 'Selective acknowledgements' });
    expect(v[0]?.presets.map((p) => p.valid)).toEqual([true, true, false]);
    // Choosing "off" on the scenario as written changes nothing: no overrides.
    // (The engine may order a preset's fields by path.)
    const sorted = (o: [string, string | null][] | undefined) => [...(o ?? [])].sort(([a], [b]) => a.localeCompare(b));
    expect(sorted(v[0]?.presets[0]?.overrides)).toEqual([
      ['flows.ftp.receiver.sack', null],
      ['flows.ftp.tcp.variant', null],
    ]);
    expect(sorted(v[0]?.presets[1]?.overrides)).toEqual([
      ['flows.ftp.receiver.sack', 'true'],
      ['flows.ftp.tcp.variant', 'sack1'],
    ]);
  });

  it('follows the overrides', () => {
    const on = presetViews([
      ['flows.ftp.receiver.sack', 'true'],
      ['flows.ftp.tcp.variant', 'sack1'],
    ]).views[0];
    expect(on?.selected).toBe(1);
    // Half of a preset is neither.
    expect(presetViews([['flows.ftp.receiver.sack', 'true']]).views[0]?.selected).toBe(-1);
  });

  it('selects a preset setting a default the engine leaves out (a middlebox enabled)', () => {
    const text = scenarioText('seed000/wireless-itcp');
    const base = resolveOverrides(validate, text, 'toml', [], false).scenario;
    const station = (sets: Override[]) => {
      const r = resolveOverrides(validate, text, 'toml', sets, true);
      const k = presetKnobViews(base, r, r.presetValues).find((v) => v.label === 'Base station');
      return k?.presets[k.selected]?.label;
    };
    expect(station([])).toBe('I-TCP split');
    expect(station([
      ['middleboxes.itcp.enabled', 'false'],
      ['middleboxes.snoop.enabled', 'true'],
    ])).toBe('Snoop');
  });

  it('marks [false, true] knobs (either order) as switches and leaves the rest alone', () => {
    const { views: v } = views([]);
    expect(v.find((k) => k.path === 'flows.ftp.receiver.delayed_ack')).toMatchObject({ isSwitch: true, onIndex: 1 });
    expect(v.find((k) => k.path === 'flows.ftp.tcp.variant')?.isSwitch).toBe(false);
    const scaled = knobViews(
      { ...resolveOverrides(validate, wired, 'toml', [], false).scenario!, knobs: [{ label: 'W', path: 'flows.ftp.tcp.window_scaling', options: [true, false] }] },
      null,
      null,
      [],
    )[0];
    expect(scaled).toMatchObject({ isSwitch: true, onIndex: 0 });
  });
});

describe('knobViews: values the engine leaves out', () => {
  function viewsOf(id: string) {
    const text = scenarioText(id);
    const r: Resolution = resolveOverrides(validate, text, 'toml', [], true);
    return knobViews(r.scenario, r, r.knobOptions, []);
  }

  it('seed003/two-way: the reverse flow runs, so "Reverse traffic" reads on (enabled defaults to true)', () => {
    const reverse = viewsOf('seed003/two-way').find((k) => k.path === 'flows.ji.enabled');
    expect(reverse?.isSwitch).toBe(true);
    expect(reverse?.selected).toBe(reverse?.onIndex);
    expect(reverse?.unset).toBe(false);
  });

  it('wireless-itcp: the radio MTU, not set, says so instead of showing nothing', () => {
    const mtu = viewsOf('seed000/wireless-itcp').find((k) => k.path === 'links.radio.mtu');
    expect(mtu?.selected).toBe(-1);
    expect(mtu?.unset).toBe(true);
  });
});
