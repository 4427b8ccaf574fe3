import { useState } from 'react';
import { formatCount, formatDuration, formatRate } from '../format';
import type { LinkSummary } from '../generated/types';
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

/** Per flow: goodput, retransmits, timeouts, mean RTT; per channel: drops and the largest queue. */
export function SummaryTable() {
  const { summary, status } = useRun();
  const [allLinks, setAllLinks] = useState(false);
  if (!summary) return <p className="muted">{status === 'running' ? 'Available when the run ends.' : 'No results yet.'}</p>;
  return (
    <div className="summary" data-testid="summary">
      <table>
        <caption className="visually-hidden">Flows</caption>
        <thead>
          <tr>
            <th scope="col">Flow</th>
            <th scope="col" className="num">Goodput</th>
            <th scope="col" className="num" title="Retransmitted segments">Retx</th>
            <th scope="col" className="num" title="Retransmission timeouts">RTOs</th>
            <th scope="col" className="num" title="Mean of the RTT samples">RTT</th>
          </tr>
        </thead>
        <tbody>
          {summary.flows.map((f) => (
            <tr key={f.id}>
              <th scope="row">
                {f.id} <span className="muted">{f.variant}</span>
              </th>
              <td className="num">{formatRate(f.goodput_bps)}</td>
              <td className="num">{formatCount(f.retransmits)}</td>
              <td className="num">{formatCount(f.timeouts)}</td>
              <td className="num">{f.rtt_mean_s == null ? '–' : formatDuration(f.rtt_mean_s * 1000)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table>
        <caption className="visually-hidden">Links</caption>
        <thead>
          <tr>
            <th scope="col">Link</th>
            <th scope="col" className="num" title="Packets refused by a full queue">Drops</th>
            <th scope="col" className="num" title="Packets lost to bit errors">Corrupt</th>
            <th scope="col" className="num" title="Most packets queued at once">Max q</th>
            <th scope="col" className="num" title="Fraction of the run spent transmitting">Util</th>
          </tr>
        </thead>
        <tbody>
          {(allLinks ? summary.links : notableLinks(summary.links, FEW_LINKS)).map((l) => (
            <tr key={`${l.id}.${l.direction}`}>
              <th scope="row">
                {l.id} <span className="muted">{l.direction === 'forward' ? '\u2192' : '\u2190'}</span>
              </th>
              <td className={`num ${l.drops > 0 ? 'bad' : ''}`}>{formatCount(l.drops)}</td>
              <td className={`num ${l.corrupted > 0 ? 'bad' : ''}`}>{formatCount(l.corrupted)}</td>
              <td className="num">{formatCount(l.queue_max_pkts)}</td>
              <td className="num">{Math.round(l.utilization * 100)}%</td>
            </tr>
          ))}
        </tbody>
        {summary.links.length > FEW_LINKS && (
          <tfoot>
            <tr>
              <td colSpan={5}>
                <button type="button" className="button button-quiet" onClick={() => setAllLinks((v) => !v)}>
                  {allLinks ? `Show the ${FEW_LINKS} most eventful` : `Show all ${summary.links.length} channels`}
                </button>
              </td>
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
