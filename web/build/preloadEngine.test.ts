import { describe, expect, it } from 'vitest';
import { preloadEngine } from './preloadEngine';

type Handler = (html: string, ctx: { bundle?: Record<string, unknown> }) => unknown;
const handler = () => (preloadEngine() as unknown as { transformIndexHtml: { handler: Handler } }).transformIndexHtml.handler;

describe('preloadEngine (index.html starts the wasm download)', () => {
  it('links the hashed engine as a fetch preload, in the head before the scripts', () => {
    const tags = handler()('<html></html>', { bundle: { 'assets/main-1.js': {}, 'assets/ackscope_wasm_bg-AbC_1.wasm': {} } });
    expect(tags).toEqual([
      { tag: 'link', attrs: { rel: 'preload', href: './assets/ackscope_wasm_bg-AbC_1.wasm', as: 'fetch', crossorigin: '' }, injectTo: 'head-prepend' },
    ]);
  });

  it('fails the build when the engine is not in the bundle', () => {
    expect(() => handler()('<html></html>', { bundle: { 'assets/main-1.js': {} } })).toThrow(/no file matching/);
  });
});
