import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parse as parseToml } from 'smol-toml';
import { formatFieldError } from '../engine/protocol';
import { expandInWorker, runPool, type PoolRun } from './pool';
import {
  agrees,
  cellKey,
  deviation,
  deviationBand,
  layoutOf,
  parseReference,
  readExpansion,
  runSearch,
  sibling,
  type ReferenceTable,
  type SweepPoint,
  type SweepSpec,
} from './sweeps';

type Loaded =
  | { status: 'loading' }
  | { status: 'failed'; lines: string[] }
  | { status: 'ready'; spec: SweepSpec; points: SweepPoint[]; base: string; scenarioId: string; references: { name: string; table: ReferenceTable }[] };

type RunState = { phase: 'idle' } | { phase: 'running'; done: number } | { phase: 'done'; wallMs: number; workers: number } | { phase: 'cancelled'; done: number };

/** Ours per point: a number, null (the run has no such figure), or an error message. */
type Ours = (number | null | { error: string } | undefined)[];

export function PaperTable({ file, files }: { file: string; files: Record<string, string> }) {
  const { t, i18n } = useTranslation('paper');
  const lang = i18n.language;
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [ours, setOurs] = useState<Ours>([]);
  const [run, setRun] = useState<RunState>({ phase: 'idle' });
  const [against, setAgainst] = useState<string>('');
  const pool = useRef<PoolRun | null>(null);

  useEffect(() => {
    let live = true;
    const text = files[file] ?? '';
    expandInWorker(text)
      .then((json) => {
        if (!live) return;
        const ex = readExpansion(json);
        if (!ex.ok) return setLoaded({ status: 'failed', lines: ex.errors.map(formatFieldError) });
        const base = files[sibling(file, ex.spec.base)];
        if (base === undefined) return setLoaded({ status: 'failed', lines: [`base: ${t('missingFile', { file: ex.spec.base })}`] });
        const axes = ex.spec.axes.map((a) => a.name);
        // The paper's own value first, as the page reads: paper, ns-2, ours.
        const named = [...ex.spec.references].sort((a, b) => Number(b.name === 'paper') - Number(a.name === 'paper'));
        const references = named.map((r) => {
          const csv = files[sibling(file, r.file)];
          if (csv === undefined) throw new Error(`references.${r.name}: ${t('missingFile', { file: r.file })}`);
          return { name: r.name, table: parseReference(axes, csv) };
        });
        const id = (parseToml(base) as { id?: unknown }).id;
        setLoaded({ status: 'ready', spec: ex.spec, points: ex.points, base, scenarioId: typeof id === 'string' ? id : '', references });
        setAgainst(references.find((r) => r.name === 'paper')?.name ?? references[0]?.name ?? '');
      })
      .catch((e: unknown) => live && setLoaded({ status: 'failed', lines: [e instanceof Error ? e.message : String(e)] }));
    return () => {
      live = false;
      pool.current?.cancel();
    };
  }, [file, files, t]);

  const layout = useMemo(() => (loaded.status === 'ready' ? layoutOf(loaded.spec, loaded.points) : null), [loaded]);
  const decimals = loaded.status === 'ready' ? loaded.spec.value.decimals : 1;
  const formatter = useMemo(() => new Intl.NumberFormat(lang, { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: false }), [lang, decimals]);

  if (loaded.status === 'loading') return <section className="panel paper-table-panel"><p role="status">{t('loading')}</p></section>;
  if (loaded.status === 'failed') {
    return (
      <section className="panel paper-table-panel" data-testid="paper-table-error">
        <p className="notice notice-error" role="alert">{t('cannotRead', { file })}</p>
        <ul>{loaded.lines.map((l, i) => <li key={i}>{l}</li>)}</ul>
      </section>
    );
  }
  const { spec, points, base, scenarioId, references } = loaded;
  const workers = Math.max(1, navigator.hardwareConcurrency || 1);

  const start = () => {
    pool.current?.cancel();
    const results: Ours = new Array(points.length).fill(undefined);
    setOurs(results);
    let done = 0;
    setRun({ phase: 'running', done: 0 });
    // Results arrive faster than a 240-cell table should re-render: show them in batches.
    let flush: ReturnType<typeof setTimeout> | null = null;
    const show = () => {
      flush = null;
      setOurs([...results]);
      setRun((r) => (r.phase === 'running' ? { phase: 'running', done } : r));
    };
    const p = runPool(
      points.map((pt) => ({ text: base, overrides: pt.overrides })),
      workers,
      (index, r) => {
        results[index] = r.ok ? valueOf(spec, r.summary) : { error: r.message };
        done += 1;
        flush ??= setTimeout(show, 250);
      },
    );
    pool.current = p;
    void p.done.then((end) => {
      if (flush !== null) clearTimeout(flush);
      if (pool.current !== p) return;
      setOurs([...results]);
      setRun(end ? { phase: 'done', wallMs: end.wallMs, workers } : { phase: 'cancelled', done });
    });
  };
  const cancel = () => pool.current?.cancel();

  const fmt = (v: number) => formatter.format(v);
  const reference = references.find((r) => r.name === against) ?? null;
  const finished = ours.filter((o) => o !== undefined).length;
  const agreement = references.map((r) => {
    const pairs = points.flatMap((p, i) => {
      const o = ours[i];
      const v = r.table.get(cellKey(p.labels));
      return typeof o === 'number' && v !== undefined ? [[o, v] as const] : [];
    });
    return { name: r.name, close: pairs.filter(([a, b]) => agrees(a, b)).length, cells: pairs.length };
  });

  return (
    <section className="panel paper-table-panel" data-testid="paper-table" data-sweep={spec.id} data-run={run.phase} data-wall-ms={run.phase === 'done' ? Math.round(run.wallMs) : ''}>
      <header className="panel-header">
        <h2>{spec.title}</h2>
      </header>
      <p className="paper-cells-help">
        {t('cellsHelp', { field: spec.value.field, unit: spec.value.unit || '-', refs: references.map((r) => r.name).join(', ') || t('noReference') })}{' '}
        <code>{t('cliCommand', { id: spec.id })}</code>
      </p>
      <div className="paper-controls">
        <button type="button" className="button button-primary" onClick={start} disabled={run.phase === 'running'} data-testid="paper-run">
          {t('run', { count: points.length })}
        </button>
        <button type="button" className="button" onClick={cancel} disabled={run.phase !== 'running'} data-testid="paper-cancel">
          {t('cancel')}
        </button>
        <progress max={points.length} value={finished} aria-label={t('progress')} data-testid="paper-progress" />
        <span role="status" data-testid="paper-status">
          {run.phase === 'running' && t('status.running', { done: run.done, total: points.length, workers })}
          {run.phase === 'done' && t('status.done', { total: points.length, seconds: (run.wallMs / 1000).toFixed(1), workers: run.workers })}
          {run.phase === 'cancelled' && t('status.cancelled', { done: run.done, total: points.length })}
        </span>
        {references.length > 0 && (
          <label className="paper-against">
            {t('colourBy')}{' '}
            <select value={against} onChange={(e) => setAgainst(e.target.value)} data-testid="paper-against">
              {references.map((r) => (
                <option key={r.name} value={r.name}>{r.name}</option>
              ))}
            </select>
          </label>
        )}
      </div>
      {finished > 0 && references.length > 0 && (
        <ul className="paper-agreement" data-testid="paper-agreement">
          {agreement.map((a) => (
            <li key={a.name}>{t('agreement', { ref: a.name, close: a.close, cells: a.cells })}</li>
          ))}
        </ul>
      )}
      <Legend />
      {layout && (
        <div className="paper-scroll">
          <table className="paper-grid">
            <thead>
              <tr>
                {layout.rowAxes.map((a) => <th key={a} scope="col">{a}</th>)}
                {layout.columns.map((c) => <th key={cellKey(c)} scope="col">{c.join(' ') || spec.value.field}</th>)}
              </tr>
            </thead>
            <tbody>
              {layout.rows.map((r, ri) => (
                <tr key={cellKey(r)}>
                  {r.map((label, i) => <th key={i} scope="row">{label}</th>)}
                  {layout.columns.map((_column, ci) => {
                    const index = layout.at(ri, ci);
                    const point = points[index];
                    if (!point) return <td key={ci}>-</td>;
                    const o = ours[index];
                    const refValue = reference?.table.get(cellKey(point.labels));
                    const band = typeof o === 'number' && refValue !== undefined ? deviationBand(deviation(o, refValue)) : 'none';
                    return (
                      <td key={ci} className={`paper-cell paper-band-${band}`} data-cell={point.labels.join('/')} data-ours={typeof o === 'number' ? o : ''}>
                        {references.map((ref) => {
                          const v = ref.table.get(cellKey(point.labels));
                          return (
                            <span key={ref.name} className="paper-ref" title={ref.name}>
                              <span className="paper-ref-name">{ref.name}</span> {v === undefined ? '-' : fmt(v)}
                            </span>
                          );
                        })}
                        <a className="paper-ours" href={runSearch(scenarioId, point.overrides, lang)} title={t('openRun')} data-testid="paper-ours">
                          <span className="paper-ref-name">{t('ours')}</span>{' '}
                          {o === undefined ? '…' : o === null ? '-' : typeof o === 'number' ? fmt(o) : t('failed')}
                        </a>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function valueOf(spec: SweepSpec, summary: { flows: { id: string }[] }): number | null {
  const flow = summary.flows.find((f) => f.id === spec.value.flow) as Record<string, unknown> | undefined;
  const v = flow?.[spec.value.field];
  return typeof v === 'number' ? v * (spec.value.scale ?? 1) : null;
}

function Legend() {
  const { t } = useTranslation('paper');
  return (
    <p className="paper-legend" aria-label={t('legend.label')}>
      {(['close', 'near', 'off', 'far'] as const).map((b) => (
        <span key={b} className={`paper-swatch paper-band-${b}`}>{t(`legend.${b}`)}</span>
      ))}
    </p>
  );
}
