import { useTranslation } from 'react-i18next';
import { useSyncExternalStore } from 'react';
import { compareSummaries, type MetricDiff } from '../state/compareSummary';
import { formatCount, formatDuration, formatFixed, formatRate } from '../format';
import { useRun, useServices } from './services';

function show(key: MetricDiff['key'], v: number | null): string {
  if (v === null) return '–';
  if (key === 'goodput_bps') return formatRate(v);
  if (key === 'rtt_mean_s') return formatDuration(v * 1000);
  return formatCount(v);
}

function showDelta(m: MetricDiff): string {
  if (m.delta === null) return '–';
  const sign = m.delta > 0 ? '+' : m.delta < 0 ? '\u2212' : '\u00b1';
  const abs = Math.abs(m.delta);
  const value = m.key === 'goodput_bps' ? formatRate(abs) : m.key === 'rtt_mean_s' ? formatDuration(abs * 1000) : formatCount(abs);
  const pct = m.relative === null ? '' : ` (${sign}${formatFixed(Math.abs(m.relative * 100), 1)}%)`;
  return `${sign}${value}${pct}`;
}

/** Run A against run B: goodput, retransmissions, timeouts and mean RTT per flow. */
export function CompareSummary() {
  const { storeB } = useServices();
  const a = useRun();
  const b = useSyncExternalStore(storeB.subscribe, storeB.getMeta);
  const { t } = useTranslation('compare');
  if (!a.summary || !b.summary) return <p className="muted">{t('pending')}</p>;
  const flows = compareSummaries(a.summary, b.summary);
  return (
    <table className="compare-table" data-testid="compare-summary">
      <caption className="visually-hidden">{t('caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('flow')}</th>
          <th scope="col">{t('metric')}</th>
          <th scope="col" className="num">
            A
          </th>
          <th scope="col" className="num">
            B
          </th>
          <th scope="col" className="num">
            B − A
          </th>
        </tr>
      </thead>
      <tbody>
        {flows.map((f) =>
          f.metrics.map((m, i) => (
            <tr key={`${f.id}:${m.key}`} data-metric={m.key} data-flow={f.id}>
              {i === 0 && (
                <th scope="rowgroup" rowSpan={f.metrics.length}>
                  {f.id}
                  <span className="muted">
                    {' '}
                    {f.variantA}
                    {f.variantB !== f.variantA ? ` / ${f.variantB}` : ''}
                  </span>
                </th>
              )}
              <th scope="row">{t(`metrics.${m.key}`)}</th>
              <td className="num">{show(m.key, m.a)}</td>
              <td className="num">{show(m.key, m.b)}</td>
              <td className={`num verdict-${m.verdict ?? 'none'}`}>{showDelta(m)}</td>
            </tr>
          )),
        )}
      </tbody>
    </table>
  );
}
