// A Vite plugin: index.html preloads the wasm engine (`<link rel="preload"
// as="fetch" crossorigin>`), so its download (the largest file of a cold load)
// starts while the page parses, before any script runs; the entry script's
// fetch of the same URL (src/engine/engineModule.ts) then takes the preloaded
// response instead of asking the server again.
import type { Plugin } from 'vite';

export function preloadEngine(pattern = /ackscope_wasm_bg-[^/]*\.wasm$/): Plugin {
  return {
    name: 'ackscope:preload-engine',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const file = Object.keys(ctx.bundle ?? {}).find((f) => pattern.test(f));
        if (!file) throw new Error(`preloadEngine: no file matching ${pattern} in the bundle (allowed: the wasm engine the entry script imports with ?url)`);
        // The document's base is the app's folder (base './'), as for the scripts Vite links.
        return [{ tag: 'link', attrs: { rel: 'preload', href: `./${file}`, as: 'fetch', crossorigin: '' }, injectTo: 'head-prepend' }];
      },
    },
  };
}
