// Every plot the app can show: what it draws from a run, for the selected
// flow or for the whole network. Series are found by owner and quantity (the
// engine's typed names, see engine/seriesNames.ts), so a series the engine
// adds later appears where it belongs (a marker on the cwnd plot, a queue
// line) or, if no plot claims it, in a plot of its own. Colours come from the
// theme's table of quantities.

import { parseOwner, seriesName } from '../engine/seriesNames';
import { SERIES_QUANTITIES } from '../generated/seriesVocabulary';
import type { SeriesInfo, SeriesQuantity } from '../generated/types';
import { t as tr } from '../i18n';
import type { RunStore, SeriesView } from '../state/runStore';
import { quantityColour } from '../theme';
import type { FlowTrace } from './flowData';
import { asData, cwndDomainMax, maxValue, niceMax, rttDomainMaxMs, visibleRange, type PlotLayer, type PlotModel } from './model';
import { binWidthMs, rateFromCounter, rateFromCumulative } from './throughput';

export interface PlotInputs {
  store: RunStore;
  /** The selected flow (index and id), or null when the run has none. */
  flow: { index: number; id: string } | null;
  /** The flow's trace-derived data (computed on first use). */
  flowTrace: () => FlowTrace | null;
  /** Where the run's data end (ms). */
  endMs: number;
}

export interface PlotDef {
  id: string;
  title: string;
  /** The y axis label. */
  unit: string;
  /** A flow plot follows the flow selector; a network plot shows every link or node. */
  scope: 'flow' | 'network';
  /** Series quantities it draws (so no other plot shows them again). */
  quantities: readonly SeriesQuantity[];
  /** Spans the whole width of the panel. */
  wide?: boolean;
  /** Shown unless the URL says otherwise. */
  defaultOn: boolean;
  /** Only for TCP flows (a datagram flow has no window or RTT). */
  tcpOnly?: boolean;
  /** Whether this run has anything for it. */
  available(series: readonly SeriesInfo[], hasTrace: boolean): boolean;
  build(inputs: PlotInputs): PlotModel;
}

function flowSeries(inputs: PlotInputs, quantity: SeriesQuantity): SeriesView | null {
  return inputs.flow ? inputs.store.seriesByName(seriesName({ kind: 'flow', flow: inputs.flow.id }, quantity)) : null;
}

function has(series: readonly SeriesInfo[], quantity: SeriesQuantity): boolean {
  return series.some((s) => s.quantity === quantity);
}

/** Series of a quantity over every owner (links, nodes), in the engine's order. */
function allOf(store: RunStore, quantity: SeriesQuantity): SeriesView[] {
  const out: SeriesView[] = [];
  store.getMeta().seriesInfo.forEach((info, id) => {
    if (info.quantity !== quantity) return;
    const v = store.seriesView(id);
    if (v) out.push(v);
  });
  return out;
}

/** The selected flow's series a middlebox's own sender records (owner `middleboxes.<mb>.<flow>`). */
function secondLegs(inputs: PlotInputs, quantity: SeriesQuantity): SeriesView[] {
  const flow = inputs.flow;
  if (!flow) return [];
  return allOf(inputs.store, quantity).filter((s) => {
    const owner = parseOwner(s.info.owner);
    return owner?.kind === 'middlebox_flow' && owner.flow === flow.id && s.timesMs.length > 0;
  });
}

/** "middleboxes.pep.ftp" -> "second leg from pep". */
function legLabel(owner: string): string {
  const o = parseOwner(owner);
  return tr('plots:layers.secondLeg', { proxy: o?.kind === 'middlebox_flow' ? o.middlebox : owner });
}

/** A plot's title in the current language (series plots are named by their quantity). */
export function plotTitle(def: PlotDef): string {
  return tr(`plots:titles.${def.id}`, { defaultValue: def.title });
}

/** An axis unit in the current language ("segments (×1000)" keeps its multiplier). */
export function unitLabel(unit: string): string {
  const times = ' (\u00d71000)';
  if (unit.endsWith(times)) return `${unitLabel(unit.slice(0, -times.length))}${times}`;
  return unit === '' ? '' : tr(`plots:units.${unit}`, { defaultValue: unit });
}

