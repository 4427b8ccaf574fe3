import { useTranslation } from 'react-i18next';
import { LessonList } from '../lessons/LessonList';
import { LessonRoute } from '../lessons/LessonRoute';
import type { MemoryHistory } from '../lessons/memoryHistory';
import type { Route } from '../lessons/route';
import { PaperView } from '../paper/PaperView';
import { App } from './App';
import { ErrorBoundary } from './ErrorBoundary';

/** The page the URL names: the app, a lesson, the lesson list, or paper mode. */
export function PageRouter({ route, lessonHistory }: { route: Route; lessonHistory: MemoryHistory | null }) {
  const { t } = useTranslation('lessons');
  if (route.page === 'app' || (!lessonHistory && route.page !== 'paper')) return <App />;
  return (
    <ErrorBoundary name={t('shell.thisPage')}>
      {route.page === 'paper' ? (
        <PaperView seed={route.seed} />
      ) : route.page === 'lessons' ? (
        <LessonList history={lessonHistory!} />
      ) : (
        <LessonRoute source={route.source} step={route.step} unknown={route.unknown} history={lessonHistory!} />
      )}
    </ErrorBoundary>
  );
}
