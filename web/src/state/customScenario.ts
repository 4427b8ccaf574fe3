// The custom scenario: built in the browser as a Scenario object, run as JSON
// by the same engine, and carried in the URL compressed (deflate-raw, then
// base64url) within the 2,000-character limit of a parameter.

import type { Scenario } from '../generated/types';
import { t as tr } from '../i18n';
import { CUSTOM_SCENARIO, MAX_PARAM_LENGTH } from './url';

/** Decompressed scenarios larger than this are refused (a hostile link could expand enormously). */
export const MAX_SCENARIO_BYTES = 256 * 1024;

function toBase64Url(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('it has characters other than letters, digits, "-" and "_"');
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  let bin: string;
  try {
    bin = atob(b64);
  } catch {
    throw new Error('it is not base64url');
  }
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream, limit = Number.POSITIVE_INFINITY): Promise<Uint8Array> {
  const writer = stream.writable.getWriter();
  void writer.write(bytes as Uint8Array<ArrayBuffer>).catch(() => undefined);
  void writer.close().catch(() => undefined);
  const reader = stream.readable.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      throw new Error(`it expands to more than ${Math.round(limit / 1024)} KB`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** JSON text of a scenario, compressed for the `cs` parameter. */
export async function encodeScenario(json: string): Promise<string> {
  return toBase64Url(await pipe(new TextEncoder().encode(json), new CompressionStream('deflate-raw')));
}

/** The JSON text in a `cs` parameter; throws with a readable reason. */
export async function decodeScenario(cs: string): Promise<string> {
  const bytes = fromBase64Url(cs);
  let raw: Uint8Array;
  try {
    raw = await pipe(bytes, new DecompressionStream('deflate-raw'), MAX_SCENARIO_BYTES);
  } catch (e) {
    if (e instanceof Error && e.message.startsWith('it expands')) throw e;
    throw new Error('it is not a compressed scenario');
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    throw new Error('it is not text');
  }
}

export type EncodeResult = { ok: true; cs: string } | { ok: false; length: number; message: string };

/** Compresses a scenario for the URL, or says how far over the limit it is. */
export async function encodeForUrl(scenario: Scenario): Promise<EncodeResult> {
  const cs = await encodeScenario(JSON.stringify({ ...scenario, id: CUSTOM_SCENARIO }));
  if (cs.length <= MAX_PARAM_LENGTH) return { ok: true, cs };
  return {
    ok: false,
    length: cs.length,
    message: tr('custom:tooLarge', { length: cs.length, max: MAX_PARAM_LENGTH }),
  };
}

/** A small starting point: two hosts through a router, one flow. */
export function blankScenario(): Scenario {
  return {
    version: 1,
    id: CUSTOM_SCENARIO,
    title: 'Custom scenario',
    description: 'Built in the browser.',
    duration: '20s',
    seed: 1,
    nodes: [
      { id: 'sender', kind: 'host' },
      { id: 'router', kind: 'router' },
      { id: 'receiver', kind: 'host' },
    ],
    links: [
      { id: 'access', a: 'sender', b: 'router', rate: '10Mbps', delay: '1ms' },
      { id: 'bottleneck', a: 'router', b: 'receiver', rate: '1Mbps', delay: '50ms', queue: { limit: '20pkt' } },
    ],
    flows: [{ id: 'ftp', from: 'sender', to: 'receiver', tcp: { variant: 'reno' } }],
  };
}
