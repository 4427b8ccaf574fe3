import { beforeAll, describe, expect, it } from 'vitest';
import { resolveOverrides, type ValidateFn } from '../engine/resolve';
import { loadWasmInNode, scenarioText, validateFn } from '../engine/testing/wasm-node';
import { blankScenario } from './customScenario';
import { draftFromScenario, errorsAt, fieldValue, freshId, scenarioFromDraft } from './customDraft';
import { flowFields } from './schemaForm';

let validate: ValidateFn;
beforeAll(async () => {
  validate = validateFn(await loadWasmInNode());
});

describe('custom scenario draft', () => {
  it('round-trips the blank scenario', () => {
    const d = draftFromScenario(blankScenario());
    expect(d.links[1]?.fields).toMatchObject({ rate: '1Mbps', delay: '50ms', 'queue.limit': '20pkt' });
    expect(d.flows[0]?.fields['tcp.variant']).toBe('reno');
    const back = scenarioFromDraft(d);
    expect(back.links[1]).toEqual({ id: 'bottleneck', a: 'router', b: 'receiver', rate: '1Mbps', delay: '50ms', queue: { limit: '20pkt' } });
    expect(validate(JSON.stringify(back), 'json', []).ok).toBe(true);
  });

  it('edits any scenario: the wired baseline, as a draft and back, runs the same', () => {
    const wired = resolveOverrides(validate, scenarioText('seed000/wired'), 'toml', [], false).scenario;
    if (!wired) throw new Error('no scenario');
    const back = scenarioFromDraft(draftFromScenario(wired));
    const r = validate(JSON.stringify(back), 'json', []);
    expect(r.errors).toEqual([]);
    expect(r.scenario?.links).toEqual(wired.links);
    expect(r.scenario?.flows).toEqual(wired.flows);
    expect(r.scenario?.knobs).toEqual(wired.knobs);
  });

  it('keeps what each direction of an asymmetric link sets on its own', () => {
    const asym = resolveOverrides(validate, scenarioText('seed000/satellite-asymmetric'), 'toml', [], false).scenario;
    if (!asym) throw new Error('no scenario');
    const d = draftFromScenario(asym);
    expect(d.links[0]?.forward).toEqual({ rate: '10Mbps' });
    expect(d.links[0]?.reverse).toEqual({ rate: '1Mbps' });
    const r = validate(JSON.stringify(scenarioFromDraft(d)), 'json', []);
    expect(r.scenario?.links).toEqual(asym.links);
  });

  it('types values by the schema and leaves what does not parse as text', () => {
    const iw = flowFields().find((f) => f.key === 'tcp.initial_window');
    const sack = flowFields().find((f) => f.key === 'receiver.sack');
    if (!iw || !sack) throw new Error('schema fields missing');
    expect(fieldValue(iw, '4')).toBe(4);
    expect(fieldValue(iw, 'four')).toBe('four');
    expect(fieldValue(sack, 'true')).toBe(true);
  });

  it('finds fresh ids and the errors of a field', () => {
    expect(freshId('link', ['link1', 'link3'])).toBe('link4');
    expect(freshId('n', [])).toBe('n1');
    const errors = [
      { path: 'links.l1.forward.rate', problem: 'bad' },
      { path: 'links.l1.delay', problem: 'bad' },
      { path: 'links.l2.rate', problem: 'bad' },
    ];
    expect(errorsAt(errors, 'links.l1', 'rate').map((e) => e.path)).toEqual(['links.l1.forward.rate']);
    expect(errorsAt(errors, 'links.l1', 'delay')).toHaveLength(1);
  });
});
