import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  publicDir: `${repo}public`,
  base: './',
  plugins: [react()],
  server: {
    // Scenario files live outside web/ (in scenarios/) and are imported raw.
    fs: { allow: [repo] },
  },
  build: {
    outDir: `${repo}dist`,
    emptyOutDir: true,
    target: 'es2022',
  },
  worker: { format: 'es' },
  test: {
    root: repo,
    include: ['web/src/**/*.test.ts', 'tests/golden/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['web/src/i18n/testSetup.ts'],
    testTimeout: 60_000,
  },
});
