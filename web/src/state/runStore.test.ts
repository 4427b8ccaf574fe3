import { describe, expect, it } from 'vitest';
import { RunStore } from './runStore';
import { runIntoStore, runMessages } from './testing/runScenario';
import type { RunMessage } from '../engine/protocol';
import { TRACE_COLUMN_NAMES, TRACE_COLUMNS } from '../engine/traceColumns';

const BYTES = { f64: 8, u32: 4, u16: 2, u8: 1 } as const;

describe('RunStore', () => {
  it('collects a run: metadata, series by name, trace in enqueue order', async () => {
    const msgs = await runMessages('seed000/wired', [['flows.ftp.tcp.rwnd', '725KB']]);
    const store = new RunStore({ notifyIntervalMs: 0 });
    let notified = 0;
    store.subscribe(() => notified++);
    store.begin(1);
    expect(store.getMeta().status).toBe('running');
    for (const m of msgs) store.receive(m);
    const meta = store.getMeta();
    expect(meta.status).toBe('done');
    expect(meta.digest).toMatch(/^[0-9a-f]+$/);
    expect(meta.endMs).toBe(20000);
    expect(notified).toBeGreaterThan(1);

    const cwnd = store.seriesByName('flows.ftp.cwnd');
    expect(cwnd?.info.style).toBe('step');
    expect(cwnd?.timesMs.length).toBeGreaterThan(100);
    expect(cwnd?.timesMs.length).toBe(cwnd?.values.length);
    const fr = store.seriesByName('flows.ftp.fast_retransmit');
    expect(fr?.timesMs.length).toBeGreaterThan(0);

    const total = msgs.reduce((n, m) => n + (m.type === 'progress' ? (m.trace?.count ?? 0) : 0), 0);
    const trace = store.traceView();
    expect(trace?.count).toBe(total);
    const count = trace?.count ?? 0;
    for (let i = 1; i < count; i++) expect(trace?.enqueuedMs(i)).toBeGreaterThanOrEqual(trace?.enqueuedMs(i - 1) ?? 0);
    expect(trace?.maxLifeMs).toBeGreaterThan(100); // at least the 100 ms bottleneck delay
    expect(Array.from({ length: count }, (_, i) => trace?.fate(i)).some((f) => f === 1)).toBe(true); // the 725 KB window overflows the queue
  });

  it('ignores messages of other runs', async () => {
    const msgs = await runMessages('seed000/wired');
    const store = new RunStore({ notifyIntervalMs: 0 });
    store.begin(2);
    for (const m of msgs) store.receive(m); // these are run 1's
    expect(store.getMeta().status).toBe('running');
    expect(store.traceView()).toBeNull();
  });

  it('caps what it keeps and says where the data stop', async () => {
    const msgs = await runMessages('seed000/wired');
    const store = new RunStore({ notifyIntervalMs: 0, maxTraceRecords: 500, maxSeriesPoints: 300 });
    store.begin(1);
    for (const m of msgs) store.receive(m);
    expect(store.traceView()?.count).toBe(500);
    const kept = store.getMeta().seriesInfo.reduce((n, _, id) => n + (store.seriesView(id)?.timesMs.length ?? 0), 0);
    expect(kept).toBe(300);
    const { traceTruncatedAtMs, seriesTruncatedAtMs } = store.getMeta();
    expect(traceTruncatedAtMs).toBeGreaterThan(0);
    expect(traceTruncatedAtMs).toBeLessThan(20000);
    // Some series lose points from their very first chunk: the cut is the earliest lost point.
    expect(seriesTruncatedAtMs).not.toBeNull();
    expect(seriesTruncatedAtMs).toBeLessThan(20000);
    // Later records are not kept: the last kept one is before the cut.
    const trace = store.traceView();
    expect(trace?.enqueuedMs(499)).toBeLessThanOrEqual(store.getMeta().traceTruncatedAtMs ?? 0);
  });

  it('holds the same series however the run was chunked (a change drained between two at one instant collapses as in one piece)', async () => {
    const overrides: [string, string][] = [['flows.ftp.tcp.rwnd', '725KB'], ['seed', '1']];
    // A clock that never moves: one slice, one chunk. One that moves 5 ms a reading: slices of a few hundred events.
    const whole = await runMessages('seed000/wired', overrides, 10, () => 0);
    let clock = 0;
    const chunked = await runMessages('seed000/wired', overrides, 10, () => (clock += 5));
    const progress = (ms: RunMessage[]) => ms.filter((m) => m.type === 'progress').length;
    expect(progress(whole)).toBe(1);
    expect(progress(chunked)).toBeGreaterThan(10);
    const stores = [whole, chunked].map((msgs) => {
      const s = new RunStore({ notifyIntervalMs: 0 });
      s.begin(1);
      for (const m of msgs) s.receive(m);
      return s;
    });
    const [a, b] = stores as [RunStore, RunStore];
    expect(b.getMeta().digest).toBe(a.getMeta().digest);
    for (let id = 0; id < a.getMeta().seriesInfo.length; id++) {
      const sa = a.seriesView(id);
      const sb = b.seriesView(id);
      expect([sb?.info.name, [...(sb?.timesMs ?? [])]]).toEqual([sa?.info.name, [...(sa?.timesMs ?? [])]]);
      expect([...(sb?.values ?? [])]).toEqual([...(sa?.values ?? [])]);
    }
  });

  it('records an error', () => {
    const store = new RunStore();
    store.begin(4);
    store.receive({ type: 'error', runId: 4, error: { message: 'bad', fieldErrors: [], panic: false } });
    expect(store.getMeta()).toMatchObject({ status: 'error', error: { message: 'bad' } });
  });
});

