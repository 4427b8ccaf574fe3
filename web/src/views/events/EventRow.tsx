import { memo } from 'react';
import type { Topology } from '../../engine/protocol';
import { formatClock } from '../../format';
import { encodeRef, type EventRef, type MarkerEvent } from '../../state/events';
import { eventRowText } from '../../state/eventRow';
import type { TraceView } from '../../state/trace';

export interface EventRowProps {
  eventRef: EventRef;
  pos: number;
  id: string;
  setSize: number;
  rowHeight: number;
  current: boolean;
  selected: boolean;
  trace: TraceView | null;
  topology: Topology | null;
  markers: readonly MarkerEvent[];
  onSelect: (ref: EventRef) => void;
}

/**
 * One row of the event list. Memoized on what it shows: while a run plays,
 * the list follows the cursor and only the rows entering the view and the
 * two whose "current" mark moves are rendered again, not every row.
 */
export const EventRow = memo(function EventRow({ eventRef, pos, id, setSize, rowHeight, current, selected, trace, topology, markers, onSelect }: EventRowProps) {
  const text = eventRowText(eventRef, trace, topology, markers);
  if (!text) return null;
  const key = encodeRef(eventRef);
  return (
    <div
      id={id}
      role="option"
      aria-selected={selected}
      aria-setsize={setSize}
      aria-posinset={pos + 1}
      className={`event-row tone-${text.tone}${current ? ' is-current' : ''}`}
      style={{ top: pos * rowHeight, height: rowHeight }}
      onClick={() => onSelect(eventRef)}
      data-ref={key}
      data-pos={pos}
    >
      <span className="c-time">{formatClock(text.timeMs)}</span>
      <span className="c-flow">{text.flow}</span>
      <span className="c-kind">
        <span className="kind-dot" aria-hidden="true" />
        {text.kind}
      </span>
      {/* Each end shortens on its own: both stay readable in a narrow column. */}
      <span className="c-where" title={text.where}>
        {text.ends ? (
          <>
            <span className="where-end">{text.ends.from}</span>
            <span className="where-arrow"> → </span>
            <span className="where-end">{text.ends.to}</span>
          </>
        ) : (
          text.where
        )}
      </span>
      <span className="c-info" title={text.info}>
        {text.info}
        {text.outcome && <strong className="outcome"> {text.outcome}</strong>}
      </span>
    </div>
  );
}, sameRow);

/** The event by its key (a new ref object for the same event is the same row). */
function sameRow(a: EventRowProps, b: EventRowProps): boolean {
  return (
    encodeRef(a.eventRef) === encodeRef(b.eventRef) &&
    a.pos === b.pos &&
    a.id === b.id &&
    a.setSize === b.setSize &&
    a.rowHeight === b.rowHeight &&
    a.current === b.current &&
    a.selected === b.selected &&
    a.trace === b.trace &&
    a.topology === b.topology &&
    a.markers === b.markers &&
    a.onSelect === b.onSelect
  );
}
