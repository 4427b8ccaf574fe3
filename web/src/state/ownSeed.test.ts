import { describe, expect, it } from 'vitest';
import { resolveOverrides } from '../engine/resolve';
import { allScenarioFiles, loadWasmInNode, validateFn } from '../engine/testing/wasm-node';
import { withOwnSeed } from './ownSeed';

describe('withOwnSeed (a seed override the scenario already has needs no check)', () => {
  it("is exactly the engine's check, for every shipped scenario", async () => {
    const validate = validateFn(await loadWasmInNode());
    const files = Object.entries(allScenarioFiles());
    expect(files.length).toBeGreaterThan(30);
    for (const [file, text] of files) {
      const plain = resolveOverrides(validate, text, 'toml', [], false);
      if (!plain.ok) continue;
      const own: [string, string] = ['seed', String(plain.scenario?.seed)];
      expect(withOwnSeed(plain, [own]), file).toEqual(resolveOverrides(validate, text, 'toml', [own], false));
    }
  });

  it('declines anything else: another seed, more overrides, an invalid scenario', async () => {
    const validate = validateFn(await loadWasmInNode());
    const [, text] = Object.entries(allScenarioFiles()).find(([f]) => f.includes('seed000/wired'))!;
    const plain = resolveOverrides(validate, text, 'toml', [], false);
    const seed = String(plain.scenario?.seed);
    expect(withOwnSeed(plain, [['seed', `${seed}1`]])).toBeNull();
    expect(withOwnSeed(plain, [['seed', seed], ['duration', '5s']])).toBeNull();
    expect(withOwnSeed(plain, [['duration', seed]])).toBeNull();
    expect(withOwnSeed(plain, [])).toBeNull();
    expect(withOwnSeed(undefined, [['seed', seed]])).toBeNull();
    expect(withOwnSeed({ ...plain, ok: false, scenario: null }, [['seed', seed]])).toBeNull();
  });
});
