import { scaleLinear } from 'd3';
import { useTranslation } from 'react-i18next';
import { useEffect, useMemo, useRef, type PointerEvent } from 'react';
import { fitCanvas, readTheme, type LayerColour } from '../theme';
import { useServices, useThemeName, useTimeWindow, useView } from '../views/services';
import { useElementWidth } from '../views/useElementWidth';
import { Menu } from '../views/controls/Menu';
import { drawLayers } from './drawLayers';
import { download, fileName, plotCsv, plotSvg, svgToPng } from './exportPlot';
import { layerPoints, yDomain, type PlotLayer, type PlotModel } from './model';
import { axisMargins, axisUnit } from './axes';
import { unitLabel } from './registry';
import { cursorMotion } from './cursorMotion';
import { useTextSizes } from '../views/useViewScale';

export interface PlotProps {
  testId: string;
  title: string;
  /** Unit of the y axis, e.g. "segments". */
  unit: string;
  model: PlotModel;
  endMs: number;
  stepEndMs: number;
  /** The run is over: this is the final picture. */
  complete: boolean;
  /** Changes whenever the layers' data do. */
  dataVersion: number;
  height?: number;
  /** What the exports are named after, e.g. ["seed000/wired", "ftp", "cwnd"]. */
  exportName?: readonly string[];
  /** What the exported picture is of (scenario, flow, runs). */
  exportSubtitle?: string;
}

/**
 * A time plot: D3 computes scales and ticks, React renders the axes in SVG,
 * the series go on a canvas. Clicking or dragging moves the shared time
 * cursor; the wheel zooms, shift-drag pans, a double-click shows the whole run,
 * in every plot at once.
 */
