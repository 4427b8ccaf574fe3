import { describe, expect, it } from 'vitest';
import type { ExportReply, ExportRequest } from './exportProtocol';
import { startExport, type ExportPort } from './exporter';

/** A worker stand-in: records the request, lets the test reply. */
function fakePort() {
  const port = {
    sent: [] as ExportRequest[],
    terminated: false,
    onmessage: null as ExportPort['onmessage'],
    onerror: null as ExportPort['onerror'],
    postMessage(msg: ExportRequest) {
      this.sent.push(msg);
    },
    terminate() {
      this.terminated = true;
    },
    reply(msg: ExportReply) {
      this.onmessage?.({ data: msg } as MessageEvent<ExportReply>);
    },
  };
  return port;
}

const request: ExportRequest = { kind: 'pcap', text: 'x', format: 'toml', overrides: [] };

describe('startExport', () => {
  it('assembles the chunks into one Blob of the announced size', async () => {
    const port = fakePort();
    const progress: number[] = [];
    const job = startExport(request, (_, bytes) => progress.push(bytes), () => port);
    expect(port.sent).toEqual([request]);
    port.reply({ type: 'chunk', bytes: new Uint8Array([1, 2, 3]), progress: 0.5 });
    port.reply({ type: 'chunk', bytes: new Uint8Array([4, 5]), progress: 1 });
    port.reply({ type: 'done', bytes: 5, items: 2, digest: 'abc' });
    const file = await job.result;
    expect(progress).toEqual([3, 5]);
    expect(file).toMatchObject({ bytes: 5, items: 2, digest: 'abc' });
    expect([...new Uint8Array(await file.blob.arrayBuffer())]).toEqual([1, 2, 3, 4, 5]);
    expect(file.blob.type).toBe('application/vnd.tcpdump.pcap');
    expect(port.terminated).toBe(true);
  });

  it('fails when bytes went missing, and on an engine error', async () => {
    const short = fakePort();
    const job = startExport(request, () => undefined, () => short);
    short.reply({ type: 'chunk', bytes: new Uint8Array([1]), progress: 1 });
    short.reply({ type: 'done', bytes: 2, items: 1, digest: 'abc' });
    await expect(job.result).rejects.toThrow(/lost data/);
    const failing = fakePort();
    const job2 = startExport(request, () => undefined, () => failing);
    failing.reply({ type: 'error', message: 'kind: unknown' });
    await expect(job2.result).rejects.toThrow('kind: unknown');
  });

  it('cancels by stopping the worker', async () => {
    const port = fakePort();
    const job = startExport(request, () => undefined, () => port);
    job.cancel();
    await expect(job.result).rejects.toMatchObject({ name: 'AbortError' });
    expect(port.terminated).toBe(true);
  });
});
