import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileHints } from './compileHints';

/** A chunk of the bundle as the plugin reads it. */
const chunk = (fileName: string, name: string, imports: string[], isDynamicEntry = false) => ({ type: 'chunk', fileName, name, imports, isDynamicEntry });

describe('compileHints (eager compilation of what a cold load runs)', () => {
  it("marks the app's chunk and what it imports, not the lazy panels or the entry's other imports", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hints-'));
    const bundle = {
      'boot.js': chunk('boot.js', 'index', []),
      'main.js': chunk('main.js', 'main', ['react.js', 'boot.js'], true),
      'react.js': chunk('react.js', 'jsx-runtime', ['shared.js']),
      'shared.js': chunk('shared.js', 'shared', []),
      'Plots.js': chunk('Plots.js', 'PlotsPanel', ['react.js'], true),
      'style.css': { type: 'asset', fileName: 'style.css' },
    };
    for (const f of Object.keys(bundle)) await writeFile(join(dir, f), `code of ${f}`);
    const plugin = compileHints() as unknown as { writeBundle(o: { dir: string }, b: unknown): Promise<void> };
    await plugin.writeBundle({ dir }, bundle);
    // Twice (a rebuild into the same files): one comment.
    await plugin.writeBundle({ dir }, bundle);
    const hinted = async (f: string) => (await readFile(join(dir, f), 'utf8')).startsWith('//# allFunctionsCalledOnLoad\ncode of');
    expect(await hinted('main.js')).toBe(true);
    expect(await hinted('react.js')).toBe(true);
    expect(await hinted('shared.js')).toBe(true);
    expect(await hinted('boot.js')).toBe(true);
    expect(await hinted('Plots.js')).toBe(false);
    expect(await readFile(join(dir, 'main.js'), 'utf8')).toBe('//# allFunctionsCalledOnLoad\ncode of main.js');
  });
});
