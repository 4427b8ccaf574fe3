// The event list of the current run under the view's filter, built once per
// data change and shared by the list, the inspector and the step buttons; and
// the actions that move through it.

import { parseOwner } from '../engine/seriesNames';
import type { Playback } from '../playback/playback';
import type { TimeWindow } from '../plots/timeWindow';
import { EventList, markerEvents, type EventRef, type MarkerEvent } from './events';
import type { RunStore, SeriesView } from './runStore';
import type { ViewStore } from './viewStore';

export class EventsModel {
  private cache: { version: number; runId: number | null; filter: unknown; list: EventList } | null = null;
  private markerCache: { version: number; runId: number | null; markers: MarkerEvent[] } | null = null;

  constructor(
    private readonly store: RunStore,
    private readonly view: ViewStore,
    private readonly playback: Playback,
    private readonly window: TimeWindow | null = null,
  ) {}

  /** TCP event markers of the run, all flows, in time order. */
  markers(): MarkerEvent[] {
    const meta = this.store.getMeta();
    const c = this.markerCache;
    if (c && c.version === meta.dataVersion && c.runId === meta.runId) return c.markers;
    const flows = meta.topology?.flows ?? [];
    const series: SeriesView[] = [];
    meta.seriesInfo.forEach((info, id) => {
      if (info.style !== 'marker') return;
      const v = this.store.seriesView(id);
      if (v) series.push(v);
    });
    const markers = markerEvents(series, (owner) => {
      const o = parseOwner(owner);
      return o?.kind === 'flow' ? flows.findIndex((f) => f.id === o.flow) : -1;
    });
    this.markerCache = { version: meta.dataVersion, runId: meta.runId, markers };
    return markers;
  }

  /** The filtered list (rebuilt only when the data or the filter changed). */
  list(): EventList {
    const meta = this.store.getMeta();
    const filter = this.view.getSnapshot().filter;
    const c = this.cache;
    if (c && c.version === meta.dataVersion && c.runId === meta.runId && c.filter === filter) return c.list;
    const list = new EventList(this.store.traceView(), this.markers(), filter);
    this.cache = { version: meta.dataVersion, runId: meta.runId, filter, list };
    return list;
  }

  /** Time of an event. */
  timeOf(ref: EventRef): number | null {
    if (ref.type === 'marker') return this.markers()[ref.index]?.timeMs ?? null;
    const trace = this.store.traceView();
    if (!trace || ref.index >= trace.count) return null;
    return trace.enqueuedMs(ref.index) ?? null;
  }

  /** Opens an event in the inspector and moves the cursor to it (pausing playback). */
  select(ref: EventRef, seek = true): void {
    this.view.set({ selected: ref });
    const t = this.timeOf(ref);
    if (seek && t !== null) {
      this.playback.pause();
      this.playback.seek(t);
      // A zoomed plot pans to show the event.
      const range = this.window?.zoom();
      if (range && (t < range.t0 || t > range.t1)) this.window?.pan(t - (range.t0 + range.t1) / 2);
    }
  }

  /** Steps to the next (1) or previous (-1) event of the list; false at either end. */
  step(direction: 1 | -1): boolean {
    const list = this.list();
    const p = list.step(direction, this.playback.time(), this.view.getSnapshot().selected);
    const ref = p >= 0 ? list.ref(p) : null;
    if (!ref) return false;
    this.select(ref);
    return true;
  }
}