describe('RunStore memory', () => {
  it('keeps a finished trace in its record layout, without spare capacity: bytes per record from its buffers', async () => {
    // SACK and timestamps on, and a window that overflows the queue: every side table has entries.
    const store = await runIntoStore('seed000/wired', [
      ['flows.ftp.tcp.rwnd', '725KB'],
      ['flows.ftp.tcp.variant', 'sack1'],
      ['flows.ftp.receiver.sack', 'true'],
      ['flows.ftp.tcp.timestamps', 'true'],
    ]);
    const m = store.traceBytesPerRecord();
    const v = store.traceView();
    expect(m?.records).toBe(v?.count);
    const sacks = v?.extras.sackAt.length ?? 0;
    const echoes = Array.from({ length: v?.count ?? 0 }, (_, i) => v?.tsEcrMs(i) ?? 0).filter((e) => e !== 0).length;
    const losses = v?.losses?.length ?? 0;
    expect(sacks).toBeGreaterThan(0);
    expect(echoes).toBeGreaterThan(0);
    expect(losses).toBeGreaterThan(0);
    // 27 packed bytes for every record, 24 per block of 1024 (enqueue, uid and seq bases); SACKs (index, count,
    // 6 x u32), echoes (index + u32 age), losses (index) only where present; windows and overflows add more.
    const records = m?.records ?? 0;
    const layout = 27 * records + 24 * Math.ceil(records / 1024) + 29 * sacks + 8 * echoes + 4 * losses;
    expect(m?.bytes).toBeGreaterThanOrEqual(layout);
    expect(m?.bytes).toBeLessThan(layout + 4 * records);
    // What the engine sends per record (TRACE_COLUMNS) is more than what the page keeps.
    const wire = TRACE_COLUMN_NAMES.reduce((n, name) => n + BYTES[TRACE_COLUMNS[name].type] * TRACE_COLUMNS[name].per, 0);
    expect(wire).toBe(87);
    expect(m?.bytesPerRecord).toBeLessThan(wire);
  });

  it('keeps at most 32 bytes per recorded packet event of a real run', async () => {
    const store = await runIntoStore('seed000/wired');
    const m = store.traceBytesPerRecord();
    expect(m?.records).toBeGreaterThan(1000);
    expect(m?.bytesPerRecord).toBeLessThanOrEqual(32);
  });

  it('gives a finished run to the cache and shows it again as another run', async () => {
    const store = await runIntoStore('seed000/wired');
    const run = store.finishedRun();
    expect(run?.bytes).toBeGreaterThan(0);
    const digest = store.getMeta().digest;
    const count = store.traceView()?.count;
    const other = new RunStore({ notifyIntervalMs: 0 });
    if (run) other.adopt(-1, run);
    expect(other.getMeta()).toMatchObject({ runId: -1, status: 'done', digest });
    expect(other.traceView()?.count).toBe(count);
    expect(other.seriesByName('flows.ftp.cwnd')?.timesMs.length).toBe(store.seriesByName('flows.ftp.cwnd')?.timesMs.length);
  });

  it('computes what views derive from a finished run once, and keeps it with the run shown again', async () => {
    const store = await runIntoStore('seed000/wired');
    let computed = 0;
    const count = () => {
      computed += 1;
      return store.traceView()?.count ?? 0;
    };
    expect(store.memo('records', count)).toBeGreaterThan(0);
    expect(store.memo('records', count)).toBe(store.traceView()?.count);
    expect(computed).toBe(1);
    const run = store.finishedRun();
    const other = new RunStore({ notifyIntervalMs: 0 });
    if (run) other.adopt(-1, run);
    expect(other.memo('records', count)).toBe(store.traceView()?.count);
    expect(computed).toBe(1);
    // A new run starts with nothing derived.
    other.begin(5);
    other.receive({ type: 'started', runId: 5, scenario: run!.meta.scenario!, topology: run!.meta.topology!, series: [], endMs: 1 });
    other.memo('records', count);
    expect(computed).toBe(2);
  });

  it('hands out the same view of a column until it changes', async () => {
    const store = await runIntoStore('seed000/wired');
    const a = store.seriesByName('flows.ftp.cwnd');
    const b = store.seriesByName('flows.ftp.cwnd');
    expect(a?.timesMs).toBe(b?.timesMs);
    expect(a?.values).toBe(b?.values);
  });

  it('keeps the network and series objects when the next run has equal ones, replaces them when they differ', async () => {
    const store = await runIntoStore('seed000/wired');
    const run = store.finishedRun()!;
    const other = new RunStore({ notifyIntervalMs: 0 });
    other.adopt(-1, run);
    const { topology, seriesInfo } = other.getMeta();
    // The same run again, with equal copies of its network and series (as a new run's messages bring).
    other.adopt(-2, { ...run, meta: { ...run.meta, topology: structuredClone(run.meta.topology), seriesInfo: structuredClone(run.meta.seriesInfo) } });
    expect(other.getMeta().runId).toBe(-2);
    expect(other.getMeta().topology).toBe(topology);
    expect(other.getMeta().seriesInfo).toBe(seriesInfo);
    // Another network: its own object.
    const moved = structuredClone(run.meta.topology)!;
    moved.channels[0]!.delay_ms += 1;
    other.begin(7);
    other.receive({ type: 'started', runId: 7, scenario: run.meta.scenario!, topology: moved, series: run.meta.seriesInfo, endMs: 1 });
    expect(other.getMeta().topology).toBe(moved);
    expect(other.getMeta().topology).not.toBe(topology);
    expect(other.getMeta().seriesInfo).toBe(seriesInfo);
  });
});
