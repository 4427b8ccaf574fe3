import { describe, expect, it } from 'vitest';
import { agrees, bundledFiles, cellKey, deviation, deviationBand, layoutOf, parseReference, runSearch, sibling, sweepFilesOf, type SweepSpec } from './sweeps';
import { parseUrl } from '../state/url';

const spec: SweepSpec = {
  id: 't',
  title: 'T',
  base: 'x.toml',
  axes: [
    { name: 'a', points: [{ label: 'a1' }, { label: 'a2' }] },
    { name: 'b', points: [{ label: 'b1' }, { label: 'b2' }] },
  ],
  value: { flow: 'f', field: 'goodput_bps', scale: 0.001, unit: 'kbit/s', decimals: 1 },
  table: { rows: ['a'], columns: ['b'] },
  references: [],
};
const points = [
  { labels: ['a1', 'b1'], overrides: [] },
  { labels: ['a1', 'b2'], overrides: [] },
  { labels: ['a2', 'b1'], overrides: [] },
  { labels: ['a2', 'b2'], overrides: [] },
];

describe('paper tables', () => {
  it('read reference CSVs by axis name, whatever the column order (as sweep.rs)', () => {
    const t = parseReference(['a', 'b'], '# paper\nb,a,value\nb1,a1,12.5\nb2,a2,7\n');
    expect(t.get(cellKey(['a1', 'b1']))).toBe(12.5);
    expect(t.get(cellKey(['a2', 'b2']))).toBe(7);
    expect(() => parseReference(['a', 'b'], 'a,value\na1,3\n')).toThrow('no column "b"');
    expect(() => parseReference(['a'], 'a,value\na1,x\n')).toThrow('row 2');
  });

  it('lay out rows and columns as the CLI does', () => {
    const l = layoutOf(spec, points);
    expect(l.rows).toEqual([['a1'], ['a2']]);
    expect(l.columns).toEqual([['b1'], ['b2']]);
    expect(l.at(1, 0)).toBe(2);
    expect(layoutOf({ ...spec, table: null }, points).rows).toHaveLength(4);
  });

  it('agree within 1% and colour by deviation', () => {
    expect(agrees(100, 100.9)).toBe(true);
    expect(agrees(100, 102)).toBe(false);
    expect(agrees(0, 0)).toBe(true);
    expect(deviationBand(deviation(100, 100.5))).toBe('close');
    expect(deviationBand(deviation(104, 100))).toBe('near');
    expect(deviationBand(deviation(85, 100))).toBe('off');
    expect(deviationBand(deviation(24, 56))).toBe('far');
  });

  it('link each run as a main-view URL: last override per path wins, seed its own parameter', () => {
    const search = runSearch('seed003/two-way', [['seed', '3'], ['links.ij.rate', '100Mbps'], ['flows.ji.enabled', 'false'], ['links.ij.rate', '10Mbps']], 'ko');
    const { state, problems } = parseUrl(search.replace(/&lang=ko$/, ''));
    expect(problems).toEqual([]);
    expect(state).toMatchObject({ scenario: 'seed003/two-way', seed: 3, sets: [['flows.ji.enabled', 'false'], ['links.ij.rate', '10Mbps']] });
    expect(search.endsWith('&lang=ko')).toBe(true);
  });

  it('finds every seed folder sweep with its base scenario and references bundled', () => {
    const files = bundledFiles();
    expect(sweepFilesOf('003', files)).toEqual(['seed003/table1.sweep.toml', 'seed003/table2.sweep.toml', 'seed003/vs-ns2-ack-filtering.sweep.toml']);
    expect(sweepFilesOf('000', files)).toEqual(['seed000/window-scale.sweep.toml']);
    expect(sweepFilesOf('009', files)).toEqual([]);
    expect(files[sibling('seed003/table1.sweep.toml', 'paper-table1.csv')]).toContain('Tahoe,100M');
  });
});