export function Plot({ testId, title, unit, model, endMs, stepEndMs, complete, dataVersion, height = 200, exportName, exportSubtitle }: PlotProps) {
  const { playback, window: timeWindow } = useServices();
  const { t0, t1 } = useTimeWindow();
  const themeName = useThemeName();
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const figureRef = useRef<HTMLElement>(null);
  const cursorRef = useRef<SVGSVGElement>(null);
  const hitRef = useRef<SVGRectElement>(null);
  const drag = useRef<{ mode: 'scrub' | 'pan'; lastX: number } | null>(null);
  const { t } = useTranslation('plots');
  // Worded once per language and title, not at every redraw (a switch redraws every plot).
  const words = useMemo(
    () => ({
      export: t('plot.export'),
      exportNamed: t('plot.exportNamed', { title }),
      formats: (['png', 'svg', 'csv'] as const).map((f) => ({ format: f, label: t(`plot.${f}`), name: t('plot.exportAs', { title, format: f.toUpperCase() }) })),
      time: t('plot.time'),
      waiting: t('plot.waiting'),
    }),
    [t, title],
  );
  const width = useElementWidth(boxRef);
  const text = useTextSizes();
  const hasRun = endMs > 0;
  const { hideBands } = useView();
  const layers = useMemo(() => (hideBands ? model.layers.filter((l) => !isBand(l)) : model.layers), [model.layers, hideBands]);

  // Two passes: tick labels decide the margins, the margins the plot area.
  // The first pass uses a typical plot area; tick counts change little.
  const guessW = Math.max(10, width - 80);
  const guessH = Math.max(10, height - 60);
  // dataVersion: layer arrays grow in place while a run streams in.
  const [yMin, yMax] = useMemo(() => yDomain(model, t0, t1, endMs, guessW), [model, t0, t1, endMs, guessW, dataVersion]);
  // Tick labels of four digits at most: ms become s when they would need five.
  const yAxis = axisUnit(unit, Math.max(Math.abs(yMin), Math.abs(yMax)));
  // The axis unit is chosen in the data's own (English) unit, then shown in the interface language.
  const shownUnit = unitLabel(yAxis.unit);
  const ticksOf = (w: number, h: number) => {
    // Seconds on the time axis; the data are in ms.
    const xs = scaleLinear().domain([t0 / 1000, t1 / 1000]).range([0, w]);
    const ys = scaleLinear().domain([yMin * yAxis.factor, yMax * yAxis.factor]).range([h, 0]);
    const xt = xs.ticks(Math.max(2, Math.floor(w / (6 * text.tick + 20))));
    const yt = ys.ticks(Math.max(2, Math.floor(h / (3 * text.tick + 4))));
    return { xs, ys, xt, yt, xf: xs.tickFormat(xt.length), yf: ys.tickFormat(yt.length) };
  };
  const first = ticksOf(guessW, guessH);
  const margin = axisMargins(first.yt.map(first.yf), first.xt.map(first.xf), text);
  const innerW = Math.max(10, width - margin.left - margin.right);
  const innerH = Math.max(10, height - margin.top - margin.bottom);
  const { xs: x, ys: yShown, xt: xTicks, yt: yTicks, xf: xFormat, yf: yFormat } = ticksOf(innerW, innerH);
  // dataVersion: counts change as the run streams in.
  const points = useMemo(() => layerPoints(layers, t0, t1, innerW), [layers, t0, t1, innerW, dataVersion]);
  const tickStyle = { fontSize: text.tick };
  const axisStyle = { fontSize: text.axis };

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || width === 0) return;
    const ctx = fitCanvas(canvas, innerW, innerH);
    if (!ctx) return;
    const started = performance.now();
    drawLayers(ctx, layers, { width: innerW, height: innerH, t0, t1, yMin, yMax, stepEndMs }, readTheme(canvas));
    const fig = figureRef.current;
    // Set after drawing, so tests and benchmarks waiting on them see the final picture.
    fig?.setAttribute('data-draw-ms', (performance.now() - started).toFixed(2));
    fig?.setAttribute('data-view', `${Math.round(t0)},${Math.round(t1)}`);
    fig?.setAttribute('data-complete', complete ? 'true' : 'false');
    // themeName: colours are read from CSS variables, again after a theme change.
  }, [layers, innerW, innerH, width, t0, t1, yMin, yMax, stepEndMs, dataVersion, complete, themeName]);
  const xKey = `${t0},${t1},${innerW}`;

  useEffect(() => {
    const el = cursorRef.current;
    if (!el) return;
    let motion: Animation | null = null;
    const at = (ms: number) => `translate3d(${x(ms / 1000).toFixed(2)}px,0,0)`;
    // Placed again only when playback changes: while playing, the compositor moves it (see cursorMotion.ts).
    const place = () => {
      motion?.cancel();
      motion = null;
      const wall = performance.now();
      const m = cursorMotion(playback.getSnapshot(), playback.time(), t0, t1);
      if (m.kind === 'moving' && typeof el.animate === 'function') {
        // Hidden (opacity 0) before it enters the plot and after it leaves; transform and opacity only, so no frame touches the page.
        el.style.opacity = '0';
        motion = el.animate(
          [
            { transform: at(m.fromMs), opacity: 1 },
            { transform: at(m.toMs), opacity: 1 },
          ],
          { delay: m.delayMs, duration: m.durationMs, easing: 'linear', fill: m.holdAtEnd ? 'forwards' : 'none' },
        );
        // Anchored at the wall time the motion was computed for (the document's timeline counts from the same origin), not at the next frame's.
        motion.startTime = wall;
        return;
      }
      const shown = m.kind === 'moving' ? m.delayMs === 0 : m.kind === 'still';
      el.style.opacity = shown ? '1' : '0';
      if (m.kind !== 'hidden') el.style.transform = at(m.kind === 'still' ? m.atMs : m.fromMs);
    };
    place();
    const off = playback.subscribe(place);
    return () => {
      off();
      motion?.cancel();
    };
    // xKey: x is rebuilt every render; the motion needs setting up again only when its range or width changes.
  }, [playback, xKey, t0, t1]);

  // Wheel zoom needs a non-passive listener to keep the page from scrolling.
  useEffect(() => {
    const hit = hitRef.current;
    if (!hit || !hasRun) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const rect = hit.getBoundingClientRect();
      const center = x.invert(Math.min(Math.max(e.clientX - rect.left, 0), innerW)) * 1000;
      const delta = e.deltaMode === 1 ? e.deltaY * 30 : e.deltaY;
      timeWindow.zoomAt(center, Math.exp(delta * 0.002));
    };
    hit.addEventListener('wheel', onWheel, { passive: false });
    return () => hit.removeEventListener('wheel', onWheel);
  }, [xKey, innerW, hasRun, timeWindow, width]);

  // Exports show what is on screen: the same range, the same y axis, the same layers.
  const exportAs = async (kind: 'png' | 'svg' | 'csv') => {
    const name = exportName ?? [title];
    if (kind === 'csv') {
      download(new Blob([plotCsv(model, unit, t0, t1, innerW)], { type: 'text/csv' }), fileName(name, 'csv'));
      return;
    }
    const theme = readTheme(figureRef.current ?? document.body);
    const w = Math.max(width, 640);
    const h = height + 60;
    const svg = plotSvg({ title, subtitle: exportSubtitle ?? '', unit: unitLabel(unit), model, t0, t1, yMin, yMax, stepEndMs, width: w, height: h, theme });
    if (kind === 'svg') download(new Blob([svg], { type: 'image/svg+xml' }), fileName(name, 'svg'));
    else download(await svgToPng(svg, w, h, 2), fileName(name, 'png'));
  };

  const seekTo = (e: PointerEvent<SVGRectElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    const px = Math.min(Math.max(e.clientX - rect.left, 0), innerW);
    playback.seek(x.invert(px) * 1000);
  };

  return (
    <figure className="plot" ref={figureRef} data-testid={testId} data-points={points}>
      <figcaption className="plot-caption">
        <div className="plot-caption-row">
          <span className="plot-title">{title}</span>
          <PlotLegend layers={model.layers} />
          {exportName && (
            <Menu
              label={words.export}
              name={words.exportNamed}
              testId={`${testId}-export`}
              items={words.formats.map((f) => ({ label: f.label, name: f.name, run: () => void exportAs(f.format) }))}
            />
          )}
        </div>
      </figcaption>
      <div className="plot-box" ref={boxRef} style={{ height }}>
        {width > 0 && (
          <svg width={width} height={height} className="plot-svg" role="img" aria-label={t('plot.label', { title, unit: shownUnit })} data-y-unit={yAxis.unit}>
            <g transform={`translate(${margin.left},${margin.top})`}>
              {yTicks.map((v) => (
                <g key={`y${v}`} transform={`translate(0,${yShown(v)})`}>
                  <line x2={innerW} className="grid" />
                  <text x={-8} dy="0.32em" textAnchor="end" className="tick" style={tickStyle}>
                    {yFormat(v)}
                  </text>
                </g>
              ))}
              {xTicks.map((v) => (
                <g key={`x${v}`} transform={`translate(${x(v)},0)`}>
                  <line y1={innerH} y2={innerH + 5} className="axis" />
                  <text y={innerH + margin.xTickY} textAnchor="middle" className="tick" style={tickStyle}>
                    {xFormat(v)}
                  </text>
                </g>
              ))}
              <line x1={0} x2={innerW} y1={innerH} y2={innerH} className="axis" />
              <line x1={0} x2={0} y1={0} y2={innerH} className="axis" />
              <text x={innerW} y={innerH + margin.xTitleY} textAnchor="end" className="axis-label" style={axisStyle}>
                {words.time}
              </text>
              <text transform={`translate(${margin.yTitleX},${innerH / 2}) rotate(-90)`} textAnchor="middle" className="axis-label" style={axisStyle}>
                {shownUnit}
              </text>
              {!hasRun && (
                <text x={innerW / 2} y={innerH / 2} textAnchor="middle" className="placeholder" style={axisStyle}>
                  {words.waiting}
                </text>
              )}
            </g>
          </svg>
        )}
        {/* Grid below the data, the cursor above it. */}
        <canvas ref={canvasRef} className="plot-canvas" style={{ left: margin.left, top: margin.top }} aria-hidden="true" />
        {width > 0 && (
          <svg
            ref={cursorRef}
            className="plot-cursor"
            width={9}
            height={innerH + 8}
            style={{ left: margin.left - 4.5, top: margin.top - 8, opacity: 0 }}
            aria-hidden="true"
          >
            <line x1={4.5} x2={4.5} y1={4} y2={innerH + 8} />
            <path d="M0,0h9l-4.5,5z" />
          </svg>
        )}
        {width > 0 && (
          <svg width={width} height={height} className="plot-overlay" aria-hidden="true">
            <g transform={`translate(${margin.left},${margin.top})`}>
              <rect
                ref={hitRef}
                width={innerW}
                height={innerH}
                fill="transparent"
                className="plot-hit"
                onPointerDown={(e) => {
                  if (!hasRun) return;
                  e.currentTarget.setPointerCapture(e.pointerId);
                  const pan = e.shiftKey || e.button === 1;
                  drag.current = { mode: pan ? 'pan' : 'scrub', lastX: e.clientX };
                  if (!pan) seekTo(e);
                }}
                onPointerMove={(e) => {
                  const d = drag.current;
                  if (!d || !e.currentTarget.hasPointerCapture(e.pointerId)) return;
                  if (d.mode === 'scrub') seekTo(e);
                  else {
                    timeWindow.pan(((d.lastX - e.clientX) / innerW) * (t1 - t0));
                    d.lastX = e.clientX;
                  }
                }}
                onPointerUp={() => (drag.current = null)}
                onDoubleClick={() => timeWindow.reset()}
              />
            </g>
          </svg>
        )}
      </div>
    </figure>
  );
}

