import { beforeAll, describe, expect, it } from 'vitest';
import { resolveOverrides, type ValidateFn } from '../engine/resolve';
import type { Override } from '../engine/protocol';
import { loadWasmInNode, scenarioText, validateFn } from '../engine/testing/wasm-node';
import { neighbourSets } from './neighbours';
import { runKey } from './runRequest';

let validate: ValidateFn;
const text = scenarioText('seed000/satellite-symmetric');

beforeAll(async () => {
  validate = validateFn(await loadWasmInNode());
});

function around(sets: Override[], limit?: number) {
  const r = resolveOverrides(validate, text, 'toml', sets, true);
  const base = resolveOverrides(validate, text, 'toml', [], false).scenario;
  return neighbourSets({ scenario: base, resolution: r, knobOptions: r.knobOptions, presetValues: r.presetValues, sets }, limit);
}

describe('neighbourSets', () => {
  it('lists the mechanism switches first, each one click away, never the current run', () => {
    const next = around([]);
    // Snoop (a prominent switch), then the prominent presets (SACK, ECN), then the settings' switches.
    expect(next[0]).toEqual([['middleboxes.snoop.enabled', 'true']]);
    const ecnOn = next.findIndex((s) => s.some(([p, v]) => p === 'flows.ftp.tcp.ecn' && v === 'true'));
    const delayedAck = next.findIndex((s) => s.some(([p]) => p === 'flows.ftp.receiver.delayed_ack'));
    expect(ecnOn).toBeGreaterThan(0);
    expect(delayedAck).toBeGreaterThan(ecnOn);
    expect(next).not.toContainEqual([]);
    // Each is what the engine runs: it accepts every override.
    for (const sets of next) expect(resolveOverrides(validate, text, 'toml', sets, false).rejected).toEqual([]);
  });

  it('from a switched-on run, lists the way back to the scenario as written', () => {
    const back = around([['middleboxes.snoop.enabled', 'true']]);
    expect(back).toContainEqual([]);
  });

  it('gives distinct runs, at most `limit` of them', () => {
    const next = around([], 3);
    expect(next).toHaveLength(3);
    const keys = new Set(next.map((sets) => runKey(text, resolveOverrides(validate, text, 'toml', sets, false).accepted)));
    expect(keys.size).toBe(3);
  });

  it('lists the choices next to the current one in the settings\' lists, after every switch', () => {
    const next = around([]);
    const at = (path: string, value: string) => next.findIndex((s) => s.length === 1 && s[0]?.[0] === path && s[0]?.[1] === value);
    // The initial window is 1 (the first of 1, 2, 3, 4): only 2 is next to it.
    expect(at('flows.ftp.tcp.initial_window', '2')).toBeGreaterThan(0);
    expect(at('flows.ftp.tcp.initial_window', '3')).toBe(-1);
    // The variant is reno (tahoe, reno, newreno, ...): tahoe and newreno.
    expect(at('flows.ftp.tcp.variant', 'tahoe')).toBeGreaterThan(0);
    expect(at('flows.ftp.tcp.variant', 'newreno')).toBeGreaterThan(0);
    expect(at('flows.ftp.tcp.variant', 'sack1')).toBe(-1);
    const lastSwitch = next.findIndex((s) => s.some(([p]) => p === 'flows.ftp.receiver.delayed_ack'));
    expect(at('flows.ftp.tcp.variant', 'tahoe')).toBeGreaterThan(lastSwitch);
    // From the last choice of a list, only the one before it.
    const fromFour = around([['flows.ftp.tcp.initial_window', '4']]);
    expect(fromFour).toContainEqual([['flows.ftp.tcp.initial_window', '3']]);
    const windows = fromFour.map((s) => s.find(([p]) => p === 'flows.ftp.tcp.initial_window')?.[1] ?? '1');
    expect(windows.filter((w) => w !== '4')).toEqual(['3']);
  });
});
