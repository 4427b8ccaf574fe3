import { describe, expect, it } from 'vitest';
import type { Theme } from '../theme';
import { drawLayers } from './drawLayers';
import type { PlotLayer } from './model';
import { SvgContext } from './svgContext';

const theme = {
  font: 'system-ui',
  data: '#00f',
  flows: ['#00f'],
  series: { cwnd: '#111111', 'owd': '#222222', 'owd-est': '#333333' },
} as unknown as Theme;

const series = (values: number[]) => ({ timesMs: Float64Array.from(values.map((_, i) => i * 100)), values: Float64Array.from(values), scale: 1 });
const area = { width: 200, height: 100, t0: 0, t1: 1000, yMin: 0, yMax: 10, stepEndMs: 1000 };

/** The order in which colours first appear in the drawing. */
function drawOrder(layers: PlotLayer[]): string[] {
  const ctx = new SvgContext();
  drawLayers(ctx as unknown as CanvasRenderingContext2D, layers, area, theme);
  const colours = [...ctx.elements().matchAll(/(?:stroke|fill)="(#[0-9a-f]{6})"/g)].map((m) => m[1] ?? '');
  return [...new Set(colours)];
}

describe('drawLayers order', () => {
  it("draws run B's dashed line after run A's, so it stays visible where the runs coincide", () => {
    const ctx = new SvgContext();
    const same = series([1, 2, 3, 4, 5, 6, 7, 8, 9, 9]);
    drawLayers(ctx as unknown as CanvasRenderingContext2D, [
      { key: 'B:cwnd', label: 'cwnd', colour: 'cwnd', style: 'step', run: 'B', data: same },
      { key: 'cwnd', label: 'cwnd', colour: 'cwnd', style: 'step', run: 'A', data: same },
    ], area, theme);
    const paths = ctx.elements().split('\n').filter((e) => e.startsWith('<path'));
    expect(paths.length).toBe(2);
    // The last path drawn is the dashed one (run B).
    expect(paths[0]).not.toContain('stroke-dasharray');
    expect(paths[1]).toContain('stroke-dasharray');
  });

  it('draws the estimated one-way delay under the true delay', () => {
    const order = drawOrder([
      { key: 'owd_fwd', label: 'true forward', colour: 'owd', style: 'points', data: series([5, 5, 5]) },
      { key: 'owd_fwd_est', label: 'estimated forward', colour: 'owd-est', style: 'points', under: true, data: series([5, 5, 5]) },
    ]);
    expect(order.indexOf('#333333')).toBeLessThan(order.indexOf('#222222'));
  });
});
