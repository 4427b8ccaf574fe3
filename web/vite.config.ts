import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';
import { coldLoadChunk } from './build/coldLoadChunk.ts';
import { compileHints } from './build/compileHints.ts';
import { preloadColdLoad } from './build/preloadColdLoad.ts';

const repo = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  publicDir: `${repo}public`,
  base: './',
  plugins: [
    react(),
    compileHints(),
    preloadColdLoad(),
    // Offline after the first visit: a Workbox service worker precaches the
    // app, its chunks, the engine worker and the .wasm engine. autoUpdate
    // activates a new build at once, so a reload always shows the latest app.
    // The app registers it after its first animated frame (src/offline/registerLater.ts),
    // not on the page's load event: its install fetches every file.
    // The manifest and icons live in public/ (manifest: false here) and are
    // precached by the glob like the rest.
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: false,
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,wasm,webmanifest,png,svg}'],
        // The wasm engine is a few megabytes.
        maximumFileSizeToCacheInBytes: 32 * 1024 * 1024,
        // The worker imports the engine's glue as `...js?instance=N` (one per restart).
        ignoreURLParametersMatching: [/^instance$/, /^utm_/, /^fbclid$/],
        navigateFallback: 'index.html',
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  server: {
    // Scenario files live outside web/ (in scenarios/) and are imported raw.
    fs: { allow: [repo] },
  },
  build: {
    outDir: `${repo}dist`,
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      // What a cold load runs at once, in one chunk (build/coldLoadChunk.ts).
      // Not the entry's own imports, which main.tsx imports too: those stay out of it.
      output: {
        codeSplitting: {
          groups: [{ name: coldLoadChunk(`${repo}web/src/main.tsx`, `${repo}web/src/boot.ts`), includeDependenciesRecursively: false }],
        },
      },
    },
  },
  worker: { format: 'es' },
  test: {
    root: repo,
    include: ['web/src/**/*.test.ts', 'web/build/**/*.test.ts', 'tests/golden/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['web/src/i18n/testSetup.ts'],
    testTimeout: 60_000,
  },
});
