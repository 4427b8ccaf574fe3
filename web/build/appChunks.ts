// The chunks a cold load runs at once: the entry's dynamic import of the app
// (the chunk named `appChunk`) and every chunk it imports statically; the
// panels loaded later, lessons and paper mode are not among them.
// Shared by compileHints.ts and preloadColdLoad.ts.

/** The parts of an output chunk read here (Rollup's and Rolldown's OutputChunk). */
export interface ChunkLike {
  type: string;
  fileName: string;
  name?: string;
  imports?: readonly string[];
  isDynamicEntry?: boolean;
  isEntry?: boolean;
  viteMetadata?: { importedCss?: Set<string> };
}

/** File names of the app chunk and its static imports, the app chunk first. */
export function appChunks(bundle: Record<string, unknown>, appChunk = 'main'): ChunkLike[] {
  const chunks = new Map(Object.values(bundle as Record<string, ChunkLike>).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])));
  // The entry imports it dynamically; built as a group of its own (coldLoadChunk.ts) it is not flagged a dynamic entry.
  const todo = [...chunks.values()].filter((c) => c.name === appChunk && !c.isEntry).map((c) => c.fileName);
  const seen = new Map<string, ChunkLike>();
  while (todo.length > 0) {
    const file = todo.shift()!;
    const chunk = chunks.get(file);
    if (!chunk || seen.has(file)) continue;
    seen.set(file, chunk);
    todo.push(...(chunk.imports ?? []));
  }
  return [...seen.values()];
}
