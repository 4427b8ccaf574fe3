import { useId, useMemo, useState } from 'react';
import { Panel } from '../views/Panel';
import { useRun, useServices } from '../views/services';
import { asData, cwndDomainMax, rttDomainMaxMs, type PlotLayer } from './model';
import { Plot } from './Plot';

/** The selected flow's congestion window and RTT plots. */
export function FlowPlots() {
  const { store } = useServices();
  const run = useRun();
  const flows = run.topology?.flows ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const flow = flows.find((f) => f.id === chosen) ?? flows[0] ?? null;
  const selectId = useId();
  const { dataVersion, endMs, status } = run;
  const complete = status === 'done';
  // Steps hold their last value up to where the data end: the run's end, how far
  // it got, or where the page stopped keeping points.
  const stepEndMs = Math.min(complete ? endMs : run.nowMs, run.seriesTruncatedAtMs ?? Infinity);

  const { cwnd, rtt } = useMemo(() => {
    const s = (q: string) => (flow ? store.seriesByName(`flows.${flow.id}.${q}`) : null);
    const cw = s('cwnd');
    const ss = s('ssthresh');
    const rttS = s('rtt');
    const srtt = s('srtt');
    const rto = s('rto');
    const cwndLayers: PlotLayer[] = [
      { key: 'cwnd', label: 'cwnd', colour: 'cwnd', style: 'step', data: asData(cw) },
      { key: 'ssthresh', label: 'ssthresh', colour: 'ssthresh', style: 'step', dashed: true, data: asData(ss) },
      {
        key: 'fr',
        label: 'fast retransmit',
        colour: 'fast-retransmit',
        style: 'marker',
        marker: 'triangle',
        data: asData(s('fast_retransmit')),
      },
      { key: 'to', label: 'timeout', colour: 'timeout', style: 'marker', marker: 'cross', data: asData(s('timeout')) },
    ];
    const rttLayers: PlotLayer[] = [
      { key: 'rtt', label: 'RTT samples', colour: 'rtt', style: 'points', data: asData(rttS, 1000) },
      { key: 'srtt', label: 'SRTT', colour: 'srtt', style: 'step', data: asData(srtt, 1000) },
      { key: 'rto', label: 'RTO', colour: 'rto', style: 'step', dashed: true, data: asData(rto, 1000) },
    ];
    return {
      cwnd: { layers: cwndLayers, yMax: cwndDomainMax(cw, ss) },
      rtt: { layers: rttLayers, yMax: rttDomainMaxMs(rttS, srtt, rto) },
    };
    // dataVersion: the store's columns grow in place; recompute ranges when they do.
  }, [store, flow, dataVersion]);

  const selector =
    flows.length > 1 ? (
      <div className="flow-select">
        <label htmlFor={selectId}>Flow</label>
        <select id={selectId} value={flow?.id ?? ''} onChange={(e) => setChosen(e.target.value)}>
          {flows.map((f) => (
            <option key={f.id} value={f.id}>
              {f.id} ({f.variant})
            </option>
          ))}
        </select>
      </div>
    ) : flow ? (
      <span className="muted">
        flow <strong>{flow.id}</strong> · {flow.variant}
      </span>
    ) : null;

  const common = { endMs, stepEndMs, complete, dataVersion };
  return (
    <Panel title="TCP state" aside={selector} className="plots-panel" testId="plots-panel">
      <div className="plots">
        <Plot testId="plot-cwnd" title="Congestion window" unit="segments" {...cwnd} {...common} />
        <Plot testId="plot-rtt" title="Round-trip time" unit="ms" {...rtt} {...common} />
      </div>
    </Panel>
  );
}
