import { useTranslation } from 'react-i18next';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { formatClock } from '../../format';
import { encodeRef, type EventRef } from '../../state/events';
import { eventRowText } from '../../state/eventRow';
import { useRun, useServices, useView } from '../services';
import { useSettledVersion } from '../useSettledVersion';

const ROW_H = 26;
const OVERSCAN = 8;
/** How often, at most, the list follows a playing cursor (ms of wall time). */
const FOLLOW_MS = 100;

/**
 * The event list: only the rows in view are rendered (a run can have a million).
 * The row at the playback cursor is marked; while playing, the list follows it.
 */
export function EventTable({ height }: { height: number }) {
  const { events, store } = useServices();
  const run = useRun();
  const view = useView();
  const { playback } = useServices();
  const listId = useId();
  const { t } = useTranslation('events');
  const scrollRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [current, setCurrent] = useState(-1);

  // The list is rebuilt from the whole trace: at a settled pace while the run streams in.
  const version = useSettledVersion(run);
  const list = useMemo(() => events.list(), [events, version, run.runId, view.filter]);
  const markers = events.markers();
  const trace = store.traceView();
  const selectedPos = useMemo(() => (view.selected ? list.positionOf(view.selected) : -1), [list, view.selected]);

  // While playing, the list follows the cursor at most ten times a second: at
  // fast playback the current row changes every frame, and a re-render per
  // frame costs the animation its frames. Paused (seeking, stepping): at once.
  useEffect(() => {
    let shownAt = -Infinity;
    return playback.onFrame((t) => {
      const now = performance.now();
      if (playback.getSnapshot().playing && now - shownAt < FOLLOW_MS) return;
      shownAt = now;
      setCurrent(list.currentAt(t));
    });
  }, [playback, list]);

  // Follow the cursor (it moves by playing, seeking or stepping); show the selected row when it changes.
  // The scroll position and height come from state and props: reading them from the element would force a layout.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el || current < 0) return;
    const top = current * ROW_H;
    if (top < scrollTop || top + ROW_H > scrollTop + height) el.scrollTop = Math.max(0, top - height / 2);
    // Only a move of the cursor scrolls; the user's own scrolling does not bring the list back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current]);
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el || selectedPos < 0) return;
    const top = selectedPos * ROW_H;
    if (top < el.scrollTop || top + ROW_H > el.scrollTop + el.clientHeight) el.scrollTop = Math.max(0, top - el.clientHeight / 3);
  }, [selectedPos]);

  const first = Math.max(0, Math.floor(scrollTop / ROW_H) - OVERSCAN);
  const last = Math.min(list.length, Math.ceil((scrollTop + height) / ROW_H) + OVERSCAN);
  const rows: { pos: number; ref: EventRef }[] = [];
  for (let p = first; p < last; p++) {
    const ref = list.ref(p);
    if (ref) rows.push({ pos: p, ref });
  }
  const rowId = (pos: number) => `${listId}-row-${pos}`;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 };
    let target: number | null = null;
    if (e.key in moves) target = (selectedPos >= 0 ? selectedPos : Math.max(current, 0)) + (moves[e.key] ?? 0);
    else if (e.key === 'Home') target = 0;
    else if (e.key === 'End') target = list.length - 1;
    if (target === null || list.length === 0) return;
    e.preventDefault();
    e.stopPropagation();
    const ref = list.ref(Math.min(Math.max(target, 0), list.length - 1));
    if (ref) events.select(ref);
  };

  return (
    <div className="event-table">
      <div className="event-head" aria-hidden="true">
        <span className="c-time">{t('table.time')}</span>
        <span className="c-flow">{t('table.flow')}</span>
        <span className="c-kind">{t('table.type')}</span>
        <span className="c-where">{t('table.where')}</span>
        <span className="c-info">{t('table.info')}</span>
      </div>
      <div
        ref={scrollRef}
        className="event-scroll"
        style={{ height }}
        role="listbox"
        tabIndex={0}
        aria-label={t('table.list')}
        aria-activedescendant={selectedPos >= first && selectedPos < last ? rowId(selectedPos) : undefined}
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
        onKeyDown={onKeyDown}
        data-testid="event-list"
        data-count={list.length}
        data-current={current}
      >
        <div style={{ height: list.length * ROW_H, position: 'relative' }}>
          {rows.map(({ pos, ref }) => {
            const text = eventRowText(ref, trace, run.topology, markers);
            if (!text) return null;
            const selected = pos === selectedPos;
            return (
              <div
                key={encodeRef(ref)}
                id={rowId(pos)}
                role="option"
                aria-selected={selected}
                aria-setsize={list.length}
                aria-posinset={pos + 1}
                className={`event-row tone-${text.tone}${pos === current ? ' is-current' : ''}`}
                style={{ top: pos * ROW_H, height: ROW_H }}
                onClick={() => events.select(ref)}
                data-ref={encodeRef(ref)}
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
          })}
        </div>
        {list.length === 0 && (
          <p className="event-empty">{run.status === 'running' ? t('table.waiting') : t('table.noMatch')}</p>
        )}
      </div>
    </div>
  );
}
