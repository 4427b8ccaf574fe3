import { describe, expect, it } from 'vitest';
import { closureOf, coldLoadChunk, type ModuleInfoLike } from './coldLoadChunk';

// boot imports language; main imports react, language and the controller,
// which imports the schema; the panel is only imported dynamically (not an importedId).
const graph: Record<string, string[]> = {
  '/src/boot.ts': ['/src/language.ts'],
  '/src/main.tsx': ['/node_modules/react.js', '/src/language.ts', '/src/controller.ts'],
  '/src/controller.ts': ['/src/schema.json', '/node_modules/react.js'],
  '/src/language.ts': [],
  '/node_modules/react.js': [],
  '/src/schema.json': [],
  '/src/Panel.tsx': ['/node_modules/react.js'],
};
const info = (id: string): ModuleInfoLike | null => (graph[id] ? { importedIds: graph[id] } : null);

describe('coldLoadChunk (what a cold load runs at once, in one chunk)', () => {
  it("takes main's static imports, however deep, and leaves out the entry's own and the lazy ones", () => {
    expect([...closureOf('/src/main.tsx', '/src/boot.ts', info)].sort()).toEqual(['/node_modules/react.js', '/src/controller.ts', '/src/main.tsx', '/src/schema.json']);
  });

  it('names those modules for the group and leaves the rest to the bundler', () => {
    const name = coldLoadChunk('/src/main.tsx', '/src/boot.ts');
    const ctx = { getModuleInfo: info };
    expect(name('/src/schema.json', ctx)).toBe('main');
    expect(name('/node_modules/react.js', ctx)).toBe('main');
    expect(name('/src/language.ts', ctx)).toBeNull();
    expect(name('/src/Panel.tsx', ctx)).toBeNull();
  });

  it('fails the build when a root is not in the module graph', () => {
    expect(() => closureOf('/src/app.tsx', '/src/boot.ts', info)).toThrow(/\/src\/app.tsx is not in the module graph/);
    expect(() => closureOf('/src/main.tsx', '/src/entry.ts', info)).toThrow(/\/src\/entry.ts is not in the module graph/);
  });
});