const isBand = (l: PlotLayer) => l.style === 'marker' && l.marker === 'band';

/** Whether a layer has anything to draw in this run (computed layers always may). */
export function layerPresent(l: PlotLayer): boolean {
  return l.compute !== undefined || (l.data !== null && l.data.timesMs.length > 0);
}

function PlotLegend({ layers }: { layers: readonly PlotLayer[] }) {
  const { view } = useServices();
  const { hideBands } = useView();
  const { t } = useTranslation('common');
  // Only what this run has: no "timeout (0)" in a run without timeouts.
  const a = layers.filter((l) => l.run !== 'B' && layerPresent(l));
  const compared = layers.some((l) => l.run === 'B');
  return (
    <ul className="legend">
      {a.map((l) =>
        isBand(l) ? (
          <li key={l.key}>
            <button type="button" className="legend-toggle" aria-pressed={!hideBands} title={t(hideBands ? 'layout.showBands' : 'layout.hideBands')} onClick={() => view.set({ hideBands: !hideBands })} data-testid="band-toggle">
              <LegendSwatch layer={l} />
              {l.label}
            </button>
          </li>
        ) : (
          <li key={l.key}>
            <LegendSwatch layer={l} />
            {l.label}
            {l.style === 'marker' && <span className="muted"> ({l.data?.timesMs.length ?? 0})</span>}
          </li>
        ),
      )}
      {compared && (
        <li className="legend-runs">
          <svg width="20" height="10" aria-hidden="true">
            <path d="M1 5h18" stroke="currentColor" strokeWidth="2" />
          </svg>
          A
          <svg width="20" height="10" aria-hidden="true">
            <path d="M1 5h18" stroke="currentColor" strokeWidth="2" strokeDasharray="5 3" />
          </svg>
          B
        </li>
      )}
    </ul>
  );
}

