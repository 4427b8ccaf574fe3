import { describe, expect, it } from 'vitest';
import type { Theme } from '../theme';
import { fileName, plotCsv, plotSvg } from './exportPlot';
import type { PlotModel } from './model';

const theme: Theme = {
  font: 'system-ui',
  text: '#111',
  muted: '#555',
  surface: '#fff',
  grid: '#eee',
  lane: '#ccc',
  nodeFill: '#eee',
  nodeStroke: '#333',
  queueOutline: '#999',
  data: '#00f',
  ack: '#0a0',
  retx: '#f80',
  drop: '#f00',
  corrupt: '#c05',
  ecn: '#70e',
  middlebox: '#077',
  datagram: '#590',
  cursor: '#e50',
  flows: ['#00f', '#0a0'],
  series: { cwnd: '#2f6fde', timeout: '#e03131', rtt: '#888' },
};

const model: PlotModel = {
  layers: [
    { key: 'cwnd', label: 'cwnd', colour: 'cwnd', style: 'step', data: { timesMs: Float64Array.of(0, 1000, 2000), values: Float64Array.of(1, 2, 4), scale: 1 } },
    { key: 'to', label: 'timeout <"x">', colour: 'timeout', style: 'marker', marker: 'cross', data: { timesMs: Float64Array.of(1500), values: Float64Array.of(7), scale: 1 } },
    { key: 'B:cwnd', label: 'cwnd', colour: 'cwnd', style: 'step', run: 'B', data: { timesMs: Float64Array.of(0, 1500), values: Float64Array.of(1, 3), scale: 1 } },
  ],
  yMin: 0,
  yMax: 5,
  fit: 'zero',
};

describe('plot export', () => {
  const input = { title: 'Congestion window', subtitle: 'seed000/wired · <ftp>', unit: 'segments', model, t0: 0, t1: 3000, yMin: 0, yMax: 5, stepEndMs: 3000, width: 800, height: 300, theme };

  it('writes a well-formed SVG with axes, legend and data', () => {
    const svg = plotSvg(input);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.trim().endsWith('</svg>')).toBe(true);
    expect(svg).toContain('<title>Congestion window</title>');
    expect(svg).toContain('time (s)');
    expect(svg).toContain('segments');
    // Text is escaped, never markup.
    expect(svg).toContain('timeout &lt;&quot;x&quot;&gt;');
    expect(svg).toContain('&lt;ftp&gt;');
    expect(svg).not.toContain('<ftp>');
    // The cwnd step, run B dashed, in the theme colours.
    expect(svg).toMatch(/<path d="M[^"]+" fill="none" stroke="#2f6fde"/);
    expect(svg).toContain('stroke-dasharray="6 3"');
    expect(svg).toContain('A solid, B dashed');
  });

  it('lists every point of the visible range as CSV', () => {
    const csv = plotCsv(model, 'segments', 0, 1600, 600).trim().split('\n');
    expect(csv[0]).toBe('run,series,time_s,value,end,unit');
    expect(csv).toContain('A,cwnd,1,2,,segments');
    expect(csv).toContain('A,"timeout <""x"">",1.5,7,,event');
    expect(csv).toContain('B,cwnd,1.5,3,,segments');
    expect(csv.some((r) => r.includes(',2,4,'))).toBe(false); // t = 2 s is outside
  });

  it('names files after what they show', () => {
    expect(fileName(['seed000/wired', 'cwnd'], 'svg')).toBe('ackscope-seed000-wired-cwnd.svg');
    expect(fileName(['Custom: <my> scenario'], 'json')).toBe('ackscope-custom-my-scenario.json');
  });
});
