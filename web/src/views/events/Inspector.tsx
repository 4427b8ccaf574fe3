import { useTranslation } from 'react-i18next';
import { useEffect, useMemo, useRef } from 'react';
import { formatClock, formatDuration } from '../../format';
import { t as tr } from '../../i18n';
import { formatSackBlock, humanize } from '../../state/eventRow';
import { packetDetails } from '../../state/packetInfo';
import { usePlayback, useRun, useServices, useView } from '../services';

/** The selected event: every field of the packet, or what the TCP event was. */
export function Inspector() {
  const { store, events, playback } = useServices();
  const run = useRun();
  const { selected } = useView();
  const { cursorMs } = usePlayback();
  const owdRef = useRef<HTMLElement>(null);
  const { t } = useTranslation('events');
  const trace = store.traceView();
  const record = selected?.type === 'record' ? selected.index : null;
  const available = record !== null && trace !== null && record < trace.count;
  // Recomputed when the cursor settles; while playing, the one-way delay updates per frame below.
  const details = useMemo(
    () => (available && trace && record !== null ? packetDetails(trace, run.topology, record, cursorMs) : null),
    [available, trace, record, run.topology, cursorMs],
  );

  useEffect(() => {
    if (!details || !trace || record === null) return;
    return playback.onFrame((t) => {
      const d = packetDetails(trace, run.topology, record, t);
      if (owdRef.current && d) owdRef.current.textContent = owdText(d.oneWayDelayMs, d.oneWayAt);
    });
  }, [details, trace, record, run.topology, playback]);

  if (!selected) {
    return (
      <div className="inspector inspector-empty" data-testid="inspector" data-ref="">
        <p className="muted">{t('inspector.empty')}</p>
      </div>
    );
  }
  if (selected.type === 'marker') {
    const m = events.markers()[selected.index];
    return (
      <div className="inspector" data-testid="inspector" data-ref={`m${selected.index}`}>
        <h3>{m ? humanize(m.quantity) : t('inspector.tcpEvent')}</h3>
        {m ? (
          <dl>
            <dt>{t('inspector.time')}</dt>
            <dd>{formatClock(m.timeMs)}</dd>
            <dt>{t('inspector.series')}</dt>
            <dd>
              <code>{m.series}</code>
            </dd>
            <dt>{m.quantity === 'outage' ? t('inspector.lasts') : t('inspector.value')}</dt>
            <dd>{m.quantity === 'outage' ? formatDuration(m.value * 1000) : String(m.value)}</dd>
          </dl>
        ) : (
          <p className="muted">{t('inspector.notInRun')}</p>
        )}
      </div>
    );
  }
  if (!details) {
    return (
      <div className="inspector" data-testid="inspector" data-ref={`r${selected.index}`}>
        <p className="muted">
          {run.status === 'running' ? t('inspector.waiting') : t('inspector.noRecord', { index: selected.index })}
        </p>
      </div>
    );
  }
  const d = details;
  return (
    <div className="inspector" data-testid="inspector" data-ref={`r${d.index}`} aria-label={t('inspector.region')} role="region">
      <h3>
        {d.kind === 'ACK' ? t('inspector.ackTitle', { n: d.ack }) : t(d.kind === 'datagram' ? 'inspector.datagramTitle' : 'inspector.segmentTitle', { n: d.seq })}{' '}
        <span className="muted">{t('inspector.packetOf', { flow: d.flow, uid: d.uid })}</span>
      </h3>
      <dl>
        <dt>{t('inspector.on')}</dt>
        <dd>
          {d.from} → {d.to} <span className="muted">({d.channel})</span>
        </dd>
        <dt>{t('inspector.fate')}</dt>
        <dd className={d.fate === 'delivered' ? '' : 'bad'}>{t(`inspector.fates.${d.fate}`)}</dd>
        <dt>{d.kind === 'ACK' ? t('inspector.ack') : t('inspector.seq')}</dt>
        <dd>{d.kind === 'ACK' ? t('inspector.ackValue', { n: d.ack }) : `${d.seq}`}</dd>
        <dt>{t('inspector.size')}</dt>
        <dd>{t('inspector.sizeValue', { n: d.sizeBytes })}</dd>
        <dt>{t('inspector.flags')}</dt>
        <dd>{d.flags.length > 0 ? d.flags.map((f) => t(`flags.${f}`)).join(', ') : t('common:none')}</dd>
        <dt>ECN</dt>
        <dd>
          {(['ect', 'ce', 'ece', 'cwr'] as const).map((b) => (
            <span key={b} className={`bit ${d.ecn[b] ? 'bit-on' : ''}`} title={d.ecn[b] ? t('inspector.set') : t('inspector.clear')}>
              {b.toUpperCase()} {d.ecn[b] ? '1' : '0'}
            </span>
          ))}
        </dd>
        <dt>SACK</dt>
        <dd>{d.sack.length > 0 ? t('inspector.sackValue', { blocks: d.sack.map(([a, b]) => formatSackBlock(a, b)).join(', ') }) : t('common:none')}</dd>
        {d.windowSegments !== null && (
          <>
            <dt>{t('inspector.window')}</dt>
            <dd>{d.windowSegments === 0 ? t('inspector.windowZero') : t('inspector.windowValue', { count: d.windowSegments })}</dd>
          </>
        )}
        <dt>{t('inspector.timestamps')}</dt>
        <dd>
          {t('inspector.sent', { time: formatClock(d.createdMs) })}
          {d.tsEcrMs !== null ? t('inspector.echoes', { time: formatClock(d.tsEcrMs) }) : t('inspector.noEcho')}
        </dd>
        <dt>{t('inspector.queued')}</dt>
        <dd>
          {formatClock(d.enqueuedMs)}
          {d.fate !== 'dropped' && t('inspector.waited', { wait: formatDuration(d.queueingMs), tx: formatDuration(d.transmissionMs) })}
        </dd>
        <dt>{t('inspector.arrives')}</dt>
        <dd>{d.arrivalMs === null ? t(d.fate === 'filtered' ? 'inspector.neverFiltered' : 'inspector.never') : formatClock(d.arrivalMs)}</dd>
        <dt>{t('inspector.owd')}</dt>
        <dd>
          <strong ref={owdRef} data-testid="owd">
            {owdText(d.oneWayDelayMs, d.oneWayAt)}
          </strong>
        </dd>
      </dl>
      {d.hops.length > 1 && (
        <div className="hops">
          <span className="muted">{t('inspector.path')}</span>
          {d.hops.map((h) => (
            <button
              key={h.index}
              type="button"
              className={`hop ${h.index === d.index ? 'is-here' : ''} ${h.fate !== 'delivered' ? 'bad' : ''}`}
              aria-current={h.index === d.index}
              onClick={() => events.select({ type: 'record', index: h.index })}
              title={t('inspector.hop', { channel: h.channel, time: formatClock(h.enqueuedMs), fate: t(`inspector.fates.${h.fate}`) })}
            >
              {h.from} → {h.to}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

function owdText(ms: number, at: 'cursor' | 'arrival' | 'drop'): string {
  const key = at === 'cursor' ? 'owdSoFar' : at === 'arrival' ? 'owdArrival' : 'owdDrop';
  return tr(`events:inspector.${key}`, { delay: formatDuration(ms) });
}
