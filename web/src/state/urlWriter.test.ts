import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryPort } from './history';
import type { UrlState } from './url';
import { UrlWriter } from './urlWriter';

function history() {
  const log: string[] = [];
  let current = '';
  const port: HistoryPort = {
    search: () => current,
    push: (s) => {
      log.push(`push ${s}`);
      current = s;
    },
    replace: (s) => {
      log.push(`replace ${s}`);
      current = s;
    },
    onPop: () => () => undefined,
  };
  return { port, log };
}

describe('UrlWriter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('coalesces view changes into one replace per interval', () => {
    const h = history();
    let state: UrlState = { scenario: 'a', seed: 1, sets: [], t: 0 };
    const w = new UrlWriter(h.port, () => state, () => true);
    w.schedule();
    state = { ...state, t: 1 };
    w.schedule();
    state = { ...state, t: 2 };
    w.schedule();
    expect(h.log).toEqual([]);
    vi.advanceTimersByTime(200);
    expect(h.log).toEqual(['replace ?s=a&seed=1&t=2']);
  });

  it('writes at once on push and drops the pending write; skips an unchanged URL', () => {
    const h = history();
    let state: UrlState = { scenario: 'a', seed: 1, sets: [], t: 0 };
    const w = new UrlWriter(h.port, () => state, () => true);
    w.schedule();
    state = { ...state, seed: 2 };
    w.write('push');
    vi.advanceTimersByTime(500);
    w.write('replace');
    w.write('none');
    expect(h.log).toEqual(['push ?s=a&seed=2']);
  });

  it('writes nothing before the app is ready', () => {
    const h = history();
    const w = new UrlWriter(h.port, () => ({ scenario: 'a', seed: 1, sets: [], t: 0 }), () => false);
    w.schedule();
    w.flush();
    vi.advanceTimersByTime(500);
    expect(h.log).toEqual([]);
  });

  it('hands a decided URL to the history after the frame, and two quick writes as two entries in order', () => {
    const h = history();
    const queued: (() => void)[] = [];
    let state: UrlState = { scenario: 'a', seed: 1, sets: [], t: 0 };
    const w = new UrlWriter(h.port, () => state, () => true, 200, (f) => queued.push(f));
    state = { ...state, seed: 2 };
    w.write('push');
    // Decided (the state of the click) but not yet written: the frame comes first.
    expect(h.log).toEqual([]);
    state = { ...state, seed: 3 };
    w.write('push');
    expect(h.log).toEqual(['push ?s=a&seed=2']);
    for (const f of queued.splice(0)) f();
    expect(h.log).toEqual(['push ?s=a&seed=2', 'push ?s=a&seed=3']);
    // Back to an unchanged URL: nothing to write.
    w.write('push');
    for (const f of queued.splice(0)) f();
    expect(h.log).toHaveLength(2);
  });

  it('flush writes a decided URL at once (before the link is copied)', () => {
    const h = history();
    let state: UrlState = { scenario: 'a', seed: 1, sets: [], t: 0 };
    const w = new UrlWriter(h.port, () => state, () => true, 200, () => undefined);
    state = { ...state, seed: 2 };
    w.write('push');
    w.flush();
    expect(h.log).toEqual(['push ?s=a&seed=2']);
  });
});
