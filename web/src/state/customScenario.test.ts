import { describe, expect, it } from 'vitest';
import { loadWasmInNode } from '../engine/testing/wasm-node';
import { blankScenario, decodeScenario, encodeForUrl, encodeScenario, MAX_SCENARIO_BYTES } from './customScenario';

describe('custom scenario codec', () => {
  it('round-trips JSON text through deflate-raw and base64url', async () => {
    const text = JSON.stringify(blankScenario());
    const cs = await encodeScenario(text);
    expect(cs).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cs.length).toBeLessThan(text.length);
    expect(await decodeScenario(cs)).toBe(text);
  });

  it('keeps the blank scenario well inside the URL limit, and the engine accepts it', async () => {
    const r = await encodeForUrl(blankScenario());
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.cs.length).toBeLessThan(600);
    const api = await loadWasmInNode();
    const v = JSON.parse(api.validate(JSON.stringify(blankScenario()), 'json', '[]')) as { ok: boolean; errors: unknown[] };
    expect(v.errors).toEqual([]);
    expect(v.ok).toBe(true);
  });

  it('says how far over the limit a large scenario is', async () => {
    const big = blankScenario();
    // Random-looking node ids do not compress.
    for (let i = 0; i < 400; i++) big.nodes.push({ id: `n${((i * 2654435761) >>> 0).toString(36)}`, kind: 'router', label: `node ${(i * 40503) % 99991}` });
    const r = await encodeForUrl(big);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.length).toBeGreaterThan(2000);
      expect(r.message).toMatch(/too large for a link: \d+ characters compressed, at most 2000/);
    }
  });

  it('refuses what is not a scenario it wrote, with a reason', async () => {
    await expect(decodeScenario('<script>')).rejects.toThrow(/letters, digits/);
    await expect(decodeScenario('AAAA')).rejects.toThrow(/not a compressed scenario|not text/);
    // A zip bomb: a few hundred bytes that expand past the limit.
    const bomb = await encodeScenario('x'.repeat(MAX_SCENARIO_BYTES + 10));
    expect(bomb.length).toBeLessThan(2000);
    await expect(decodeScenario(bomb)).rejects.toThrow(/expands to more than/);
  });
});