/** The flow variant of constant-bit-rate datagrams (no TCP sender). */
const DATAGRAM_VARIANT = 'cbr';

/**
 * The series a flow plot may use: the flow's own and those of no flow (link
 * outages). A datagram flow's TCP series (registered, never written) are left out.
 */
function seriesForFlow(series: readonly SeriesInfo[], flow: { id: string; variant: string } | null): readonly SeriesInfo[] {
  if (flow === null) return series;
  return series.filter((s) => {
    const owner = parseOwner(s.owner);
    return owner?.kind !== 'flow' || owner.flow === flow.id;
  });
}

/** "links.bottleneck.forward" -> "bottleneck →"; "nodes.bs" -> "bs"; "middleboxes.pep.ftp" -> "pep.ftp". */
export function ownerLabel(owner: string): string {
  const o = parseOwner(owner);
  switch (o?.kind) {
    case 'channel':
      return `${o.link} ${o.direction === 'forward' ? '\u2192' : o.direction === 'reverse' ? '\u2190' : o.direction}`;
    case 'flow':
      return o.flow;
    case 'node':
      return o.node;
    case 'middlebox':
      return o.middlebox;
    case 'middlebox_flow':
      return `${o.middlebox}.${o.flow}`;
    default:
      return owner;
  }
}

/** Flow-scoped marker layers: the TCP events of the cwnd plot. */
const CWND_MARKERS: { quantity: SeriesQuantity; marker: PlotLayer['marker']; always: boolean }[] = [
  { quantity: 'fast_retransmit', marker: 'triangle', always: true },
  { quantity: 'timeout', marker: 'cross', always: true },
  { quantity: 'spurious_timeout', marker: 'diamond', always: false },
  { quantity: 'ecn_echo', marker: 'circle', always: false },
];

const cwnd: PlotDef = {
  id: 'cwnd',
  title: 'Congestion window',
  unit: 'segments',
  scope: 'flow',
  quantities: ['cwnd', 'ssthresh', ...CWND_MARKERS.map((m) => m.quantity), 'outage'],
  defaultOn: true,
  tcpOnly: true,
  available: (s) => has(s, 'cwnd'),
  build(inputs) {
    const cw = flowSeries(inputs, 'cwnd');
    const ss = flowSeries(inputs, 'ssthresh');
    const layers: PlotLayer[] = [
      { key: 'cwnd', label: 'cwnd', colour: quantityColour('cwnd'), style: 'step', data: asData(cw) },
      // ssthresh starts effectively infinite: drawn clipped, left out of the zoomed scale.
      { key: 'ssthresh', label: 'ssthresh', colour: quantityColour('ssthresh'), style: 'step', dashed: true, data: asData(ss), outOfScale: true },
    ];
    for (const m of CWND_MARKERS) {
      const s = flowSeries(inputs, m.quantity);
      // Markers the engine records; the rarer ones only when they happened (no "ECN echo (0)" without ECN).
      if (s && (m.always || s.timesMs.length > 0)) layers.push({ key: m.quantity, label: tr(`plots:layers.${m.quantity}`), colour: quantityColour(m.quantity), style: 'marker', marker: m.marker, data: asData(s) });
    }
    // A split proxy's second leg of this flow: its own sender, from the proxy on.
    for (const leg of secondLegs(inputs, 'cwnd')) {
      layers.push({ key: `leg2:${leg.info.owner}`, label: legLabel(leg.info.owner), colour: 'leg2', style: 'step', data: asData(leg) });
    }
    // Handoffs and outages of any link shade the plot.
    for (const s of allOf(inputs.store, 'outage')) {
      layers.push({ key: `outage:${s.info.owner}`, label: tr('plots:layers.outage', { owner: ownerLabel(s.info.owner) }), colour: quantityColour('outage'), style: 'marker', marker: 'band', data: asData(s) });
    }
    const legMax = Math.max(0, ...secondLegs(inputs, 'cwnd').map((l) => maxValue(l)));
    const yMax = Math.max(cwndDomainMax(cw, ss), legMax > 0 ? niceMax(legMax * 1.08) : 0);
    return { layers, yMin: 0, yMax, fit: 'zero' };
  },
};

