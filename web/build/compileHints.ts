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

const HINT = '//# allFunctionsCalledOnLoad\n';

export function compileHints(appChunk = 'main'): Plugin {
  return {
    name: 'ackscope:compile-hints',
    apply: 'build',
    async writeBundle(options, bundle) {
      const chunks = new Map(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])));
      const todo = [...chunks.values()].filter((c) => c.name === appChunk && c.isDynamicEntry).map((c) => c.fileName);
      const seen = new Set<string>();
      while (todo.length > 0) {
        const file = todo.pop()!;
        const chunk = chunks.get(file);
        if (!chunk || seen.has(file)) continue;
        seen.add(file);
        todo.push(...chunk.imports);
      }
      const dir = options.dir ?? '.';
      await Promise.all(
        [...seen].map(async (file) => {
          const path = join(dir, file);
          const code = await readFile(path, 'utf8');
          if (!code.startsWith(HINT)) await writeFile(path, HINT + code);
        }),
      );
    },
  };
}
