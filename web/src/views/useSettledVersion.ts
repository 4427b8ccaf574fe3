import { useEffect, useRef, useState } from 'react';
import type { RunMeta } from '../state/runStore';

/** Bigger runs rebuild less often: each rebuild costs in proportion to the data. */
export function settleInterval(events: number): number {
  return events > 2_000_000 ? 1500 : events > 200_000 ? 800 : 300;
}

/**
 * The run's data version, changing at most every `intervalMs` while the run
 * streams in (and at once when it ends). Views that derive something from all
 * the data (the event list, the plots' models) rebuild at this pace, so a
 * million-record run does not redo O(n) work on every progress message.
 * While a run streams in, the version is the one of the last settle (of an
 * earlier run at first: a different number, so views rebuild once as it starts).
 */
export function useSettledVersion(run: RunMeta, intervalMs = settleInterval(run.events)): number {
  const streaming = run.status === 'running';
  const [settled, setSettled] = useState(run.dataVersion);
  const last = useRef(0);
  useEffect(() => {
    if (!streaming) {
      // No state change here: a finished run's version is returned as it is, and
      // setting it again would render the view (and every plot under it) a second
      // time per run, as when a switch shows a run from the cache.
      last.current = performance.now();
      return;
    }
    const wait = Math.max(0, last.current + intervalMs - performance.now());
    const timer = setTimeout(() => {
      last.current = performance.now();
      setSettled(run.dataVersion);
    }, wait);
    return () => clearTimeout(timer);
  }, [run.dataVersion, streaming, intervalMs]);
  return streaming ? settled : run.dataVersion;
}