const rtt: PlotDef = {
  id: 'rtt',
  title: 'Round-trip time',
  unit: 'ms',
  scope: 'flow',
  quantities: ['rtt', 'srtt', 'rto', 'min_rtt'],
  defaultOn: true,
  tcpOnly: true,
  available: (s) => has(s, 'rtt') || has(s, 'srtt'),
  build(inputs) {
    const r = flowSeries(inputs, 'rtt');
    const srtt = flowSeries(inputs, 'srtt');
    const rto = flowSeries(inputs, 'rto');
    const minRtt = flowSeries(inputs, 'min_rtt');
    const layers: PlotLayer[] = [
      { key: 'rtt', label: tr('plots:layers.rttSamples'), colour: quantityColour('rtt'), style: 'points', data: asData(r, 1000) },
      { key: 'srtt', label: 'SRTT', colour: quantityColour('srtt'), style: 'step', data: asData(srtt, 1000) },
      { key: 'rto', label: 'RTO', colour: quantityColour('rto'), style: 'step', dashed: true, data: asData(rto, 1000), outOfScale: true },
    ];
    // BBR's min-RTT estimate, the propagation delay it believes in.
    if (minRtt && minRtt.timesMs.length > 0) {
      layers.push({ key: 'min_rtt', label: tr('tcp:plots.minRtt'), colour: quantityColour('min_rtt'), style: 'step', dashed: true, data: asData(minRtt, 1000) });
    }
    return {
      layers,
      yMin: 0,
      yMax: rttDomainMaxMs(r, srtt, rto),
      fit: 'zero',
    };
  },
};

const owd: PlotDef = {
  id: 'owd',
  title: 'One-way delay',
  unit: 'ms',
  scope: 'flow',
  quantities: ['owd_fwd', 'owd_fwd_est', 'rtt_half'],
  defaultOn: true,
  available: (s) => has(s, 'owd_fwd') || has(s, 'owd_fwd_est'),
  build(inputs) {
    const fwd = flowSeries(inputs, 'owd_fwd');
    const est = flowSeries(inputs, 'owd_fwd_est');
    const srtt = flowSeries(inputs, 'srtt');
    const layers: PlotLayer[] = [{ key: 'owd_fwd', label: tr('plots:layers.trueForward'), colour: quantityColour('owd_fwd'), style: 'points', data: asData(fwd, 1000) }];
    // The estimator's points exist only when it is on (seed 004).
    if (est && est.timesMs.length > 0) layers.push({ key: 'owd_fwd_est', label: tr('plots:layers.estimatedForward'), colour: quantityColour('owd_fwd_est'), style: 'points', under: true, data: asData(est, 1000) });
    // RTT/2: what a sender without one-way measurements would assume; the engine's
    // per-sample series when it records one, else half the smoothed RTT.
    const half = flowSeries(inputs, 'rtt_half');
    if (half && half.timesMs.length > 0) layers.push({ key: 'rtt_half', label: 'RTT/2', colour: quantityColour('rtt_half'), style: 'points', data: asData(half, 1000) });
    else layers.push({ key: 'half_rtt', label: tr('plots:layers.halfSrtt'), colour: quantityColour('srtt'), style: 'step', dashed: true, data: asData(srtt, 500) });
    const max = Math.max(maxValue(fwd), maxValue(est), half && half.timesMs.length > 0 ? maxValue(half) : maxValue(srtt) / 2) * 1000;
    return { layers, yMin: 0, yMax: niceMax(Math.max(max, 1) * 1.08), fit: 'zero' };
  },
};

/** A paced sender's rate and BBR's bottleneck bandwidth estimate, in Mbit/s on the wire. */
const pacing: PlotDef = {
  id: 'pacing',
  get title() {
    return tr('tcp:plots.pacing.title');
  },
  unit: 'Mbit/s',
  scope: 'flow',
  quantities: ['pacing_rate', 'btl_bw'],
  defaultOn: true,
  tcpOnly: true,
  available: (s) => has(s, 'pacing_rate') || has(s, 'btl_bw'),
  build(inputs) {
    const rate = flowSeries(inputs, 'pacing_rate');
    const bw = flowSeries(inputs, 'btl_bw');
    const layers: PlotLayer[] = [
      { key: 'pacing_rate', label: tr('tcp:plots.pacing.pacingRate'), colour: quantityColour('pacing_rate'), style: 'step', data: asData(rate, 1e-6) },
    ];
    if (bw) layers.push({ key: 'btl_bw', label: tr('tcp:plots.pacing.bandwidth'), colour: quantityColour('btl_bw'), style: 'step', dashed: true, data: asData(bw, 1e-6) });
    const max = Math.max(maxValue(rate), maxValue(bw)) * 1e-6;
    return { layers, yMin: 0, yMax: niceMax(Math.max(max, 1e-6) * 1.08), fit: 'zero' };
  },
};

