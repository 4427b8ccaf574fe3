import { describe, expect, it } from 'vitest';
import { EngineClient, EngineRequestError } from './client';
import type { RunMessage } from './protocol';
import { inProcessChannel } from './testing/in-process';
import { scenarioText } from './testing/wasm-node';

const wired = scenarioText('seed000/wired');

function collect(client: EngineClient, overrides: [string, string][] = []): Promise<RunMessage[]> {
  return new Promise((resolve) => {
    const msgs: RunMessage[] = [];
    client.run({ text: wired, format: 'toml', overrides, recording: 'full' }, (m) => {
      msgs.push(m);
      if (m.type === 'done' || m.type === 'error' || m.type === 'cancelled') resolve(msgs);
    });
  });
}

describe('EngineClient', () => {
  it('matches concurrent validations to their replies', async () => {
    const client = new EngineClient(inProcessChannel().open);
    const [a, b] = await Promise.all([
      client.validate(wired, 'toml', [['flows.ftp.tcp.variant', 'reno']]),
      client.validate(wired, 'toml', [['flows.ftp.tcp.variant', 'rno']]),
    ]);
    expect(a.rejected).toEqual([]);
    expect(b.rejected[0]?.override).toEqual(['flows.ftp.tcp.variant', 'rno']);
    client.dispose();
  });

  it('delivers a run to its listener, ending with done', async () => {
    const client = new EngineClient(inProcessChannel().open);
    const msgs = await collect(client);
    expect(msgs[0]?.type).toBe('started');
    expect(msgs.at(-1)?.type).toBe('done');
    expect(new Set(msgs.map((m) => m.runId)).size).toBe(1);
    expect(client.activeRunId).toBeNull();
    client.dispose();
  });

  it('drops replies of a run replaced by a newer one', async () => {
    const channel = inProcessChannel();
    const client = new EngineClient(channel.open);
    const first: RunMessage[] = [];
    client.run({ text: wired, format: 'toml', overrides: [], recording: 'full' }, (m) => first.push(m));
    const second = await collect(client, [['seed', '2']]);
    expect(first).toEqual([]);
    expect(second.at(-1)?.type).toBe('done');
    expect(channel.sent.filter((m) => m.type === 'run')).toHaveLength(2);
    client.dispose();
  });

  it('cancels the active run', async () => {
    const client = new EngineClient(inProcessChannel().open);
    const ended = collect(client);
    client.cancel();
    const msgs = await ended;
    expect(msgs.at(-1)?.type).toBe('cancelled');
    client.dispose();
  });

  it('fails pending requests when the worker dies, then reconnects', async () => {
    const channel = inProcessChannel();
    const client = new EngineClient(channel.open);
    const pending = client.validate(wired, 'toml', []);
    const run = collect(client);
    channel.fail('worker crashed');
    await expect(pending).rejects.toBeInstanceOf(EngineRequestError);
    const msgs = await run;
    expect(msgs.at(-1)).toMatchObject({ type: 'error', error: { message: 'worker crashed' } });
    expect(channel.opened()).toBe(2);
    const again = await client.validate(wired, 'toml', []);
    expect(again.ok).toBe(true);
    client.dispose();
  });
});
