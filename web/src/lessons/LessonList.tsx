import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { bundledLessons, scenarioIds } from './catalog';
import { LessonNotices, type LessonNotice } from './LessonProblems';
import { LessonPage } from './LessonPage';
import type { MemoryHistory } from './memoryHistory';
import { ProgressStore, browserStorage } from './progress';
import { lessonHref } from './route';
import { parseLesson, pick, type Lesson } from './schema';
import { LessonShell } from './LessonShell';

const progress = new ProgressStore(browserStorage());

/** The lessons, where the learner is in each, and a teacher's way in: their own file. */
export function LessonList({ history }: { history: MemoryHistory }) {
  const { t, i18n } = useTranslation('lessons');
  const lang = i18n.language;
  const [own, setOwn] = useState<{ lesson: Lesson; name: string } | null>(null);
  const [notices, setNotices] = useState<LessonNotice[]>([]);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    const r = parseLesson(await file.text(), { scenarios: scenarioIds() });
    if (r.ok) {
      setNotices([]);
      setOwn({ lesson: r.lesson, name: file.name });
    } else setNotices([{ key: 'file', level: 'error', title: t('file.invalid', { name: file.name }), problems: r.problems }]);
  };

  if (own) {
    return (
      <LessonShell>
        <LessonPage lesson={own.lesson} progressKey={`file:${own.lesson.id}`} initialStep={1} notices={[]} onDismiss={() => undefined} history={history} linkFor={null} />
      </LessonShell>
    );
  }
  const urlLang = new URLSearchParams(window.location.search).get('lang');
  return (
    <LessonShell>
      <div className="lesson-list" data-testid="lesson-list">
        <h1>{t('list.heading')}</h1>
        <p>{t('list.intro')}</p>
        <LessonNotices notices={notices} onDismiss={(k) => setNotices((n) => n.filter((x) => x.key !== k))} />
        <ol className="lesson-cards">
          {bundledLessons().map(({ file, lesson, problems }) =>
            lesson ? (
              <li key={file} className="panel lesson-card">
                <a href={lessonHref(lesson.id, null, urlLang)} data-testid={`lesson-link-${lesson.id}`}>
                  <strong>{pick(lesson.title, lang)}</strong>
                </a>
                {lesson.summary && <p>{pick(lesson.summary, lang)}</p>}
                <p className="lesson-hint">
                  {t('list.steps', { count: lesson.steps.length })}
                  {(() => {
                    const p = progress.get(lesson.id);
                    return p ? ` · ${t('list.progress', { n: Math.min(p.step, lesson.steps.length) })}` : '';
                  })()}
                </p>
              </li>
            ) : (
              <li key={file} className="panel lesson-card">
                <LessonNotices notices={[{ key: file, level: 'error', title: t('file.invalid', { name: file }), problems }]} onDismiss={() => undefined} />
              </li>
            ),
          )}
        </ol>
        <section className="panel lesson-teacher">
          <h2>{t('file.heading')}</h2>
          <p>{t('file.help')}</p>
          <label className="button">
            {t('file.pick')}
            <input type="file" accept=".toml,.json,text/plain" className="visually-hidden" onChange={(e) => void onFile(e)} data-testid="lesson-file" />
          </label>
          <p className="lesson-hint">{t('file.urlHelp')}</p>
        </section>
      </div>
    </LessonShell>
  );
}