/** Throughput in kbit/s for slow flows, Mbit/s for fast ones. */
function rateUnit(ft: FlowTrace | null, endMs: number): { unit: string; scale: number } {
  const bytes = ft?.received.cumBytes.at(-1) ?? 0;
  const mean = endMs > 0 ? (bytes * 8) / (endMs / 1000) : 0;
  return mean >= 2e6 ? { unit: 'Mbit/s', scale: 1e-6 } : { unit: 'kbit/s', scale: 1e-3 };
}

const tput: PlotDef = {
  id: 'tput',
  title: 'Throughput and goodput',
  unit: 'kbit/s',
  scope: 'flow',
  quantities: ['delivered'],
  defaultOn: true,
  available: (s, hasTrace) => hasTrace || has(s, 'delivered'),
  build(inputs) {
    const ft = inputs.flowTrace();
    const delivered = flowSeries(inputs, 'delivered');
    const { unit, scale } = rateUnit(ft, inputs.endMs);
    // Bins follow the zoom: about one per six pixels.
    const bin = (t0: number, t1: number, w: number) => binWidthMs(t1 - t0, Math.max(10, w / 6));
    const layers: PlotLayer[] = [
      {
        key: 'throughput',
        label: tr('plots:layers.throughput'),
        colour: 'throughput',
        style: 'step',
        data: null,
        compute: ft
          ? (t0, t1, w) => asData(rateFromCumulative(ft.received.timesMs, ft.received.cumBytes, t0, t1, bin(t0, t1, w)), scale)
          : undefined,
      },
      {
        key: 'goodput',
        label: tr('plots:layers.goodput'),
        // Goodput is the rate of the delivered counter.
        colour: quantityColour('delivered'),
        style: 'step',
        // Dashed over throughput: without losses the two coincide.
        dashed: true,
        data: null,
        compute: delivered
          ? (t0, t1, w) => asData(rateFromCounter(delivered.timesMs, delivered.values, t0, t1, bin(t0, t1, w)), scale)
          : undefined,
      },
    ];
    const whole = visibleRange(layers, 0, Math.max(inputs.endMs, 1), 600);
    // The bins follow the plot's width, so their peaks do too: fit the axis to what is drawn.
    return { layers, yMin: 0, yMax: niceMax(Math.max(whole?.[1] ?? 0, 1e-9) * 1.08), fit: 'zero', fitWhole: true, unit };
  },
};

const tseq: PlotDef = {
  id: 'tseq',
  title: 'Time-sequence (tcptrace)',
  unit: 'segment number',
  scope: 'flow',
  quantities: [],
  wide: true,
  defaultOn: true,
  available: (_s, hasTrace) => hasTrace,
  build(inputs) {
    const ft = inputs.flowTrace();
    const candidates: PlotLayer[] = ft
      ? [
          { key: 'window', label: tr('plots:layers.window'), colour: 'window', style: 'step', data: asData(ft.window), outOfScale: true },
          { key: 'acks', label: 'ACK', colour: 'ack-line', style: 'step', data: asData(ft.acks) },
          { key: 'sack', label: tr('plots:layers.sack'), colour: 'sack', style: 'range', data: asData(ft.sack) },
          { key: 'sent', label: tr('plots:layers.sent'), colour: 'segment', style: 'range', data: asData(ft.sent) },
          { key: 'retx', label: tr('plots:layers.retx'), colour: 'retx', style: 'range', data: asData(ft.retransmitted) },
          { key: 'local', label: tr('plots:layers.local'), colour: 'local-retx', style: 'marks', mark: 'diamond', data: asData(ft.localRetransmitted) },
          { key: 'spoofed', label: tr('plots:layers.spoofed'), colour: 'spoofed', style: 'marks', mark: 'square', data: asData(ft.spoofedAcks) },
          { key: 'lost', label: tr('plots:layers.lost'), colour: 'timeout', style: 'marks', mark: 'x', data: asData(ft.lost) },
        ]
      : [];
    // Kinds this run has (no legend entry for SACK blocks without SACK).
    const layers = candidates.filter((l) => (l.data?.timesMs.length ?? 0) > 0 || l.key === 'sent' || l.key === 'acks');
    const whole = visibleRange(layers, 0, Math.max(inputs.endMs, 1), 600);
    return { layers, yMin: 0, yMax: niceMax(Math.max((whole?.[1] ?? 0) + 1, 1) * 1.04), fit: 'range' };
  },
};

