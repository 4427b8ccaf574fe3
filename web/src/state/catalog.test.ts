import { describe, expect, it } from 'vitest';
import type { Scenario } from '../generated/types';
import { findScenario, groupCatalog, scenarioFiles, scenarioIds, type CatalogEntry } from './catalog';

function entry(file: string, id: string | null, title = id ?? '', paper?: string): CatalogEntry {
  const scenario: Scenario | null = id
    ? {
        version: 1,
        id,
        title,
        duration: '1s',
        nodes: [],
        links: [],
        flows: [],
        ...(paper ? { paper: { seed: paper, reproduces: 'Fig. 1' } } : {}),
      }
    : null;
  return { file, text: '', scenario, errors: id ? [] : [{ path: 'x', problem: 'bad' }] };
}

describe('catalog', () => {
  it('names files by their path under scenarios/', () => {
    const files = scenarioFiles({
      '../../../scenarios/seed000/wired.toml': 'a',
      '../../../scenarios/bench/x.toml': 'b',
      '../../../scenarios/seed003/table1.sweep.toml': 'a sweep, not a scenario',
      '../../../scenarios/lessons/cwnd-basics.lesson.toml': 'a lesson, not a scenario',
    });
    expect(files).toEqual([
      { file: 'bench/x.toml', text: 'b' },
      { file: 'seed000/wired.toml', text: 'a' },
    ]);
  });

  it('groups by paper first, then by folder, titles sorted', () => {
    const groups = groupCatalog([
      entry('bench/a.toml', 'bench/a', 'Bench A'),
      entry('seed001/z.toml', 'seed001/z', 'Zeta', '001'),
      entry('seed000/w.toml', 'seed000/w', 'Wired', '000'),
      entry('seed000/s.toml', 'seed000/s', 'Satellite', '000'),
      entry('bench/broken.toml', null),
    ]);
    expect(groups.map((g) => g.label)).toEqual(['Seed paper 000', 'Seed paper 001', 'Benchmarks']);
    expect(groups[0]?.entries.map((e) => e.scenario?.title)).toEqual(['Satellite', 'Wired']);
    expect(groups[2]?.entries.map((e) => e.file)).toEqual(['bench/a.toml', 'bench/broken.toml']);
  });

  it('keeps the one-mechanism examples together after the papers, even those citing a paper', () => {
    const groups = groupCatalog([
      entry('bench/a.toml', 'bench/a', 'Bench A'),
      entry('examples/buffer.toml', 'examples/buffer', 'Shared buffer', '002'),
      entry('examples/arq.toml', 'examples/arq', 'ARQ'),
      entry('seed002/cbr.toml', 'seed002/cbr', 'CBR', '002'),
    ]);
    expect(groups.map((g) => g.label)).toEqual(['Seed paper 002', 'Examples: one mechanism each', 'Benchmarks']);
    expect(groups[1]?.entries.map((e) => e.scenario?.title)).toEqual(['ARQ', 'Shared buffer']);
  });

  it('finds scenarios by id, skipping invalid files', () => {
    const entries = [entry('a.toml', 'x/a'), entry('b.toml', null)];
    expect(findScenario(entries, 'x/a')?.file).toBe('a.toml');
    expect(findScenario(entries, 'nope')).toBeNull();
    expect(scenarioIds(entries)).toEqual(['x/a']);
  });
});
