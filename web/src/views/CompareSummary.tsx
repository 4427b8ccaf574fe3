import { useTranslation } from 'react-i18next';
import { useSyncExternalStore } from 'react';
import { compareSummaries, rowFigures } from '../state/compareSummary';
import { useRun, useServices } from './services';

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
          f.metrics.map((m, i) => {
            // One unit and one precision per row: A, B and B - A line up.
            const shown = rowFigures(m);
            return (
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
              <td className="num">{shown.a}</td>
              <td className="num">{shown.b}</td>
              <td className={`num verdict-${m.verdict ?? 'none'}`}>{`${shown.delta}${shown.percent}`}</td>
            </tr>
            );
          }),
        )}
      </tbody>
    </table>
  );
}