/** A series drawn over another one's plot rather than in a plot of its own. */
interface Overlay {
  quantity: SeriesQuantity;
  /** Only when its unit is the plot's. */
  unit: string;
  /** Catalog key of its label (plots:layers.<key>). */
  labelKey: string;
}

/** RED's average queue (packets mode) over the queue it governs. */
const RED_AVERAGE: Overlay = { quantity: 'red_avg', unit: SERIES_QUANTITIES.queue.unit, labelKey: 'redAverage' };

/** A split proxy's buffer limit (all its connections) over what it holds. */
const PROXY_LIMIT: Overlay = { quantity: 'proxy_buffer_limit', unit: SERIES_QUANTITIES.proxy_buffer.unit, labelKey: 'bufferLimit' };

function networkPlot(id: string, title: string, quantity: SeriesQuantity, defaultOn: boolean, overlay?: Overlay): PlotDef {
  return {
    id,
    title,
    unit: '',
    scope: 'network',
    quantities: [quantity],
    defaultOn,
    available: (s) => has(s, quantity),
    build(inputs) {
      const series = allOf(inputs.store, quantity);
      // Only owners that ever hold something: a dumbbell has dozens of idle queues.
      const busy = series.filter((s) => maxValue(s) > 0);
      const shown = busy.length > 0 ? busy : series.slice(0, 1);
      const layers: PlotLayer[] = shown.flatMap((s, i) => {
        const colour = quantityColour(quantity, i);
        const own: PlotLayer = {
          key: s.info.name,
          label: ownerLabel(s.info.owner),
          colour,
          style: s.info.style === 'points' ? 'points' : s.info.style === 'marker' ? 'marker' : 'step',
          data: asData(s),
        };
        const extra = overlay ? inputs.store.seriesByName(seriesName(s.info.owner, overlay.quantity)) : null;
        if (!overlay || !extra || extra.info.unit !== overlay.unit) return [own];
        const label = `${ownerLabel(s.info.owner)} ${tr(`plots:layers.${overlay.labelKey}`)}`;
        return [own, { key: extra.info.name, label, colour, style: 'step', dashed: true, data: asData(extra) }];
      });
      const limits = overlay === PROXY_LIMIT ? shown.map((s) => inputs.store.seriesByName(seriesName(s.info.owner, PROXY_LIMIT.quantity))) : [];
      const max = Math.max(...shown.map((s) => maxValue(s)), ...limits.map((l) => (l ? maxValue(l) : 0)), 0);
      return { layers, yMin: 0, yMax: niceMax(Math.max(max, 1) * 1.08), fit: 'zero' };
    },
  };
}

/**
 * CoDel, FQ-CoDel and PIE queues: each packet's sojourn time as it leaves,
 * and the drops and ECN marks set at the delay the packet saw.
 */
