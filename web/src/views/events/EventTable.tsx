import { useTranslation } from 'react-i18next';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import type { EventRef } from '../../state/events';
import { usePlayback, useRun, useServices, useView } from '../services';
import { useSettledVersion } from '../useSettledVersion';
import { EventRow } from './EventRow';
import { follower } from './follow';

const ROW_H = 26;
/** Rows rendered beyond the view on each side: room for the user's own scrolling. */
const OVERSCAN = 8;
/**
 * The same while playing: the list jumps to the cursor (at fast playback past
 * every row it showed), so rows beyond the view are laid out for nobody, ten
 * times a second. One keeps a half-visible row whole.
 */
const PLAYING_OVERSCAN = 1;

/**
 * The event list: only the rows in view are rendered (a run can have a million).
 * The row at the playback cursor is marked; while playing, the list follows it.
 */
export function EventTable({ height }: { height: number }) {
  const { events, store } = useServices();
  const run = useRun();
  const view = useView();
  const { playback } = useServices();
  const { playing } = usePlayback();
  const overscan = playing ? PLAYING_OVERSCAN : OVERSCAN;
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
  // The list scrolls here, before React renders the rows (the layout is clean
  // then, so nothing is laid out twice), and the scroll position goes into the
  // same render as the current row: one render per move, not two. That render
  // happens at once, in this frame: rendered later, the frame would show the
  // list scrolled past its rows (blank, with few rows beyond the view while playing).
  const viewRef = useRef({ scrollTop, height });
  viewRef.current = { scrollTop, height };
  useEffect(() => {
    const due = follower();
    let shownPos = -1;
    // Out of view (below the fold), a playing list does not follow: nobody sees
    // it, and every move rebuilds its rows. It catches up on coming into view
    // and whenever playback pauses (paused, it always follows).
    let inView = true;
    const el = scrollRef.current;
    const seen =
      el && typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => {
            const last = entries[entries.length - 1];
            if (!last) return;
            inView = last.isIntersecting;
            if (inView) playback.invalidate();
          })
        : null;
    if (el) seen?.observe(el);
    const off = playback.onFrame((t) => {
      const playing = playback.getSnapshot().playing;
      if ((playing && !inView) || !due(playing, performance.now())) return;
      const pos = list.currentAt(t);
      // Only a move of the cursor scrolls; the user's own scrolling does not bring the list back.
      if (pos === shownPos) return;
      shownPos = pos;
      const el = scrollRef.current;
      const { scrollTop: shownTop, height: h } = viewRef.current;
      const top = pos * ROW_H;
      let next: number | null = null;
      if (el && pos >= 0 && (top < shownTop || top + ROW_H > shownTop + h)) {
        // Clamped as the browser would, without reading the element back (which would force a layout).
        next = Math.max(0, Math.min(top - h / 2, list.length * ROW_H - h));
        el.scrollTop = next;
      }
      flushSync(() => {
        if (next !== null) setScrollTop(next);
        setCurrent(pos);
      });
    });
    return () => {
      off();
      seen?.disconnect();
    };
  }, [playback, list]);

  // Show the selected row when it changes.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el || selectedPos < 0) return;
    const top = selectedPos * ROW_H;
    if (top < el.scrollTop || top + ROW_H > el.scrollTop + el.clientHeight) el.scrollTop = Math.max(0, top - el.clientHeight / 3);
  }, [selectedPos]);

  const first = Math.max(0, Math.floor(scrollTop / ROW_H) - overscan);
  const last = Math.min(list.length, Math.ceil((scrollTop + height) / ROW_H) + overscan);
  const rows: { pos: number; ref: EventRef }[] = [];
  for (let p = first; p < last; p++) {
    const ref = list.ref(p);
    if (ref) rows.push({ pos: p, ref });
  }
  // Rows are keyed by slot (position modulo the most rows in view): a row that
  // stays in view keeps its element, and one entering takes the element of one
  // that left, so a jump of the list rewrites text instead of building rows.
  const slots = Math.ceil(height / ROW_H) + 1 + 2 * overscan;
  const rowId = (pos: number) => `${listId}-row-${pos}`;
  const onSelect = useCallback((ref: EventRef) => events.select(ref), [events]);

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
          {rows.map(({ pos, ref }) => (
            <EventRow
              key={pos % slots}
              eventRef={ref}
              pos={pos}
              id={rowId(pos)}
              setSize={list.length}
              rowHeight={ROW_H}
              current={pos === current}
              selected={pos === selectedPos}
              trace={trace}
              topology={run.topology}
              markers={markers}
              onSelect={onSelect}
            />
          ))}
        </div>
        {list.length === 0 && (
          <p className="event-empty">{run.status === 'running' ? t('table.waiting') : t('table.noMatch')}</p>
        )}
      </div>
    </div>
  );
}
