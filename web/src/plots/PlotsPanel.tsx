import { useTranslation } from 'react-i18next';
import { useEffect, useId, useMemo, useSyncExternalStore } from 'react';
import type { RunMeta, RunStore } from '../state/runStore';
import { Panel } from '../views/Panel';
import { useApp, useRun, useServices, useTimeWindow, useView } from '../views/services';
import { flowTrace, flowTraceBytes, type FlowTrace } from './flowData';
import { Plot } from './Plot';
import { overlay, plotsFor, plotTitle, visiblePlots, type PlotDef, type PlotInputs } from './registry';
import type { PlotModel } from './model';
import { isWhole } from './timeWindow';
import { useSettledVersion } from '../views/useSettledVersion';
import { usePopover } from '../views/controls/usePopover';
import { useTextSizes } from '../views/useViewScale';
import { textSizes } from '../viewScale';
import { usePlotSqueeze } from '../views/usePlotSqueeze';
import { MAX_PLOT_SQUEEZE } from '../views/fitHeight';

/** A run's inputs for plot models: the flow is matched by id (run B has its own indices). */
function inputsFor(store: RunStore, meta: RunMeta, flowId: string | null): PlotInputs {
  const flows = meta.topology?.flows ?? [];
  const index = flowId === null ? -1 : flows.findIndex((f) => f.id === flowId);
  let cached: FlowTrace | null | undefined;
  return {
    store,
    flow: index >= 0 ? { index, id: flowId ?? '' } : null,
    endMs: meta.status === 'done' ? meta.endMs : meta.nowMs,
    flowTrace: () => {
      // Kept with a finished run: switching back to it does not scan its trace again.
      cached ??= store.memo(flowTraceKey(index), () => {
        const trace = store.traceView();
        return trace && meta.topology && index >= 0 ? flowTrace(trace, meta.topology, meta.scenario, index) : null;
      }, flowTraceBytes);
      return cached;
    },
  };
}

const flowTraceKey = (index: number) => `flowTrace:${index}`;

/** Runs `fn` when the page is idle (soon, where it cannot tell). */
function whenIdle(fn: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(fn, { timeout: 2000 });
  else setTimeout(fn, 0);
}

/**
 * Each run computed ahead gets the selected flow's time-sequence data while
 * the page is idle: a first switch to it then only draws.
 */
function useWarmFlowTrace(flowId: string | null): void {
  const { controller } = useServices();
  useEffect(
    () =>
      controller.cache.onPut((run) =>
        whenIdle(() => {
          const topology = run.meta.topology;
          const trace = run.trace?.view();
          if (!topology || !trace || topology.flows.length === 0) return;
          const index = Math.max(0, topology.flows.findIndex((f) => f.id === flowId));
          run.derived.get(flowTraceKey(index), () => flowTrace(trace, topology, run.meta.scenario, index), flowTraceBytes);
        }),
      ),
    [controller, flowId],
  );
}

