import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemoryHistory } from '../lessons/memoryHistory';
import type { Route } from '../lessons/route';
import { App } from './App';
import { ErrorBoundary } from './ErrorBoundary';

// Pages other than the app load their code when opened: the app's first frame
// does not wait for the lessons' or paper mode's code to be parsed.
const LessonList = lazy(() => import('../lessons/LessonList').then((m) => ({ default: m.LessonList })));
const LessonRoute = lazy(() => import('../lessons/LessonRoute').then((m) => ({ default: m.LessonRoute })));
const PaperView = lazy(() => import('../paper/PaperView').then((m) => ({ default: m.PaperView })));

/** The page the URL names: the app, a lesson, the lesson list, or paper mode. */
export function PageRouter({ route, lessonHistory }: { route: Route; lessonHistory: MemoryHistory | null }) {
  const { t } = useTranslation('lessons');
  if (route.page === 'app' || (!lessonHistory && route.page !== 'paper')) return <App />;
  return (
    <ErrorBoundary name={t('shell.thisPage')}>
      <Suspense fallback={null}>
        {route.page === 'paper' ? (
          <PaperView seed={route.seed} />
        ) : route.page === 'lessons' ? (
          <LessonList history={lessonHistory!} />
        ) : (
          <LessonRoute source={route.source} step={route.step} unknown={route.unknown} history={lessonHistory!} />
        )}
      </Suspense>
    </ErrorBoundary>
  );
}
