// Canvas colours come from CSS custom properties, so a theme (a later dark
// mode) is a stylesheet change only.

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
  series: Record<string, string>;
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

export function readTheme(el: Element): Theme {
  const css = getComputedStyle(el);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  const flows: string[] = [];
  for (let i = 1; i <= 8; i++) flows.push(v(`--flow-${i}`, '#2f6fde'));
  const series: Record<string, string> = {};
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
