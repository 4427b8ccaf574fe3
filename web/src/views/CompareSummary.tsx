import { useSyncExternalStore } from 'react';
import { compareSummaries, rowFigures } from '../state/compareSummary';
import { useRun, useServices } from './services';

/** Run A against run B: goodput, retransmissions, timeouts and mean RTT per flow. */
export function CompareSummary() {
  const { storeB } = useServices();
  const a = useRun();
  const b = useSyncExternalStore(storeB.subscribe, storeB.getMeta);
  if (!a.summary || !b.summary) return <p className="muted">Available when both runs end.</p>;
  const flows = compareSummaries(a.summary, b.summary);
  return (
    <table className="compare-table" data-testid="compare-summary">
      <caption className="visually-hidden">Run A against run B</caption>
      <thead>
        <tr>
          <th scope="col">Flow</th>
          <th scope="col">Metric</th>
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
              <th scope="row">{m.label}</th>
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
