import { useEffect, useMemo, useRef } from 'react';
import { formatClock, formatDuration } from '../../format';
import { FLAG_LABELS } from '../../engine/traceColumns';
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
        <p className="muted">Click an event, or step with → and ←, to inspect a packet.</p>
      </div>
    );
  }
  if (selected.type === 'marker') {
    const m = events.markers()[selected.index];
    return (
      <div className="inspector" data-testid="inspector" data-ref={`m${selected.index}`}>
        <h3>{m ? humanize(m.quantity) : 'TCP event'}</h3>
        {m ? (
          <dl>
            <dt>Time</dt>
            <dd>{formatClock(m.timeMs)}</dd>
            <dt>Series</dt>
            <dd>
              <code>{m.series}</code>
            </dd>
            <dt>{m.quantity === 'outage' ? 'Lasts' : 'Value'}</dt>
            <dd>{m.quantity === 'outage' ? formatDuration(m.value * 1000) : String(m.value)}</dd>
          </dl>
        ) : (
          <p className="muted">This event is not in the current run.</p>
        )}
      </div>
    );
  }
  if (!details) {
    return (
      <div className="inspector" data-testid="inspector" data-ref={`r${selected.index}`}>
        <p className="muted">
          {run.status === 'running' ? 'Waiting for the run…' : `Record ${selected.index} is not in this run's trace.`}
        </p>
      </div>
    );
  }
  const d = details;
  return (
    <div className="inspector" data-testid="inspector" data-ref={`r${d.index}`} aria-label="Packet inspector" role="region">
      <h3>
        {d.kind === 'ACK' ? `ACK ${d.ack}` : `${d.kind === 'datagram' ? 'Datagram' : 'Segment'} ${d.seq}`}{' '}
        <span className="muted">
          flow {d.flow} · packet #{d.uid}
        </span>
      </h3>
      <dl>
        <dt>On</dt>
        <dd>
          {d.from} → {d.to} <span className="muted">({d.channel})</span>
        </dd>
        <dt>Fate</dt>
        <dd className={d.fate === 'delivered' ? '' : 'bad'}>{d.fate}</dd>
        <dt>{d.kind === 'ACK' ? 'Ack' : 'Seq'}</dt>
        <dd>{d.kind === 'ACK' ? `${d.ack} (next segment expected)` : `${d.seq}`}</dd>
        <dt>Size</dt>
        <dd>{d.sizeBytes} B on the wire</dd>
        <dt>Flags</dt>
        <dd>{d.flags.length > 0 ? d.flags.map((f) => FLAG_LABELS[f]).join(', ') : 'none'}</dd>
        <dt>ECN</dt>
        <dd>
          {(['ect', 'ce', 'ece', 'cwr'] as const).map((b) => (
            <span key={b} className={`bit ${d.ecn[b] ? 'bit-on' : ''}`} title={d.ecn[b] ? 'set' : 'clear'}>
              {b.toUpperCase()} {d.ecn[b] ? '1' : '0'}
            </span>
          ))}
        </dd>
        <dt>SACK</dt>
        <dd>{d.sack.length > 0 ? `${d.sack.map(([a, b]) => formatSackBlock(a, b)).join(', ')} (segments held above the ACK)` : 'none'}</dd>
        {d.windowSegments !== null && (
          <>
            <dt>Window</dt>
            <dd>{d.windowSegments === 0 ? '0: the sender must stop and probe' : `${d.windowSegments} segments advertised`}</dd>
          </>
        )}
        <dt>Timestamps</dt>
        <dd>
          sent {formatClock(d.createdMs)}
          {d.tsEcrMs !== null ? ` · echoes ${formatClock(d.tsEcrMs)}` : ' · no echo'}
        </dd>
        <dt>Queued</dt>
        <dd>
          {formatClock(d.enqueuedMs)}
          {d.fate !== 'dropped' && ` · waited ${formatDuration(d.queueingMs)} · sent in ${formatDuration(d.transmissionMs)}`}
        </dd>
        <dt>Arrives</dt>
        <dd>{d.arrivalMs === null ? (d.fate === 'filtered' ? 'never (removed from the queue by ACK filtering)' : 'never (refused by the queue)') : formatClock(d.arrivalMs)}</dd>
        <dt>One-way delay</dt>
        <dd>
          <strong ref={owdRef} data-testid="owd">
            {owdText(d.oneWayDelayMs, d.oneWayAt)}
          </strong>
        </dd>
      </dl>
      {d.hops.length > 1 && (
        <div className="hops">
          <span className="muted">Path:</span>
          {d.hops.map((h) => (
            <button
              key={h.index}
              type="button"
              className={`hop ${h.index === d.index ? 'is-here' : ''} ${h.fate !== 'delivered' ? 'bad' : ''}`}
              aria-current={h.index === d.index}
              onClick={() => events.select({ type: 'record', index: h.index })}
              title={`${h.channel}, queued at ${formatClock(h.enqueuedMs)}, ${h.fate}`}
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
  const where = at === 'cursor' ? 'so far' : at === 'arrival' ? 'at arrival on this link' : 'when dropped';
  return `${formatDuration(ms)} ${where}`;
}
