// A Vite plugin: index.html starts every download a cold load needs while the
// page parses, before any script runs:
// - the wasm engine (`<link rel="preload" as="fetch" crossorigin>`), the
//   largest file; the entry script's fetch of the same URL
//   (src/engine/engineModule.ts) takes the preloaded response;
// - the app's chunk and its static imports (`modulepreload`) and its CSS,
//   which the entry script imports dynamically (src/boot.ts): without these
//   links their requests wait for the entry script to be fetched and run.
//   They follow the entry script's tag, so its request goes out first.
import type { HtmlTagDescriptor, Plugin } from 'vite';
import { appChunks } from './appChunks.ts';

export function preloadColdLoad(engine = /ackscope_wasm_bg-[^/]*\.wasm$/, appChunk = 'main'): Plugin {
  return {
    name: 'ackscope:preload-cold-load',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle ?? {};
        const wasm = Object.keys(bundle).find((f) => engine.test(f));
        if (!wasm) throw new Error(`preloadColdLoad: no file matching ${engine} in the bundle (allowed: the wasm engine the entry script imports with ?url)`);
        // Without the entry script itself, which the app imports from (it has its own tag).
        const app = appChunks(bundle, appChunk).filter((c) => !c.isEntry);
        if (app.length === 0) throw new Error(`preloadColdLoad: no app chunk named ${appChunk} (allowed: the chunk boot.ts imports)`);
        const css = [...new Set(app.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]))];
        // The document's base is the app's folder (base './'), as for the scripts Vite links.
        // In this order: the engine first, then the entry script (Vite's tag), then the app.
        const link = (attrs: Record<string, string>, injectTo: HtmlTagDescriptor['injectTo']): HtmlTagDescriptor => ({ tag: 'link', attrs, injectTo });
        return [
          link({ rel: 'preload', href: `./${wasm}`, as: 'fetch', crossorigin: '' }, 'head-prepend'),
          ...app.map((c) => link({ rel: 'modulepreload', href: `./${c.fileName}`, crossorigin: '' }, 'head')),
          // crossorigin as on the stylesheet link Vite's preload helper adds: without it the preload is not used and the CSS is fetched twice.
          ...css.map((f) => link({ rel: 'preload', href: `./${f}`, as: 'style', crossorigin: '' }, 'head')),
        ];
      },
    },
  };
}
