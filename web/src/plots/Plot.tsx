import { scaleLinear } from 'd3';
import { useEffect, useMemo, useRef, type PointerEvent } from 'react';
import { fitCanvas, readTheme } from '../theme';
import { useServices } from '../views/services';
import { useElementWidth } from '../views/useElementWidth';
import { drawLayers } from './drawLayers';
import { layerPoints, type PlotLayer } from './model';

export interface PlotProps {
  testId: string;
  title: string;
  /** Unit of the y axis, e.g. "segments". */
  unit: string;
  layers: PlotLayer[];
  yMax: number;
  endMs: number;
  stepEndMs: number;
  /** The run is over: this is the final picture. */
  complete: boolean;
  /** Changes whenever the layers' data do. */
  dataVersion: number;
  height?: number;
}

const MARGIN = { top: 12, right: 16, bottom: 34, left: 58 };

/**
 * A time plot: D3 computes scales and ticks, React renders the axes in SVG,
 * the series go on a canvas. Clicking or dragging moves the shared time cursor.
 */
export function Plot({ testId, title, unit, layers, yMax, endMs, stepEndMs, complete, dataVersion, height = 200 }: PlotProps) {
  const { playback } = useServices();
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const figureRef = useRef<HTMLElement>(null);
  const cursorRef = useRef<SVGGElement>(null);
  const width = useElementWidth(boxRef);
  const innerW = Math.max(10, width - MARGIN.left - MARGIN.right);
  const innerH = Math.max(10, height - MARGIN.top - MARGIN.bottom);
  const hasRun = endMs > 0;

  // Seconds on the axis; the data are in ms.
  const x = useMemo(() => scaleLinear().domain([0, Math.max(endMs, 1) / 1000]).range([0, innerW]), [endMs, innerW]);
  const y = useMemo(() => scaleLinear().domain([0, yMax]).range([innerH, 0]), [yMax, innerH]);
  const xTicks = x.ticks(Math.max(2, Math.floor(innerW / 70)));
  const yTicks = y.ticks(Math.max(2, Math.floor(innerH / 40)));
  const xFormat = x.tickFormat(xTicks.length);
  const yFormat = y.tickFormat(yTicks.length);
  const points = layerPoints(layers);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || width === 0) return;
    const ctx = fitCanvas(canvas, innerW, innerH);
    if (!ctx) return;
    drawLayers(ctx, layers, { width: innerW, height: innerH, t0: 0, t1: Math.max(endMs, 1), yMax, stepEndMs }, readTheme(canvas));
    // Set after drawing, so tests waiting on it see the final picture.
    figureRef.current?.setAttribute('data-complete', complete ? 'true' : 'false');
    // dataVersion: the layers' arrays grow in place while a run streams in.
  }, [layers, innerW, innerH, width, endMs, yMax, stepEndMs, dataVersion, complete]);

  useEffect(
    () =>
      playback.onFrame((t) => {
        cursorRef.current?.setAttribute('transform', `translate(${x(t / 1000)},0)`);
      }),
    [playback, x],
  );

  const seekTo = (e: PointerEvent<SVGRectElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    const px = Math.min(Math.max(e.clientX - rect.left, 0), innerW);
    playback.seek(x.invert(px) * 1000);
  };

  return (
    <figure className="plot" ref={figureRef} data-testid={testId} data-points={points}>
      <figcaption className="plot-caption">
        <span className="plot-title">{title}</span>
        <PlotLegend layers={layers} />
      </figcaption>
      <div className="plot-box" ref={boxRef} style={{ height }}>
        {width > 0 && (
          <svg width={width} height={height} className="plot-svg" role="img" aria-label={`${title}, ${unit}, over time in seconds`}>
            <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
              {yTicks.map((v) => (
                <g key={`y${v}`} transform={`translate(0,${y(v)})`}>
                  <line x2={innerW} className="grid" />
                  <text x={-8} dy="0.32em" textAnchor="end" className="tick">
                    {yFormat(v)}
                  </text>
                </g>
              ))}
              {xTicks.map((v) => (
                <g key={`x${v}`} transform={`translate(${x(v)},0)`}>
                  <line y1={innerH} y2={innerH + 5} className="axis" />
                  <text y={innerH + 18} textAnchor="middle" className="tick">
                    {xFormat(v)}
                  </text>
                </g>
              ))}
              <line x1={0} x2={innerW} y1={innerH} y2={innerH} className="axis" />
              <line x1={0} x2={0} y1={0} y2={innerH} className="axis" />
              <text x={innerW} y={innerH + 31} textAnchor="end" className="axis-label">
                time (s)
              </text>
              <text transform={`translate(${-46},${innerH / 2}) rotate(-90)`} textAnchor="middle" className="axis-label">
                {unit}
              </text>
              {!hasRun && (
                <text x={innerW / 2} y={innerH / 2} textAnchor="middle" className="placeholder">
                  Waiting for the run…
                </text>
              )}
            </g>
          </svg>
        )}
        {/* Grid below the data, the cursor above it. */}
        <canvas ref={canvasRef} className="plot-canvas" style={{ left: MARGIN.left, top: MARGIN.top }} aria-hidden="true" />
        {width > 0 && (
          <svg width={width} height={height} className="plot-overlay" aria-hidden="true">
            <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
              <g ref={cursorRef} className="cursor" transform="translate(0,0)" pointerEvents="none">
                <line y1={-4} y2={innerH} />
                <path d="M-4.5,-8h9l-4.5,5z" />
              </g>
              <rect
                width={innerW}
                height={innerH}
                fill="transparent"
                className="plot-hit"
                onPointerDown={(e) => {
                  if (!hasRun) return;
                  e.currentTarget.setPointerCapture(e.pointerId);
                  seekTo(e);
                }}
                onPointerMove={(e) => {
                  if (e.currentTarget.hasPointerCapture(e.pointerId)) seekTo(e);
                }}
              />
            </g>
          </svg>
        )}
      </div>
    </figure>
  );
}

function PlotLegend({ layers }: { layers: PlotLayer[] }) {
  return (
    <ul className="legend">
      {layers.map((l) => (
        <li key={l.key}>
          <LegendSwatch layer={l} />
          {l.label}
          {l.style === 'marker' && <span className="muted"> ({l.data?.timesMs.length ?? 0})</span>}
        </li>
      ))}
    </ul>
  );
}

function LegendSwatch({ layer }: { layer: PlotLayer }) {
  const colour = `var(--series-${layer.colour})`;
  if (layer.style === 'points')
    return (
      <svg width="18" height="10" aria-hidden="true">
        <rect x="3" y="3.5" width="3" height="3" fill={colour} />
        <rect x="11" y="3.5" width="3" height="3" fill={colour} />
      </svg>
    );
  if (layer.style === 'marker')
    return (
      <svg width="12" height="10" aria-hidden="true">
        {layer.marker === 'cross' ? (
          <path d="M2 1l8 8M10 1l-8 8" stroke={colour} strokeWidth="2" />
        ) : (
          <path d="M1.5 1h9L6 9z" fill={colour} />
        )}
      </svg>
    );
  return (
    <svg width="20" height="10" aria-hidden="true">
      <path d="M1 5h18" stroke={colour} strokeWidth="2" strokeDasharray={layer.dashed ? '4 2' : undefined} />
    </svg>
  );
}
