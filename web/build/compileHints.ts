// A Vite plugin: marks the chunks a cold load runs at once for eager
// compilation. Chromium (136 and later) reads the magic comment
// `//# allFunctionsCalledOnLoad` at the top of a script and compiles all of
// its functions on a background thread while the script streams in, instead
// of one by one on the main thread as they are first called (the page's
// critical path on a cold load). Other browsers ignore the comment.
// The chunks: the entry's dynamic import of the app (`main`) and every chunk
// it imports statically; the panels loaded later (views/laterPanels.ts),
// lessons and paper mode stay lazily compiled. The comment goes in as the
// files are written (Vite puts its preload helper at the top of a chunk
// after every plugin's generateBundle), before the service worker's
// precache list is made from the files.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { appChunks } from './appChunks.ts';

const HINT = '//# allFunctionsCalledOnLoad\n';

export function compileHints(appChunk = 'main'): Plugin {
  return {
    name: 'ackscope:compile-hints',
    apply: 'build',
    async writeBundle(options, bundle) {
      const seen = appChunks(bundle, appChunk).map((c) => c.fileName);
      const dir = options.dir ?? '.';
      await Promise.all(
        seen.map(async (file) => {
          const path = join(dir, file);
          const code = await readFile(path, 'utf8');
          if (!code.startsWith(HINT)) await writeFile(path, HINT + code);
        }),
      );
    },
  };
}
