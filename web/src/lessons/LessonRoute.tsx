import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bundledLessons, findLesson, scenarioIds } from './catalog';
import { LessonNotices, type LessonNotice } from './LessonProblems';
import { LessonPage } from './LessonPage';
import type { MemoryHistory } from './memoryHistory';
import { ProgressStore, browserStorage } from './progress';
import { LESSON_PARAMS, lessonHref, sameOriginUrl, type StepRequest } from './route';
import { parseLesson, type Lesson } from './schema';
import { LessonShell } from './LessonShell';

type Source = { kind: 'bundled'; id: string } | { kind: 'url'; url: string };

type Loaded = { status: 'loading' } | { status: 'ready'; lesson: Lesson } | { status: 'failed'; notice: LessonNotice };

/** A lesson link: loads the lesson (bundled, or a teacher's same-origin file), then opens the step it names. */
export function LessonRoute({ source, step, unknown, history }: { source: Source; step: StepRequest; unknown: string[]; history: MemoryHistory }) {
  const { t, i18n } = useTranslation('lessons');
  const [loaded, setLoaded] = useState<Loaded>(() => (source.kind === 'bundled' ? bundled(source.id) : { status: 'loading' }));
  const [dismissed, setDismissed] = useState<string[]>([]);

  function bundled(id: string): Loaded {
    const lesson = findLesson(id);
    if (lesson) return { status: 'ready', lesson };
    const ids = bundledLessons().flatMap((b) => (b.lesson ? [b.lesson.id] : []));
    return {
      status: 'failed',
      notice: { key: 'lesson', level: 'error', title: t('link.unknownLesson', { id: id.slice(0, 60) }), lines: [t('errors.allowed', { allowed: ids.join(', ') })] },
    };
  }

  useEffect(() => {
    if (source.kind !== 'url') return;
    const url = sameOriginUrl(source.url, window.location.origin);
    if (url === null) {
      setLoaded({ status: 'failed', notice: { key: 'lesson', level: 'error', title: t('link.notSameOrigin', { url: source.url.slice(0, 120) }), lines: [t('link.sameOriginHelp')] } });
      return;
    }
    let live = true;
    fetch(url)
      .then(async (r) => {
        if (!r.ok) throw new Error(`${r.status} ${r.statusText}`);
        return r.text();
      })
      .then((text) => {
        if (!live) return;
        const r = parseLesson(text, { scenarios: scenarioIds() });
        setLoaded(r.ok ? { status: 'ready', lesson: r.lesson } : { status: 'failed', notice: { key: 'lesson', level: 'error', title: t('file.invalid', { name: source.url }), problems: r.problems } });
      })
      .catch((e: unknown) => {
        if (live) setLoaded({ status: 'failed', notice: { key: 'lesson', level: 'error', title: t('link.cannotFetch', { url: source.url }), lines: [String(e instanceof Error ? e.message : e)] } });
      });
    return () => {
      live = false;
    };
  }, [source, t]);

  if (loaded.status === 'loading') {
    return (
      <LessonShell>
        <p className="lesson-loading" role="status">{t('link.loading')}</p>
      </LessonShell>
    );
  }
  if (loaded.status === 'failed') {
    return (
      <LessonShell>
        <LessonNotices notices={[loaded.notice]} onDismiss={() => undefined} />
        <p>
          <a href={`?view=lessons&lang=${i18n.language}`}>{t('list.back')}</a>
        </p>
      </LessonShell>
    );
  }
  const lesson = loaded.lesson;
  const progressKey = source.kind === 'bundled' ? lesson.id : `url:${source.url}`;
  const { initialStep, notices: stepNotices } = initialStepOf(lesson, step, progressKey, t);
  const notices: LessonNotice[] = unknown.length === 0 ? stepNotices : [
    ...stepNotices,
    { key: 'params', level: 'warning', title: t('link.unknownParams', { list: unknown.map((u) => `"${u.slice(0, 40)}"`).join(', ') }), lines: [t('errors.allowed', { allowed: LESSON_PARAMS.join(', ') })] },
  ];
  const lang = new URLSearchParams(window.location.search).get('lang');
  const linkFor = (n: number) => (source.kind === 'bundled' ? lessonHref(lesson.id, n, lang) : `?lessonUrl=${encodeURIComponent(source.url)}&step=${n}${lang ? `&lang=${lang}` : ''}`);
  return (
    <LessonShell>
      <LessonPage
        lesson={lesson}
        progressKey={progressKey}
        initialStep={initialStep}
        notices={notices.filter((n) => !dismissed.includes(n.key))}
        onDismiss={(key) => setDismissed((d) => [...d, key])}
        history={history}
        linkFor={linkFor}
      />
    </LessonShell>
  );
}

const progress = new ProgressStore(browserStorage());

/** The step to open: the link's, else where the learner left off, else the first; a bad `step` is a notice. */
function initialStepOf(lesson: Lesson, step: StepRequest, progressKey: string, t: TFunction<'lessons'>): { initialStep: number; notices: LessonNotice[] } {
  const total = lesson.steps.length;
  const stored = progress.get(progressKey)?.step;
  const resume = stored !== undefined && stored <= total ? stored : 1;
  const allowed = t('errors.allowed', { allowed: t('link.stepRange', { total }) });
  if (step.kind === 'number' && step.step <= total) return { initialStep: step.step, notices: [] };
  if (step.kind === 'none') return { initialStep: resume, notices: [] };
  const value = step.kind === 'number' ? String(step.step) : step.value;
  return {
    initialStep: resume,
    notices: [{ key: 'step', level: 'warning', title: t('link.badStep', { value }), lines: [allowed, t('link.openedStep', { n: resume })] }],
  };
}
