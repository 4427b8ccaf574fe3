import { describe, expect, it } from 'vitest';
import { channelFields, choicesOfDefinition, defaultAtPath, fieldsOf, flowFields, resolveSchema, type JsonSchema } from './schemaForm';

describe('schema-driven fields', () => {
  it('lists a channel: rate, delay, BER and queue, with descriptions and defaults', () => {
    const fields = channelFields();
    const keys = fields.map((f) => f.key);
    for (const k of ['rate', 'delay', 'errors.ber', 'queue.limit', 'queue.kind']) expect(keys).toContain(k);
    const ber = fields.find((f) => f.key === 'errors.ber');
    expect(ber).toMatchObject({ label: 'BER', kind: 'number', default: 0 });
    expect(ber?.description).toMatch(/Bit error rate/);
    const limit = fields.find((f) => f.key === 'queue.limit');
    expect(limit).toMatchObject({ kind: 'text', default: '50pkt', example: '50pkt' });
    expect(fields.find((f) => f.key === 'queue.kind')?.choices.map((c) => c.value)).toContain('droptail');
    expect(fields.find((f) => f.key === 'rate')?.example).toBe('10Mbps');
  });

  it('lists a flow: TCP, receiver and application settings, choices described', () => {
    const fields = flowFields();
    const keys = fields.map((f) => f.key);
    expect(keys).not.toContain('id');
    expect(keys).not.toContain('from');
    for (const k of ['tcp.variant', 'tcp.initial_window', 'tcp.rwnd', 'tcp.mss', 'receiver.delayed_ack', 'app.start']) expect(keys).toContain(k);
    const variant = fields.find((f) => f.key === 'tcp.variant');
    expect(variant?.kind).toBe('choice');
    expect(variant?.choices.map((c) => c.value).slice(0, 2)).toEqual(['tahoe', 'reno']);
    expect(variant?.choices[0]?.description).toMatch(/Slow start/);
    expect(fields.find((f) => f.key === 'receiver.delayed_ack')?.kind).toBe('boolean');
    expect(fields.find((f) => f.key === 'tcp.initial_window')).toMatchObject({ kind: 'integer', minimum: 0, label: 'initial window' });
  });

  it('reads enumerations written as enum or as oneOf consts', () => {
    expect(choicesOfDefinition('NodeKind').map((c) => c.value)).toContain('satellite');
    expect(choicesOfDefinition('Variant').length).toBeGreaterThanOrEqual(2);
  });

  it('follows references through optional fields and picks up new fields of a schema', () => {
    const schema = {
      $defs: {
        Thing: { type: 'object', properties: { a: { anyOf: [{ $ref: '#/$defs/Dur' }, { type: 'null' }], description: 'A' }, nested: { $ref: '#/$defs/Inner' } } },
        Dur: { type: 'string', pattern: 'x', examples: ['5ms'] },
        Inner: { type: 'object', properties: { flag: { type: 'boolean', default: true } } },
      },
    } satisfies { $defs: Record<string, JsonSchema> };
    expect(resolveSchema({ anyOf: [{ $ref: '#/$defs/Dur' }, { type: 'null' }] }, schema.$defs).examples).toEqual(['5ms']);
    const f = fieldsOf('Thing', [], schema);
    expect(f.map((x) => [x.key, x.kind, x.description, x.default])).toEqual([
      ['a', 'text', 'A', null],
      ['nested.flag', 'boolean', null, true],
    ]);
  });
});


describe('defaultAtPath', () => {
  it('reads defaults through lists named by id and nested settings', () => {
    expect(defaultAtPath('flows.ji.enabled')).toBe(true);
    expect(defaultAtPath('middleboxes.snoop.enabled')).toBe(true);
    expect(defaultAtPath('links.radio.mtu')).toBeUndefined();
    expect(defaultAtPath('no.such.path')).toBeUndefined();
  });
});
