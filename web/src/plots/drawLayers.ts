// Draws plot layers on a canvas: steps, points and event markers, each series
// thinned to per-pixel min/max first.

import type { Theme } from '../theme';
import { decimate } from './decimate';
import type { PlotLayer } from './model';

export interface PlotArea {
  width: number;
  height: number;
  /** Visible time range, ms. */
  t0: number;
  t1: number;
  yMax: number;
  /** Step series hold their last value until here (the run's end, or how far it got). */
  stepEndMs: number;
}

export function drawLayers(ctx: CanvasRenderingContext2D, layers: readonly PlotLayer[], area: PlotArea, theme: Theme): void {
  const { width, height, t0, t1, yMax } = area;
  const sx = width / Math.max(1e-9, t1 - t0);
  const sy = height / Math.max(1e-12, yMax);
  const x = (t: number) => (t - t0) * sx;
  const y = (v: number) => height - v * sy;
  ctx.clearRect(0, 0, width, height);
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, 0, width, height);
  ctx.clip();
  // Markers under the lines, points under steps: the estimates stay readable.
  const order: PlotLayer['style'][] = ['marker', 'points', 'step'];
  for (const style of order) {
    for (const layer of layers) {
      if (layer.style !== style || !layer.data) continue;
      const colour = theme.series[layer.colour] ?? theme.data;
      const { timesMs, values, scale } = layer.data;
      if (style === 'marker') {
        drawMarkers(ctx, timesMs, x, height, colour, layer.marker ?? 'triangle', t0, t1);
        continue;
      }
      const idx = decimate(timesMs, values, t0, t1, width);
      if (style === 'points') {
        ctx.fillStyle = colour;
        ctx.globalAlpha = 0.75;
        for (const i of idx) {
          const px = x(timesMs[i] ?? 0);
          const py = y((values[i] ?? 0) * scale);
          ctx.fillRect(px - 1.5, py - 1.5, 3, 3);
        }
        ctx.globalAlpha = 1;
        continue;
      }
      ctx.strokeStyle = colour;
      ctx.lineWidth = layer.dashed ? 1.25 : 1.6;
      ctx.setLineDash(layer.dashed ? [5, 3] : []);
      ctx.lineJoin = 'round';
      ctx.beginPath();
      let prevY = 0;
      idx.forEach((i, k) => {
        const px = x(timesMs[i] ?? 0);
        const py = y((values[i] ?? 0) * scale);
        if (k === 0) ctx.moveTo(px, py);
        else {
          // Step-after: the previous value holds until this point's time.
          ctx.lineTo(px, prevY);
          ctx.lineTo(px, py);
        }
        prevY = py;
      });
      const lastI = idx[idx.length - 1];
      if (lastI !== undefined) {
        const lastT = timesMs[lastI] ?? 0;
        if (area.stepEndMs > lastT) ctx.lineTo(x(Math.min(area.stepEndMs, t1)), prevY);
      }
      ctx.stroke();
      ctx.setLineDash([]);
    }
  }
  ctx.restore();
}

function drawMarkers(
  ctx: CanvasRenderingContext2D,
  timesMs: Float64Array,
  x: (t: number) => number,
  height: number,
  colour: string,
  shape: 'triangle' | 'cross',
  t0: number,
  t1: number,
): void {
  ctx.strokeStyle = colour;
  ctx.fillStyle = colour;
  let lastPx = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < timesMs.length; i++) {
    const t = timesMs[i] ?? 0;
    if (t < t0 || t > t1) continue;
    const px = Math.round(x(t)) + 0.5;
    if (px - lastPx < 1) continue; // one marker per pixel column
    lastPx = px;
    ctx.globalAlpha = 0.35;
    ctx.lineWidth = 1;
    ctx.setLineDash([2, 3]);
    ctx.beginPath();
    ctx.moveTo(px, 10);
    ctx.lineTo(px, height);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.globalAlpha = 1;
    ctx.beginPath();
    if (shape === 'triangle') {
      ctx.moveTo(px - 4.5, 1);
      ctx.lineTo(px + 4.5, 1);
      ctx.lineTo(px, 9);
      ctx.closePath();
      ctx.fill();
    } else {
      ctx.lineWidth = 2;
      ctx.moveTo(px - 4, 1);
      ctx.lineTo(px + 4, 9);
      ctx.moveTo(px + 4, 1);
      ctx.lineTo(px - 4, 9);
      ctx.stroke();
    }
  }
}
