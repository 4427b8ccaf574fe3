// Runs a lesson step through the app's controller and tells when that run has
// finished, so the outcome is revealed only after the learner's own run.

import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Summary } from '../generated/types';
import { useServices } from '../views/services';
import type { MemoryHistory } from './memoryHistory';

export type StepRunState =
  | { phase: 'idle' }
  | { phase: 'running'; step: number; progress: number }
  | { phase: 'done'; step: number; summary: Summary }
  | { phase: 'failed'; step: number; message: string };

export function useLessonRun(history: MemoryHistory): { state: StepRunState; run: (step: number, params: string) => void; reset: () => void } {
  const { controller, store } = useServices();
  const meta = useSyncExternalStore(store.subscribe, store.getMeta);
  const started = useRef(false);
  const [awaiting, setAwaiting] = useState<{ step: number; previousRunId: number | null } | null>(null);
  const [state, setState] = useState<StepRunState>({ phase: 'idle' });

  const run = useCallback(
    (step: number, params: string) => {
      setAwaiting({ step, previousRunId: store.getMeta().runId });
      setState({ phase: 'running', step, progress: 0 });
      if (!started.current) {
        started.current = true;
        history.replace(params);
        void controller.start();
      } else {
        history.navigate(params);
        // The same run again is a new run (the controller would keep the old one).
        controller.rerun();
      }
    },
    [controller, history, store],
  );

  const reset = useCallback(() => {
    setAwaiting(null);
    setState({ phase: 'idle' });
  }, []);

  useEffect(() => {
    if (!awaiting || meta.runId === null || meta.runId === awaiting.previousRunId) return;
    const { step } = awaiting;
    if (meta.status === 'running') setState({ phase: 'running', step, progress: meta.progress });
    else if (meta.status === 'done' && meta.summary) {
      setState({ phase: 'done', step, summary: meta.summary });
      setAwaiting(null);
    } else if (meta.status === 'error' || meta.status === 'cancelled') {
      setState({ phase: 'failed', step, message: meta.error?.message ?? meta.status });
      setAwaiting(null);
    }
  }, [awaiting, meta]);

  return { state, run, reset };
}
