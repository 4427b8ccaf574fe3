// Plot exports: a standalone SVG (axes, legend and data, drawn by the same
// drawLayers as the screen), a PNG rendered from it, and the plot's series as
// CSV.

import { scaleLinear } from 'd3';
import { t as tr } from '../i18n';
import type { Theme } from '../theme';
import { drawLayers, layerColour } from './drawLayers';
import { layerData, type PlotModel } from './model';
import { escapeXml, SvgContext } from './svgContext';

export interface PlotExportInput {
  title: string;
  /** Scenario, flow, runs: what the picture is of. */
  subtitle: string;
  unit: string;
  model: PlotModel;
  t0: number;
  t1: number;
  yMin: number;
  yMax: number;
  stepEndMs: number;
  width: number;
  height: number;
  theme: Theme;
}

const M = { top: 58, right: 20, bottom: 40, left: 64 };

export function plotSvg(p: PlotExportInput): string {
  const { theme } = p;
  const innerW = Math.max(10, p.width - M.left - M.right);
  const innerH = Math.max(10, p.height - M.top - M.bottom);
  const x = scaleLinear().domain([p.t0 / 1000, p.t1 / 1000]).range([0, innerW]);
  const y = scaleLinear().domain([p.yMin, p.yMax]).range([innerH, 0]);
  const xTicks = x.ticks(Math.max(2, Math.floor(innerW / 80)));
  const yTicks = y.ticks(Math.max(2, Math.floor(innerH / 40)));
  const xf = x.tickFormat(xTicks.length);
  const yf = y.tickFormat(yTicks.length);
  const font = escapeXml(theme.font);

  const data = new SvgContext();
  drawLayers(data as unknown as CanvasRenderingContext2D, p.model.layers, {
    width: innerW,
    height: innerH,
    t0: p.t0,
    t1: p.t1,
    yMin: p.yMin,
    yMax: p.yMax,
    stepEndMs: p.stepEndMs,
  }, theme);

  // Legend: one entry per layer of run A, then which line is which run.
  let lx = 0;
  const legend: string[] = [];
  const entries = p.model.layers.filter((l) => l.run !== 'B').map((l) => ({ label: l.label, colour: layerColour(theme, l.colour), dashed: l.dashed ?? false }));
  if (p.model.layers.some((l) => l.run === 'B')) entries.push({ label: tr('plots:plot.abLegend'), colour: theme.text, dashed: false });
  for (const e of entries) {
    legend.push(
      `<line x1="${lx}" x2="${lx + 16}" y1="-4" y2="-4" stroke="${escapeXml(e.colour)}" stroke-width="2"${e.dashed ? ' stroke-dasharray="4 2"' : ''}/>`,
      `<text x="${lx + 20}" y="0" font-size="11" fill="${escapeXml(theme.muted)}">${escapeXml(e.label)}</text>`,
    );
    lx += 28 + e.label.length * 6.2;
  }

  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${p.width}" height="${p.height}" viewBox="0 0 ${p.width} ${p.height}" font-family="${font}">`,
    `<title>${escapeXml(p.title)}</title>`,
    `<rect width="100%" height="100%" fill="${escapeXml(theme.surface)}"/>`,
    `<text x="${M.left}" y="20" font-size="14" font-weight="600" fill="${escapeXml(theme.text)}">${escapeXml(p.title)}</text>`,
    `<text x="${p.width - M.right}" y="20" font-size="11" text-anchor="end" fill="${escapeXml(theme.muted)}">${escapeXml(p.subtitle)}</text>`,
    `<g transform="translate(${M.left},40)">${legend.join('')}</g>`,
    `<g transform="translate(${M.left},${M.top})">`,
    ...yTicks.map(
      (v) =>
        `<line x2="${innerW}" y1="${y(v)}" y2="${y(v)}" stroke="${escapeXml(theme.grid)}"/><text x="-8" y="${y(v)}" dy="0.32em" text-anchor="end" font-size="11" fill="${escapeXml(theme.muted)}">${escapeXml(yf(v))}</text>`,
    ),
    ...xTicks.map(
      (v) =>
        `<line x1="${x(v)}" x2="${x(v)}" y1="${innerH}" y2="${innerH + 5}" stroke="${escapeXml(theme.muted)}"/><text x="${x(v)}" y="${innerH + 18}" text-anchor="middle" font-size="11" fill="${escapeXml(theme.muted)}">${escapeXml(xf(v))}</text>`,
    ),
    `<line x2="${innerW}" y1="${innerH}" y2="${innerH}" stroke="${escapeXml(theme.muted)}"/>`,
    `<line y2="${innerH}" stroke="${escapeXml(theme.muted)}"/>`,
    `<text x="${innerW}" y="${innerH + 33}" text-anchor="end" font-size="11" fill="${escapeXml(theme.muted)}">${escapeXml(tr('plots:plot.time'))}</text>`,
    `<text transform="translate(-48,${innerH / 2}) rotate(-90)" text-anchor="middle" font-size="11" fill="${escapeXml(theme.muted)}">${escapeXml(p.unit)}</text>`,
    `<clipPath id="plot-area"><rect width="${innerW}" height="${innerH}"/></clipPath>`,
    `<g clip-path="url(#plot-area)">${data.elements()}</g>`,
    '</g>',
    '</svg>',
  ];
  return parts.join('\n');
}

function csvField(v: string): string {
  return /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/**
 * The plot's series over [t0, t1] as CSV, one row per point: run, series,
 * time in seconds, value in the plot's unit (and the end of a range).
 */
export function plotCsv(model: PlotModel, unit: string, t0: number, t1: number, widthPx: number): string {
  const rows = ['run,series,time_s,value,end,unit'];
  for (const layer of model.layers) {
    const d = layerData(layer, t0, t1, widthPx);
    if (!d) continue;
    const run = layer.run ?? 'A';
    const name = csvField(layer.label);
    for (let i = 0; i < d.timesMs.length; i++) {
      const t = d.timesMs[i] ?? 0;
      if (t < t0 || t > t1) continue;
      const v = (d.values[i] ?? 0) * d.scale;
      const end = d.ends ? String((d.ends[i] ?? 0) * d.scale) : '';
      rows.push(`${run},${name},${t / 1000},${v},${end},${csvField(layer.style === 'marker' ? 'event' : unit)}`);
    }
  }
  return `${rows.join('\n')}\n`;
}

/** Renders an SVG document to a PNG at `scale` times its size. */
export async function svgToPng(svg: string, width: number, height: number, scale = 2): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.decoding = 'sync';
    await new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error('the plot could not be rendered'));
      img.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2D canvas');
    ctx.scale(scale, scale);
    ctx.drawImage(img, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Saves a blob as a file, the browser's way. */
export function download(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // Give the download a moment to start before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file name from parts: "ackscope-seed000-wired-cwnd.svg". */
export function fileName(parts: readonly string[], ext: string): string {
  const base = ['ackscope', ...parts].map((p) => p.toLowerCase().replace(/[^a-z0-9.]+/g, '-').replace(/^-+|-+$/g, '')).filter(Boolean).join('-');
  return `${base}.${ext}`;
}
