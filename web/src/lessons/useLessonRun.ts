// Runs a lesson step through the app's controller and tells when that run has
// finished, so the outcome is revealed only after the learner's own run.

import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { i18n } = useTranslation();
  const meta = useSyncExternalStore(store.subscribe, store.getMeta);
  const started = useRef(false);
  const [awaiting, setAwaiting] = useState<{ step: number; previousRunId: number | null } | null>(null);
  const [state, setState] = useState<StepRunState>({ phase: 'idle' });

  const run = useCallback(
    (step: number, stepParams: string) => {
      // The run's link carries the page's language, or the app would switch to the browser's.
      const params = withLanguage(stepParams, i18n.language);
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
    [controller, history, store, i18n],
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

/** `params` with `lang=` set to the page's language unless it names one. */
export function withLanguage(params: string, lang: string): string {
  const q = new URLSearchParams(params.startsWith('?') ? params.slice(1) : params);
  if (!q.has('lang')) q.set('lang', lang);
  return q.toString();
}
