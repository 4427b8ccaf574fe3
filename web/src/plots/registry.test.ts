import { describe, expect, it } from 'vitest';
import type { SeriesInfo, SeriesQuantity } from '../generated/types';
import type { PlotModel } from './model';
import { extraPlots, overlay, ownerLabel, PLOT_NAMES, plotsFor, visiblePlots } from './registry';

const info = (name: string, style: SeriesInfo['style'] = 'step', unit = 'segments'): SeriesInfo => {
  const parts = name.split('.');
  // Cast: some names stand for quantities of a newer engine.
  return { name, owner: parts.slice(0, -1).join('.'), quantity: (parts.at(-1) ?? '') as SeriesQuantity, unit, style };
};

describe('plot registry', () => {
  const today = [
    info('flows.ftp.cwnd'),
    info('flows.ftp.rtt', 'points', 's'),
    info('flows.ftp.owd_fwd', 'points', 's'),
    info('flows.ftp.delivered', 'step', 'bytes'),
    info('links.bottleneck.forward.queue', 'step', 'packets'),
  ];

  it('offers the plots a run has data for', () => {
    expect(plotsFor(today, true).map((p) => p.id)).toEqual(['cwnd', 'rtt', 'tseq', 'tput', 'owd', 'queue']);
    expect(plotsFor(today, false).map((p) => p.id)).toEqual(['cwnd', 'rtt', 'tput', 'owd', 'queue']);
  });

  it('picks up series the engine adds later: known ones where they belong, unknown ones in plots of their own', () => {
    const later = [...today, info('nodes.bs.snoop_cache', 'step', 'packets'), info('nodes.proxy.proxy_buffer', 'step', 'bytes'), info('flows.ftp.bytes_in_flight', 'step', 'bytes')];
    const ids = plotsFor(later, true).map((p) => p.id);
    expect(ids).toEqual(['cwnd', 'rtt', 'tseq', 'tput', 'owd', 'queue', 'proxy', 'snoop', 'q.bytes_in_flight']);
    // Markers join the cwnd plot rather than making plots of their own.
    expect(extraPlots([info('flows.ftp.spurious_timeout', 'marker'), info('links.l.forward.outage', 'marker')])).toEqual([]);
    expect(PLOT_NAMES.accepts('q.bytes_in_flight')).toBe(true);
    expect(PLOT_NAMES.accepts('nope')).toBe(false);
  });

  it("gives a paced flow's pacing rate and BBR's bandwidth estimate a plot after throughput, and only that flow", () => {
    const bbr = [...today, info('flows.ftp.pacing_rate', 'step', 'bps'), info('flows.ftp.btl_bw', 'step', 'bps'), info('flows.ftp.min_rtt', 'step', 's')];
    expect(plotsFor(bbr, true, { id: 'ftp', variant: 'bbr' }).map((p) => p.id)).toEqual(['cwnd', 'rtt', 'tseq', 'tput', 'pacing', 'owd', 'queue']);
    // min_rtt joins the RTT plot: no plot of its own.
    expect(extraPlots(bbr).map((p) => p.id)).toEqual([]);
    const other = [...bbr, info('flows.web.cwnd'), info('flows.web.rtt', 'points', 's')];
    expect(plotsFor(other, true, { id: 'web', variant: 'cubic' }).map((p) => p.id)).not.toContain('pacing');
  });

  it("judges flow plots by the selected flow's own series, and offers a datagram flow no TCP plots", () => {
    const mixed = [...today, info('flows.voice.owd_fwd', 'points', 's'), info('flows.voice.cwnd'), info('links.radio.forward.outage', 'marker', 's')];
    expect(plotsFor(mixed, true, { id: 'ftp', variant: 'reno' }).map((p) => p.id)).toEqual(['cwnd', 'rtt', 'tseq', 'tput', 'owd', 'queue']);
    expect(plotsFor(mixed, true, { id: 'voice', variant: 'cbr' }).map((p) => p.id)).toEqual(['tseq', 'tput', 'owd', 'queue']);
    // A TCP flow that records no RTT of its own gets no RTT plot from another flow's.
    expect(plotsFor(mixed, true, { id: 'voice', variant: 'reno' }).map((p) => p.id)).toEqual(['cwnd', 'tseq', 'tput', 'owd', 'queue']);
  });

  it('shows the defaults, or the URL list in its order', () => {
    const all = plotsFor(today, true);
    expect(visiblePlots(all, null).map((p) => p.id)).toEqual(['cwnd', 'rtt', 'tseq', 'tput', 'owd', 'queue']);
    expect(visiblePlots(all, ['queue', 'cwnd', 'proxy']).map((p) => p.id)).toEqual(['queue', 'cwnd']);
  });

  it('overlays run B with its own keys and a y range covering both', () => {
    const a: PlotModel = { layers: [{ key: 'cwnd', label: 'cwnd', colour: 'cwnd', style: 'step', data: null }], yMin: 0, yMax: 40, fit: 'zero' };
    const b: PlotModel = { ...a, yMax: 80 };
    const o = overlay(a, b);
    expect(o.layers.map((l) => [l.key, l.run])).toEqual([
      ['cwnd', 'A'],
      ['B:cwnd', 'B'],
    ]);
    expect(o.yMax).toBe(80);
    expect(overlay(a, null)).toBe(a);
  });

  it('labels owners', () => {
    expect(ownerLabel('links.bottleneck.forward')).toBe('bottleneck \u2192');
    expect(ownerLabel('links.sat-terminal.reverse')).toBe('sat-terminal \u2190');
    expect(ownerLabel('nodes.bs')).toBe('bs');
  });
});
