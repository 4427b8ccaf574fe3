// Draws plot layers on a canvas: steps, points, marks, ranges and event
// markers, each thinned to what one pixel column can show first. Run B of a
// comparison is drawn dashed (lines) or hollow (points), over run A, so where
// the runs coincide A shows through B's gaps.

import type { LayerColour, SeriesColour, Theme } from '../theme';
import { decimate, decimateRanges } from './decimate';
import { layerData, type MarkerShape, type MarkShape, type PlotLayer, type SeriesData } from './model';

export interface PlotArea {
  width: number;
  height: number;
  /** Visible time range, ms. */
  t0: number;
  t1: number;
  yMin: number;
  yMax: number;
  /** Step series hold their last value until here (the run's end, or how far it got). */
  stepEndMs: number;
}

/** A layer's colour: a series colour by name, or a flow colour ("flow-3"). */
export function layerColour(theme: Theme, colour: LayerColour): string {
  const flow = /^flow-(\d+)$/.exec(colour);
  if (flow) return theme.flows[(Number(flow[1]) - 1) % theme.flows.length] ?? theme.data;
  return theme.series[colour as SeriesColour] ?? theme.data;
}

export function drawLayers(ctx: CanvasRenderingContext2D, layers: readonly PlotLayer[], area: PlotArea, theme: Theme): void {
  const { width, height, t0, t1, yMin, yMax } = area;
  const sx = width / Math.max(1e-9, t1 - t0);
  const sy = height / Math.max(1e-12, yMax - yMin);
  const x = (t: number) => (t - t0) * sx;
  const y = (v: number) => height - (v - yMin) * sy;
  ctx.clearRect(0, 0, width, height);
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, 0, width, height);
  ctx.clip();
  // Markers under everything, then ranges and points, lines on top: estimates stay readable.
  const order: PlotLayer['style'][] = ['marker', 'range', 'points', 'marks', 'step'];
  // Within each style: layers marked "under" first, then run A, then run B's
  // dashed or hollow glyphs on top, so neither run hides the other.
  const rank = (l: PlotLayer) => (l.under ? 0 : 2) + (l.run === 'B' ? 1 : 0);
  const sorted = [...layers].sort((a, b) => rank(a) - rank(b));
  for (const style of order) {
    for (const layer of sorted) {
      if (layer.style !== style) continue;
      const data = layerData(layer, t0, t1, width);
      if (!data || data.timesMs.length === 0) continue;
      const colour = layerColour(theme, layer.colour);
      const b = layer.run === 'B';
      switch (style) {
        case 'marker':
          drawMarkers(ctx, data, x, height, colour, layer.marker ?? 'triangle', t0, t1, b);
          break;
        case 'range':
          drawRanges(ctx, data, x, y, width, t0, t1, colour, b);
          break;
        case 'points':
          drawMarks(ctx, data, x, y, width, t0, t1, colour, b || layer.under ? 'square' : 'dot', b || (layer.under ?? false), 0.75);
          break;
        case 'marks':
          drawMarks(ctx, data, x, y, width, t0, t1, colour, layer.mark ?? 'x', b, 1);
          break;
        case 'step':
          drawStep(ctx, data, x, y, width, t0, t1, area.stepEndMs, colour, layer.dashed ?? false, b);
          break;
      }
    }
  }
  ctx.restore();
}

