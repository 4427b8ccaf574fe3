import { useTranslation } from 'react-i18next';
import { useState, type ReactNode } from 'react';
import type { LinkSummary } from '../generated/types';
import { FLOW_COLUMNS, LINK_COLUMNS, middleboxFigures, shownColumns, type SummaryColumn } from '../state/summaryColumns';
import { useRun } from './services';

const FEW_LINKS = 8;

/**
 * The channels worth a look first: losses, then the longest queues, then the
 * busiest; shown in their original order.
 */
export function notableLinks(links: readonly LinkSummary[], n: number): LinkSummary[] {
  if (links.length <= n) return [...links];
  const rank = links
    .map((l, i) => ({ l, i }))
    .sort(
      (a, b) =>
        b.l.drops + b.l.corrupted - (a.l.drops + a.l.corrupted) ||
        b.l.queue_max_pkts - a.l.queue_max_pkts ||
        b.l.utilization - a.l.utilization ||
        a.i - b.i,
    )
    .slice(0, n);
  return rank.sort((a, b) => a.i - b.i).map((x) => x.l);
}

/** One table of the summary: a row header, then the columns worth showing. */
function Table<R>({ id, caption, head, columns, rows, rowKey, rowHeader, foot }: {
  /** Names the table for tests (summary-<id>). */
  id: string;
  caption: string;
  head: string;
  columns: SummaryColumn<R>[];
  rows: readonly R[];
  rowKey: (r: R) => string;
  rowHeader: (r: R) => ReactNode;
  foot?: ReactNode;
}) {
  return (
    <table data-testid={`summary-${id}`}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{head}</th>
          {columns.map((c) => (
            <th key={c.key} scope="col" className="num" title={c.title}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={rowKey(r)}>
            <th scope="row">{rowHeader(r)}</th>
            {columns.map((c) => (
              <td key={c.key} className={`num ${c.bad?.(r) ? 'bad' : ''}`}>
                {c.text(r) ?? '\u2013'}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      {foot}
    </table>
  );
}

/**
 * Per flow: goodput, retransmits, timeouts, mean RTT; per channel: drops and
 * the largest queue; plus whatever this run's mechanisms add (see summaryColumns).
 */
export function SummaryTable() {
  const { summary, status } = useRun();
  const { t } = useTranslation('summary');
  const [allLinks, setAllLinks] = useState(false);
  if (!summary) return <p className="muted">{status === 'running' ? t('table.pending') : t('table.empty')}</p>;
  const links = allLinks ? summary.links : notableLinks(summary.links, FEW_LINKS);
  const linkColumns = shownColumns(LINK_COLUMNS, summary.links);
  return (
    <div className="summary" data-testid="summary">
      <Table
        id="flows"
        caption={t('table.flows')}
        head={t('table.flow')}
        columns={shownColumns(FLOW_COLUMNS, summary.flows)}
        rows={summary.flows}
        rowKey={(f) => f.id}
        rowHeader={(f) => (
          <>
            {f.id} <span className="muted">{f.variant}</span>
          </>
        )}
      />
      <Table
        id="links"
        caption={t('table.links')}
        head={t('table.link')}
        columns={linkColumns}
        rows={links}
        rowKey={(l) => `${l.id}.${l.direction}`}
        rowHeader={(l) => (
          <>
            {l.id} <span className="muted">{l.direction === 'forward' ? '\u2192' : '\u2190'}</span>
          </>
        )}
        foot={
          summary.links.length > FEW_LINKS && (
            <tfoot>
              <tr>
                <td colSpan={linkColumns.length + 1}>
                  <button type="button" className="button button-quiet" onClick={() => setAllLinks((v) => !v)}>
                    {allLinks ? t('table.fewest', { count: FEW_LINKS }) : t('table.all', { count: summary.links.length })}
                  </button>
                </td>
              </tr>
            </tfoot>
          )
        }
      />
      {(summary.middleboxes ?? []).length > 0 && (
        <table data-testid="summary-middleboxes">
          <caption className="visually-hidden">{t('table.middleboxes')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('table.middlebox')}</th>
              <th scope="col">{t('table.whatItDid')}</th>
            </tr>
          </thead>
          <tbody>
            {(summary.middleboxes ?? []).map((m) => (
              <tr key={m.id}>
                <th scope="row">
                  {m.id} <span className="muted">{t('table.at', { kind: m.kind, node: m.node })}</span>
                </th>
                <td className="middlebox-figures">
                  {middleboxFigures(m)
                    .map((f) => `${f.label} ${f.text}`)
                    .join(' \u00b7 ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
