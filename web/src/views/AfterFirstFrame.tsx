import { startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import { browserGateSources, FirstFrameGate } from './firstFrameGate';

// The animation marks its first drawn frame (animation/AnimationCanvas.tsx). Until
// then the main thread's time belongs to the network and the plots: a cold load's
// first render builds only them, and the panels below the fold, the closed dialogs
// and the sidebar's long forms follow in a transition (which yields to the worker's
// messages). A page that never draws shows them after 1.5 s. The children may
// be lazy (laterPanels.ts): nothing shows in their place while their code loads.
export const firstFrameGate = new FirstFrameGate(browserGateSources('ackscope:first-frame', 1500));

/** `children` once the first animated frame is drawn (and their code loaded); at once on any later mount (a language switch, a lesson's step). */
export function AfterFirstFrame({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(firstFrameGate.passed);
  useEffect(() => {
    if (shown) return;
    return firstFrameGate.whenPassed(() => startTransition(() => setShown(true)));
  }, [shown]);
  return shown ? <Suspense fallback={null}>{children}</Suspense> : null;
}