/** Every visible plot of the selected flow and the network, zoomed and panned together. */
export function PlotsPanel() {
  const { store, storeB, view, window: timeWindow } = useServices();
  const run = useRun();
  const runB = useRunB();
  const v = useView();
  const range = useTimeWindow();
  const flows = run.topology?.flows ?? [];
  const flow = flows.find((f) => f.id === v.flow) ?? flows[0] ?? null;
  const missingFlow = v.flow !== null && flows.length > 0 && !flows.some((f) => f.id === v.flow);
  const selectId = useId();
  useWarmFlowTrace(flow?.id ?? null);
  // Larger text (present mode) takes room from the plot area: the plots grow with it.
  const grow = 1 + (useTextSizes().tick / textSizes(1).tick - 1) * 0.6;
  // ...and give some back when the first plot would end below a projector's first screen.
  const squeeze = usePlotSqueeze(Math.round(200 * grow * MAX_PLOT_SQUEEZE));
  const { endMs, status } = run;
  // Models are rebuilt from all the data: at a settled pace while a run streams in.
  const dataVersion = useSettledVersion(run);
  const versionB = useSettledVersion(runB ?? run);
  const complete = status === 'done' && (runB === null || runB.status === 'done');
  const stepEndMs = Math.min(status === 'done' ? endMs : run.nowMs, run.seriesTruncatedAtMs ?? Infinity);
  const hasTrace = run.topology !== null && (store.traceView()?.count ?? 0) > 0;

  const all = useMemo(() => plotsFor(run.seriesInfo, hasTrace, flow), [run.seriesInfo, hasTrace, flow]);
  const shown = visiblePlots(all, v.plots);
  const comparing = runB !== null;
  const models = useMemo(() => {
    const metaB = storeB.getMeta();
    const a = inputsFor(store, store.getMeta(), flow?.id ?? null);
    const b = comparing && metaB.topology ? inputsFor(storeB, metaB, flow?.id ?? null) : null;
    const out = new Map<string, PlotModel>();
    for (const def of shown) {
      const modelB = b && (def.scope === 'network' || b.flow) ? def.build(b) : null;
      out.set(def.id, overlay(def.build(a), modelB));
    }
    return out;
    // dataVersion: the store's columns grow in place; rebuild the models when they do.
  }, [store, storeB, comparing, flow?.id, shown.map((p) => p.id).join(','), dataVersion, versionB, status, run.topology, run.scenario]);

  const setPlots = (ids: string[]) => view.set({ plots: ids });
  const scenarioId = run.scenario?.id ?? 'run';
  const zoomed = !isWhole(range, Math.max(endMs, 1));

  const { t } = useTranslation('plots');
  const aside = (
    <div className="plots-toolbar">
      {flows.length > 1 ? (
        <div className="flow-select">
          <label htmlFor={selectId}>{t('panel.flow')}</label>
          <select id={selectId} value={flow?.id ?? ''} onChange={(e) => view.set({ flow: e.target.value })}>
            {flows.map((f) => (
              <option key={f.id} value={f.id}>
                {f.id} ({f.variant})
              </option>
            ))}
          </select>
        </div>
      ) : flow ? (
        <span className="muted">
          {t('panel.flowWord')} <strong>{flow.id}</strong> · {flow.variant}
        </span>
      ) : null}
      <div className="zoom-buttons" role="group" aria-label={t('panel.zoom')}>
        <button type="button" className="icon-button" aria-label={t('panel.zoomOut')} title={t('panel.zoomOutTitle')} disabled={!zoomed} onClick={() => timeWindow.zoomAt((range.t0 + range.t1) / 2, 2)}>
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
            <path d="M3 8h10" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </button>
        <button type="button" className="icon-button" aria-label={t('panel.zoomIn')} title={t('panel.zoomInTitle')} disabled={endMs <= 0} onClick={() => timeWindow.zoomAt((range.t0 + range.t1) / 2, 0.5)}>
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
            <path d="M3 8h10M8 3v10" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </button>
        <button type="button" className="button button-small" disabled={!zoomed} onClick={() => timeWindow.reset()} title={t('panel.wholeTitle')}>
          {t('panel.whole')}
        </button>
      </div>
      <PlotChooser all={all} shown={shown} onChange={setPlots} />
    </div>
  );

  return (
    <Panel title={t('common:panels.plots')} aside={aside} className="plots-panel" testId="plots-panel">
      {missingFlow && <p className="warning-text">{t('panel.missingFlow', { flow: v.flow, shown: flow?.id })}</p>}
      <div className="plots">
        {shown.map((def) => {
          const model = models.get(def.id);
          if (!model) return null;
          return (
            <div key={def.id} className={`plot-cell ${def.wide ? 'plot-wide' : ''}`}>
              <Plot
                testId={`plot-${def.id}`}
                title={plotTitle(def)}
                unit={model.unit ?? def.unit}
                model={model}
                endMs={endMs}
                stepEndMs={stepEndMs}
                complete={complete}
                dataVersion={dataVersion + (comparing ? versionB : 0) * 1e6}
                height={Math.round((def.wide ? 240 : 200) * grow) - squeeze}
                exportName={[scenarioId, def.scope === 'flow' ? (flow?.id ?? '') : '', def.id]}
                exportSubtitle={`${scenarioId}${def.scope === 'flow' && flow ? t('panel.subtitleFlow', { id: flow.id }) : ''}${runB ? ` · ${t('plot.abLegend')}` : ''}`}
              />
            </div>
          );
        })}
        {shown.length === 0 && <p className="muted">{t('panel.none')}</p>}
      </div>
      {/* Under the plots: the first row of plots shares the first screen with the network. */}
      <p className="plots-hint muted">{t('panel.hint')}</p>
    </Panel>
  );
}


/** A popover with a checkbox per plot this run can show. */
function PlotChooser({ all, shown, onChange }: { all: readonly PlotDef[]; shown: readonly PlotDef[]; onChange: (ids: string[]) => void }) {
  const { open, setOpen, rootRef, buttonRef, listId } = usePopover();
  const ids = shown.map((p) => p.id);
  const { t } = useTranslation('plots');
  const toggle = (id: string) => {
    if (ids.includes(id)) onChange(ids.filter((x) => x !== id));
    // Keep the catalogue order, whatever order they were switched on in.
    else onChange(all.map((p) => p.id).filter((x) => x === id || ids.includes(x)));
  };
  return (
    <div className="plot-chooser" ref={rootRef}>
      <button ref={buttonRef} type="button" className="button button-small" aria-expanded={open} aria-controls={open ? listId : undefined} onClick={() => setOpen((o) => !o)} data-testid="plot-chooser">
        {t('panel.chooser', { shown: shown.length, all: all.length })}
      </button>
      {open && (
        <div className="chooser-popover" id={listId} role="group" aria-label={t('panel.visible')}>
          {all.map((p) => (
            <label key={p.id} className="chooser-item">
              <input type="checkbox" checked={ids.includes(p.id)} onChange={() => toggle(p.id)} />
              {plotTitle(p)}
            </label>
          ))}
        </div>
      )}
    </div>
  );
}

/** Run B's metadata in compare mode (null otherwise). */
function useRunB(): RunMeta | null {
  const { storeB } = useServices();
  const meta = useSyncExternalStore(storeB.subscribe, storeB.getMeta);
  const { request } = useApp();
  return request.compare !== undefined ? meta : null;
}