function drawStep(
  ctx: CanvasRenderingContext2D,
  d: SeriesData,
  x: (t: number) => number,
  y: (v: number) => number,
  width: number,
  t0: number,
  t1: number,
  stepEndMs: number,
  colour: string,
  dashed: boolean,
  runB: boolean,
): void {
  const idx = decimate(d.timesMs, d.values, t0, t1, width);
  ctx.strokeStyle = colour;
  ctx.lineWidth = dashed || runB ? 1.3 : 1.6;
  ctx.setLineDash(runB ? (dashed ? [1.5, 2.5] : [6, 3]) : dashed ? [5, 3] : []);
  ctx.globalAlpha = runB ? 0.8 : 1;
  ctx.lineJoin = 'round';
  ctx.beginPath();
  let prevY = 0;
  idx.forEach((i, k) => {
    const px = x(d.timesMs[i] ?? 0);
    const py = y((d.values[i] ?? 0) * d.scale);
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
    const lastT = d.timesMs[lastI] ?? 0;
    if (stepEndMs > lastT) ctx.lineTo(x(Math.min(stepEndMs, t1)), prevY);
  }
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.globalAlpha = 1;
}

/** Vertical bars from value to end (one per pixel column when dense: its lowest start to highest end). */
function drawRanges(
  ctx: CanvasRenderingContext2D,
  d: SeriesData,
  x: (t: number) => number,
  y: (v: number) => number,
  width: number,
  t0: number,
  t1: number,
  colour: string,
  runB: boolean,
): void {
  const bars = decimateRanges(d.timesMs, d.values, d.ends ?? null, t0, t1, width);
  ctx.strokeStyle = colour;
  ctx.lineWidth = runB ? 1 : 1.5;
  ctx.globalAlpha = runB ? 0.7 : 1;
  ctx.beginPath();
  for (let k = 0; k < bars.times.length; k++) {
    const px = Math.round(x(bars.times[k] ?? 0)) + 0.5;
    const top = y((bars.ends[k] ?? 0) * d.scale);
    const bottom = y((bars.starts[k] ?? 0) * d.scale);
    // At least 2 px tall, so a one-segment bar stays visible at any zoom.
    const mid = (top + bottom) / 2;
    const h = Math.max(2, bottom - top);
    ctx.moveTo(px, mid + h / 2);
    ctx.lineTo(px, mid - h / 2);
    if (runB) {
      ctx.moveTo(px - 2, mid - h / 2);
      ctx.lineTo(px + 2, mid - h / 2);
    }
  }
  ctx.stroke();
  ctx.globalAlpha = 1;
}

function drawMarks(
  ctx: CanvasRenderingContext2D,
  d: SeriesData,
  x: (t: number) => number,
  y: (v: number) => number,
  width: number,
  t0: number,
  t1: number,
  colour: string,
  shape: MarkShape,
  runB: boolean,
  alpha: number,
): void {
  const idx = decimate(d.timesMs, d.values, t0, t1, width);
  ctx.fillStyle = colour;
  ctx.strokeStyle = colour;
  ctx.globalAlpha = alpha;
  ctx.lineWidth = shape === 'x' ? 1.8 : 1.2;
  ctx.beginPath();
  for (const i of idx) {
    const px = x(d.timesMs[i] ?? 0);
    const py = y((d.values[i] ?? 0) * d.scale);
    switch (shape) {
      case 'dot':
        ctx.rect(px - 1.5, py - 1.5, 3, 3);
        break;
      case 'square':
        ctx.rect(px - 2, py - 2, 4, 4);
        break;
      case 'x':
        ctx.moveTo(px - 3.5, py - 3.5);
        ctx.lineTo(px + 3.5, py + 3.5);
        ctx.moveTo(px + 3.5, py - 3.5);
        ctx.lineTo(px - 3.5, py + 3.5);
        break;
      case 'diamond':
        ctx.moveTo(px, py - 4);
        ctx.lineTo(px + 4, py);
        ctx.lineTo(px, py + 4);
        ctx.lineTo(px - 4, py);
        ctx.closePath();
        break;
    }
  }
  if (shape === 'x' || runB) ctx.stroke();
  else ctx.fill();
  ctx.globalAlpha = 1;
}

function drawMarkers(
  ctx: CanvasRenderingContext2D,
  d: SeriesData,
  x: (t: number) => number,
  height: number,
  colour: string,
  shape: MarkerShape,
  t0: number,
  t1: number,
  runB: boolean,
): void {
  const { timesMs, values } = d;
  ctx.strokeStyle = colour;
  ctx.fillStyle = colour;
  // Run B's markers hang from the bottom edge, so the two runs' events can be told apart.
  const top = runB ? height - 10 : 1;
  let lastPx = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < timesMs.length; i++) {
    const t = timesMs[i] ?? 0;
    if (shape === 'band') {
      // An outage: shaded from its start for its duration (value, in seconds).
      const end = t + (values[i] ?? 0) * 1000;
      if (end < t0 || t > t1) continue;
      ctx.globalAlpha = runB ? 0.08 : 0.14;
      ctx.fillRect(x(t), 0, Math.max(1, x(end) - x(t)), height);
      ctx.globalAlpha = 1;
      continue;
    }
    if (t < t0 || t > t1) continue;
    const px = Math.round(x(t)) + 0.5;
    if (px - lastPx < 1) continue; // one marker per pixel column
    lastPx = px;
    ctx.globalAlpha = 0.35;
    ctx.lineWidth = 1;
    ctx.setLineDash(runB ? [1, 3] : [2, 3]);
    ctx.beginPath();
    ctx.moveTo(px, runB ? 0 : 10);
    ctx.lineTo(px, runB ? height - 10 : height);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.globalAlpha = 1;
    ctx.beginPath();
    drawMarkerHead(ctx, shape, px, top, runB);
  }
}

function drawMarkerHead(ctx: CanvasRenderingContext2D, shape: MarkerShape, px: number, top: number, runB: boolean): void {
  switch (shape) {
    case 'triangle':
      if (runB) {
        ctx.moveTo(px - 4.5, top + 9);
        ctx.lineTo(px + 4.5, top + 9);
        ctx.lineTo(px, top + 1);
      } else {
        ctx.moveTo(px - 4.5, top);
        ctx.lineTo(px + 4.5, top);
        ctx.lineTo(px, top + 8);
      }
      ctx.closePath();
      if (runB) {
        ctx.lineWidth = 1.2;
        ctx.stroke();
      } else ctx.fill();
      return;
    case 'cross':
      ctx.lineWidth = 2;
      ctx.moveTo(px - 4, top);
      ctx.lineTo(px + 4, top + 8);
      ctx.moveTo(px + 4, top);
      ctx.lineTo(px - 4, top + 8);
      ctx.stroke();
      return;
    case 'diamond':
      ctx.moveTo(px, top);
      ctx.lineTo(px + 4.5, top + 4.5);
      ctx.lineTo(px, top + 9);
      ctx.lineTo(px - 4.5, top + 4.5);
      ctx.closePath();
      if (runB) ctx.stroke();
      else ctx.fill();
      return;
    case 'circle':
      ctx.arc(px, top + 4.5, 4, 0, Math.PI * 2);
      if (runB) ctx.stroke();
      else ctx.fill();
      return;
    case 'band':
      return;
  }
}