function colourVar(colour: LayerColour): string {
  return colour.startsWith('flow-') ? `var(--${colour})` : `var(--series-${colour})`;
}

function LegendSwatch({ layer }: { layer: PlotLayer }) {
  const colour = colourVar(layer.colour);
  if (layer.style === 'points')
    return (
      <svg width="18" height="10" aria-hidden="true">
        <rect x="3" y="3.5" width="3" height="3" fill={colour} />
        <rect x="11" y="3.5" width="3" height="3" fill={colour} />
      </svg>
    );
  if (layer.style === 'range')
    return (
      <svg width="14" height="12" aria-hidden="true">
        <path d="M4 2v8M10 1v8" stroke={colour} strokeWidth="2" />
      </svg>
    );
  if (layer.style === 'marks')
    return (
      <svg width="12" height="12" aria-hidden="true">
        {layer.mark === 'x' ? (
          <path d="M2.5 2.5l7 7M9.5 2.5l-7 7" stroke={colour} strokeWidth="1.8" />
        ) : layer.mark === 'diamond' ? (
          <path d="M6 1.5l4.5 4.5L6 10.5 1.5 6z" fill={colour} />
        ) : (
          <rect x="2.5" y="2.5" width="7" height="7" fill={colour} />
        )}
      </svg>
    );
  if (layer.style === 'marker') {
    if (layer.marker === 'band')
      return (
        <svg width="14" height="10" aria-hidden="true">
          <rect x="1" y="0" width="12" height="10" fill={colour} opacity="0.3" />
        </svg>
      );
    return (
      <svg width="12" height="10" aria-hidden="true">
        {layer.marker === 'cross' ? (
          <path d="M2 1l8 8M10 1l-8 8" stroke={colour} strokeWidth="2" />
        ) : layer.marker === 'diamond' ? (
          <path d="M6 0.5l4.5 4.5L6 9.5 1.5 5z" fill={colour} />
        ) : layer.marker === 'circle' ? (
          <circle cx="6" cy="5" r="4" fill={colour} />
        ) : (
          <path d="M1.5 1h9L6 9z" fill={colour} />
        )}
      </svg>
    );
  }
  return (
    <svg width="20" height="10" aria-hidden="true">
      <path d="M1 5h18" stroke={colour} strokeWidth="2" strokeDasharray={layer.dashed ? '4 2' : undefined} />
    </svg>
  );
}
