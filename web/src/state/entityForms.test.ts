import { beforeAll, describe, expect, it } from 'vitest';
import { resolveOverrides, type ValidateFn } from '../engine/resolve';
import type { Override } from '../engine/protocol';
import { loadWasmInNode, scenarioText, validateFn } from '../engine/testing/wasm-node';
import { cellOverride, flowForms, linkForms } from './entityForms';

let validate: ValidateFn;
beforeAll(async () => {
  validate = validateFn(await loadWasmInNode());
});

function forms(id: string, sets: Override[]) {
  const text = scenarioText(id);
  const base = resolveOverrides(validate, text, 'toml', [], false).scenario;
  const r = resolveOverrides(validate, text, 'toml', sets, false);
  return { links: linkForms(base, r.scenario, sets, r), flows: flowForms(base, r.scenario, sets, r) };
}

describe('link forms', () => {
  it('edits a symmetric link as a whole', () => {
    const { links } = forms('seed000/wired', []);
    const bottleneck = links.find((l) => l.id === 'bottleneck');
    const rate = bottleneck?.rows.find((r) => r.field.key === 'rate');
    expect(rate?.cells).toEqual([
      { path: 'links.bottleneck.rate', dir: 'both', text: '800kbps', base: '800kbps', override: null, errors: [] },
    ]);
    expect(bottleneck?.rows.find((r) => r.field.key === 'queue.limit')?.cells[0]?.text).toBe('50pkt');
  });

  it('edits each direction of an asymmetric link', () => {
    const { links } = forms('seed000/satellite-asymmetric', []);
    const rate = links.find((l) => l.id === 'sat-terminal')?.rows.find((r) => r.field.key === 'rate');
    expect(rate?.cells.map((c) => [c.path, c.text])).toEqual([
      ['links.sat-terminal.forward.rate', '10Mbps'],
      ['links.sat-terminal.reverse.rate', '1Mbps'],
    ]);
    // Set for the whole link: one cell.
    const delay = links.find((l) => l.id === 'sat-terminal')?.rows.find((r) => r.field.key === 'delay');
    expect(delay?.cells).toHaveLength(1);
  });

  it('shows an override as typed, with the engine error naming the allowed range', () => {
    const { links } = forms('seed000/wired', [['links.bottleneck.errors.ber', '2']]);
    const ber = links.find((l) => l.id === 'bottleneck')?.rows.find((r) => r.field.key === 'errors.ber')?.cells[0];
    expect(ber?.text).toBe('2');
    expect(ber?.errors[0]?.allowed).toBe('0 to less than 1');
  });
});

describe('flow forms', () => {
  it('lists the flow settings with the run values', () => {
    const { flows } = forms('seed000/wired', [['flows.ftp.tcp.variant', 'reno']]);
    const ftp = flows[0];
    const cellOf = (key: string) => ftp?.rows.find((r) => r.field.key === key)?.cells[0];
    expect(cellOf('tcp.variant')).toMatchObject({ path: 'flows.ftp.tcp.variant', text: 'reno', base: 'tahoe', override: 'reno' });
    expect(cellOf('receiver.delayed_ack')?.text).toBe('false');
    expect(cellOf('tcp.rwnd')?.text).toBe('65535B');
  });

  it('stores no override for the scenario value', () => {
    const c = { path: 'p', dir: 'both' as const, text: 'x', base: 'tahoe', override: null, errors: [] };
    expect(cellOverride(c, 'tahoe')).toBeNull();
    expect(cellOverride(c, ' reno ')).toBe('reno');
    expect(cellOverride(c, '')).toBeNull();
  });
});
