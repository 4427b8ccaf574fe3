import { describe, expect, it } from 'vitest';
import { preloadColdLoad } from './preloadColdLoad';

type Handler = (html: string, ctx: { bundle?: Record<string, unknown> }) => unknown;
const handler = () => (preloadColdLoad() as unknown as { transformIndexHtml: { handler: Handler } }).transformIndexHtml.handler;

const chunk = (fileName: string, name: string, imports: string[], isDynamicEntry = false, css: string[] = []) => ({
  type: 'chunk',
  fileName,
  name,
  imports,
  isDynamicEntry,
  isEntry: name === 'index',
  viteMetadata: { importedCss: new Set(css) },
});

describe('preloadColdLoad (index.html starts the cold load\'s downloads)', () => {
  it('links the engine first, then the app chunk and its static imports, then its CSS; not the lazy panels', () => {
    const tags = handler()('<html></html>', {
      bundle: {
        'assets/index-1.js': chunk('assets/index-1.js', 'index', ['assets/shared-1.js']),
        'assets/main-1.js': chunk('assets/main-1.js', 'main', ['assets/react-1.js', 'assets/shared-1.js', 'assets/index-1.js'], true, ['assets/main-1.css']),
        'assets/react-1.js': chunk('assets/react-1.js', 'jsx-runtime', []),
        'assets/shared-1.js': chunk('assets/shared-1.js', 'shared', []),
        'assets/Plots-1.js': chunk('assets/Plots-1.js', 'PlotsPanel', ['assets/react-1.js'], true),
        'assets/ackscope_wasm_bg-AbC_1.wasm': { type: 'asset', fileName: 'assets/ackscope_wasm_bg-AbC_1.wasm' },
      },
    }) as { attrs: Record<string, string>; injectTo: string }[];
    expect(tags.map((t) => [t.attrs.rel, t.attrs.href])).toEqual([
      ['preload', './assets/ackscope_wasm_bg-AbC_1.wasm'],
      ['modulepreload', './assets/main-1.js'],
      ['modulepreload', './assets/react-1.js'],
      ['modulepreload', './assets/shared-1.js'],
      ['preload', './assets/main-1.css'],
    ]);
    expect(tags[0]?.attrs).toEqual({ rel: 'preload', href: './assets/ackscope_wasm_bg-AbC_1.wasm', as: 'fetch', crossorigin: '' });
    // The CSS preload in the credentials mode of the stylesheet link Vite adds, or it is fetched again.
    expect(tags[4]?.attrs).toEqual({ rel: 'preload', href: './assets/main-1.css', as: 'style', crossorigin: '' });
    // The engine before the entry script's tag, the app after it.
    expect(tags.map((t) => t.injectTo)).toEqual(['head-prepend', 'head', 'head', 'head', 'head']);
  });

  it('fails the build when the engine or the app chunk is not in the bundle', () => {
    expect(() => handler()('<html></html>', { bundle: { 'assets/main-1.js': chunk('assets/main-1.js', 'main', [], true) } })).toThrow(/no file matching/);
    expect(() => handler()('<html></html>', { bundle: { 'assets/ackscope_wasm_bg-1.wasm': { type: 'asset' } } })).toThrow(/no app chunk named main/);
  });
});
