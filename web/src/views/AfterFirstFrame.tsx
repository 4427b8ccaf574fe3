import { startTransition, useEffect, useState, type ReactNode } from 'react';

// The animation marks its first drawn frame (animation/AnimationCanvas.tsx). Until
// then the main thread's time belongs to the network and the plots: a cold load's
// first render builds only them, and the panels below the fold, the closed dialogs
// and the sidebar's long forms follow in a transition (which yields to the worker's
// messages). A page that never draws (an error, a lesson without a run) shows them
// after FALLBACK_MS.
const MARK = 'ackscope:first-frame';
const FALLBACK_MS = 1500;

let passed = typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('mark');
const waiting = new Set<() => void>();

function pass() {
  if (passed) return;
  passed = true;
  for (const f of waiting) f();
  waiting.clear();
}

if (!passed) {
  if (performance.getEntriesByName(MARK).length > 0) passed = true;
  else {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName(MARK).length === 0) return;
      observer.disconnect();
      pass();
    });
    observer.observe({ type: 'mark' });
    setTimeout(() => {
      observer.disconnect();
      pass();
    }, FALLBACK_MS);
  }
}

/** `children` once the first animated frame is drawn; at once on any later mount (a language switch, a lesson's step). */
export function AfterFirstFrame({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(passed);
  useEffect(() => {
    if (shown) return;
    const show = () => startTransition(() => setShown(true));
    if (passed) show();
    else waiting.add(show);
    return () => {
      waiting.delete(show);
    };
  }, [shown]);
  return shown ? children : null;
}