const sojourn: PlotDef = {
  id: 'sojourn',
  get title() {
    return tr('aqm:sojourn.title');
  },
  unit: 'ms',
  scope: 'network',
  quantities: ['sojourn', 'aqm_drop', 'aqm_mark'],
  defaultOn: true,
  available: (s) => has(s, 'sojourn'),
  build(inputs) {
    const layers: PlotLayer[] = [];
    let max = 0;
    allOf(inputs.store, 'sojourn').forEach((s, i) => {
      const owner = ownerLabel(s.info.owner);
      layers.push({ key: s.info.name, label: owner, colour: quantityColour('sojourn', i), style: 'points', data: asData(s, 1000) });
      max = Math.max(max, maxValue(s));
      const events: { quantity: SeriesQuantity; label: string; mark: 'x' | 'diamond' }[] = [
        { quantity: 'aqm_drop', label: 'drops', mark: 'x' },
        { quantity: 'aqm_mark', label: 'marks', mark: 'diamond' },
      ];
      for (const e of events) {
        const v = inputs.store.seriesByName(seriesName(s.info.owner, e.quantity));
        if (!v || v.timesMs.length === 0) continue;
        layers.push({ key: v.info.name, label: `${owner} ${tr(`aqm:sojourn.${e.label}`)}`, colour: quantityColour(e.quantity), style: 'marks', mark: e.mark, data: asData(v, 1000) });
      }
    });
    return { layers, yMin: 0, yMax: niceMax(Math.max(max * 1000, 1) * 1.08), fit: 'zero' };
  },
};

export const PLOTS: readonly PlotDef[] = [
  cwnd,
  rtt,
  tseq,
  tput,
  pacing,
  owd,
  { ...networkPlot('queue', 'Queue occupancy', 'queue', true, RED_AVERAGE), unit: SERIES_QUANTITIES.queue.unit },
  sojourn,
  { ...networkPlot('proxy', 'Proxy buffer', 'proxy_buffer', true, PROXY_LIMIT), unit: SERIES_QUANTITIES.proxy_buffer.unit },
  { ...networkPlot('snoop', 'Snoop cache', 'snoop_cache', true), unit: SERIES_QUANTITIES.snoop_cache.unit },
];

const CLAIMED = new Set(PLOTS.flatMap((p) => p.quantities));

/** Plots for series no plot above claims, one per quantity (named "q.<quantity>"). */
export function extraPlots(series: readonly SeriesInfo[]): PlotDef[] {
  // An overlay needs no plot of its own when every series of it is overlaid.
  const overlaid = (s: SeriesInfo) => [RED_AVERAGE, PROXY_LIMIT].some((o) => s.quantity === o.quantity && s.unit === o.unit);
  const own = series.filter((s) => !overlaid(s));
  const quantities = [...new Set(own.map((s) => s.quantity))].filter((q) => !CLAIMED.has(q));
  return quantities.map((q) => {
    const unit = series.find((s) => s.quantity === q)?.unit ?? '';
    return { ...networkPlot(`q.${q}`, q.replace(/_/g, ' '), q, false), unit };
  });
}

/** Every plot this run can show for the selected flow (when given), in order. */
export function plotsFor(series: readonly SeriesInfo[], hasTrace: boolean, flow: { id: string; variant: string } | null = null): PlotDef[] {
  const ofFlow = seriesForFlow(series, flow);
  const datagrams = flow?.variant === DATAGRAM_VARIANT;
  return [
    ...PLOTS.filter((p) => !(p.tcpOnly && datagrams) && p.available(p.scope === 'flow' ? ofFlow : series, hasTrace)),
    ...extraPlots(series),
  ];
}

/** Names the `plots` URL parameter accepts: the known plots and any extra series plot. */
export const PLOT_NAMES = {
  names: PLOTS.map((p) => p.id),
  accepts: (name: string) => PLOTS.some((p) => p.id === name) || /^q\.[a-z0-9_]{1,48}$/.test(name),
};

/** Which plots to show: the URL's list (those this run has), else the defaults. */
export function visiblePlots(all: readonly PlotDef[], chosen: readonly string[] | null): PlotDef[] {
  if (chosen === null) return all.filter((p) => p.defaultOn);
  return chosen.flatMap((id) => all.filter((p) => p.id === id));
}

/** Run A's and run B's models of one plot, overlaid: B's layers marked, the y range covering both. */
export function overlay(a: PlotModel, b: PlotModel | null): PlotModel {
  if (!b) return a;
  return {
    layers: [...a.layers.map((l) => ({ ...l, run: 'A' as const })), ...b.layers.map((l) => ({ ...l, key: `B:${l.key}`, run: 'B' as const }))],
    yMin: Math.min(a.yMin, b.yMin),
    yMax: Math.max(a.yMax, b.yMax),
    fit: a.fit,
    ...(a.unit ? { unit: a.unit } : {}),
  };
}
