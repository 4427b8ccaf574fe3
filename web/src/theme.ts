// Canvas colours come from CSS custom properties, so the light and dark
// themes (themeStore.ts) are stylesheet changes only. Which colour each
// series quantity is drawn in is decided once, here.

import type { SeriesQuantity } from './generated/types';

export interface Theme {
  font: string;
  text: string;
  muted: string;
  surface: string;
  grid: string;
  lane: string;
  nodeFill: string;
  nodeStroke: string;
  queueOutline: string;
  data: string;
  ack: string;
  retx: string;
  drop: string;
  corrupt: string;
  ecn: string;
  middlebox: string;
  datagram: string;
  cursor: string;
  flows: string[];
  series: Partial<Record<SeriesColour, string>>;
}

export const SERIES_VARS = [
  'cwnd',
  'ssthresh',
  'fast-retransmit',
  'timeout',
  'spurious',
  'ecn',
  'outage',
  'rtt',
  'srtt',
  'rto',
  'owd',
  'owd-est',
  'throughput',
  'goodput',
  'segment',
  'retx',
  'local-retx',
  'ack-line',
  'sack',
  'window',
  'spoofed',
  'leg2',
] as const;

/** A series colour: the CSS custom property `--series-<colour>`. */
export type SeriesColour = (typeof SERIES_VARS)[number];

/** A plot layer's colour: a series colour, or the n-th flow colour (`--flow-<n>`, from 1). */
export type LayerColour = SeriesColour | `flow-${number}`;

/**
 * The colour each engine series quantity is drawn in. `owner`: one line per
 * owner (queues, buffers), each in the next flow colour. Exhaustive, so a
 * quantity the engine adds does not compile until it has one.
 */
export const QUANTITY_COLOURS: Record<SeriesQuantity, SeriesColour | 'owner'> = {
  cwnd: 'cwnd',
  ssthresh: 'ssthresh',
  rtt: 'rtt',
  srtt: 'srtt',
  rto: 'rto',
  fast_retransmit: 'fast-retransmit',
  timeout: 'timeout',
  ecn_echo: 'ecn',
  owd_fwd_est: 'owd-est',
  rtt_half: 'srtt',
  pacing_rate: 'throughput',
  btl_bw: 'goodput',
  min_rtt: 'owd-est',
  delivered: 'goodput',
  owd_fwd: 'owd',
  spurious_timeout: 'spurious',
  queue: 'owner',
  red_avg: 'owner',
  outage: 'outage',
  sojourn: 'owner',
  aqm_drop: 'timeout',
  aqm_mark: 'ecn',
  pie_prob: 'owner',
  snoop_cache: 'owner',
  proxy_buffer: 'owner',
  proxy_buffer_limit: 'owner',
};

/** The colour of a quantity's series; `ownerIndex` picks the flow colour of per-owner quantities. */
export function quantityColour(quantity: SeriesQuantity, ownerIndex = 0): LayerColour {
  // A quantity from a newer engine than this table is drawn per owner.
  const c = QUANTITY_COLOURS[quantity] ?? 'owner';
  return c === 'owner' ? `flow-${(ownerIndex % 8) + 1}` : c;
}

/** The theme last read, by what decides it (see readTheme). */
let lastTheme: { key: string; theme: Theme } | null = null;

/**
 * The page's colours and font, from its CSS variables. They are all set on
 * the root (by data-theme and lang), so they are read there once per theme
 * and language: reading computed styles after the DOM changed forces a style
 * recalculation of the whole page (tens of ms on a switch that redraws every
 * plot), once per canvas.
 */
export function readTheme(el: Element): Theme {
  const root = el.ownerDocument.documentElement;
  const key = `${root.getAttribute('data-theme') ?? ''}|${root.lang}`;
  if (lastTheme?.key === key) return lastTheme.theme;
  const theme = computeTheme(root);
  lastTheme = { key, theme };
  return theme;
}

function computeTheme(el: Element): Theme {
  const css = getComputedStyle(el);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  const flows: string[] = [];
  for (let i = 1; i <= 8; i++) flows.push(v(`--flow-${i}`, '#2f6fde'));
  const series: Partial<Record<SeriesColour, string>> = {};
  for (const s of SERIES_VARS) series[s] = v(`--series-${s}`, '#2f6fde');
  return {
    font: v('--font-sans', 'system-ui, sans-serif'),
    text: v('--text', '#1d2430'),
    muted: v('--text-muted', '#5b6472'),
    surface: v('--surface', '#ffffff'),
    grid: v('--grid', '#eceff3'),
    lane: v('--lane', '#cfd5dd'),
    nodeFill: v('--node-fill', '#eef2f7'),
    nodeStroke: v('--node-stroke', '#3b4656'),
    queueOutline: v('--queue-outline', '#9aa4b2'),
    data: v('--pkt-data', '#2f6fde'),
    ack: v('--pkt-ack', '#13a37f'),
    retx: v('--pkt-retx', '#e8590c'),
    drop: v('--loss-drop', '#e03131'),
    corrupt: v('--loss-corrupt', '#c2255c'),
    ecn: v('--pkt-ecn', '#7048e8'),
    middlebox: v('--pkt-middlebox', '#0b7285'),
    datagram: v('--pkt-datagram', '#5c940d'),
    cursor: v('--cursor', '#e8590c'),
    flows,
    series,
  };
}

/** Sizes a canvas for its CSS box at the device pixel ratio; returns the 2D context scaled to CSS pixels. */
export function fitCanvas(canvas: HTMLCanvasElement, width: number, height: number): CanvasRenderingContext2D | null {
  const dpr = Math.max(1, window.devicePixelRatio || 1);
  const w = Math.max(1, Math.round(width * dpr));
  const h = Math.max(1, Math.round(height * dpr));
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
  }
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  const ctx = canvas.getContext('2d');
  ctx?.setTransform(dpr, 0, 0, dpr, 0, 0);
  return ctx;
}
