import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { seriesName } from '../engine/seriesNames';
import { PlotsPanel } from '../plots/PlotsPanel';
import { serializeUrl } from '../state/url';
import { AnimationPanel } from '../views/AnimationPanel';
import { ErrorBoundary } from '../views/ErrorBoundary';
import { Notices } from '../views/Notices';
import { Panel } from '../views/Panel';
import { useServices } from '../views/services';
import { SummaryTable } from '../views/SummaryTable';
import { LessonNotices, type LessonNotice } from './LessonProblems';
import type { MemoryHistory } from './memoryHistory';
import { ProgressStore, browserStorage, type LessonProgress } from './progress';
import { pick, type Lesson } from './schema';
import { figuresOf, fillTemplate, type RunFigures } from './template';
import { useLessonRun, withLanguage } from './useLessonRun';
import { SketchPad } from './SketchPad';
import { resample, type Sketch } from './sketch';
import './lessons.css';

export interface LessonPageProps {
  lesson: Lesson;
  /** Key of the lesson's progress (its id; teachers' files are prefixed). */
  progressKey: string;
  initialStep: number;
  notices: LessonNotice[];
  onDismiss: (key: string) => void;
  history: MemoryHistory;
  /** The address-bar link of step n, or null to leave the address bar alone. */
  linkFor: ((step: number) => string) | null;
}

const progressStore = new ProgressStore(browserStorage());

/** One lesson: the step's explanation, prediction, run and reveal beside the app's animation and plots. */
export function LessonPage({ lesson, progressKey, initialStep, notices, onDismiss, history, linkFor }: LessonPageProps) {
  const { t, i18n } = useTranslation('lessons');
  const lang = i18n.language;
  const radioGroup = useId();
  const [progress, setProgress] = useState<LessonProgress>(() =>
    progressStore.update(progressKey, (p) => ({ ...p, step: initialStep })),
  );
  const step = Math.min(Math.max(progress.step, 1), lesson.steps.length);
  const current = lesson.steps[step - 1]!;
  const { state, run, reset } = useLessonRun(history);
  const { store } = useServices();
  const actualCwnd = (flow: string, seconds: number): Sketch | null => {
    const series = store.seriesByName(seriesName({ kind: 'flow', flow }, 'cwnd'));
    return series ? resample(series.timesMs, series.values, seconds) : null;
  };
  const answer = progress.steps[step]?.answer;
  const ranThisStep = state.phase !== 'idle' && state.step === step;

  const save = (change: (p: LessonProgress) => LessonProgress) => setProgress(progressStore.update(progressKey, change));

  useEffect(() => {
    if (linkFor) window.history.replaceState(null, '', linkFor(step));
  }, [linkFor, step]);

  // A step without a question runs as soon as it opens.
  useEffect(() => {
    if (!current.predict && !(state.phase !== 'idle' && state.step === step)) run(step, current.params);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step]);

  // Keep the finished run's figures: later steps quote them.
  useEffect(() => {
    if (state.phase !== 'done') return;
    const figures = figuresOf(state.summary);
    save((p) => ({ ...p, steps: { ...p.steps, [state.step]: { ...p.steps[state.step], figures } } }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);

  const goTo = (n: number) => {
    reset();
    save((p) => ({ ...p, step: n }));
  };

  const runs: Record<number, RunFigures | undefined> = useMemo(
    () => Object.fromEntries(Object.entries(progress.steps).map(([k, v]) => [Number(k), v.figures])),
    [progress],
  );

  return (
    <div className="lesson-page" data-lesson={lesson.id} data-step={step} data-lesson-run={ranThisStep ? state.phase : 'idle'}>
      <LessonNotices notices={notices} onDismiss={onDismiss} />
      <ErrorBoundary name={t('notices.label')}>
        <Notices />
      </ErrorBoundary>
      <div className="lesson-layout">
        <section className="lesson-panel panel" aria-labelledby="lesson-step-title" data-testid="lesson-panel">
          <p className="lesson-title">{pick(lesson.title, lang)}</p>
          <nav className="lesson-steps" aria-label={t('step.nav')}>
            {lesson.steps.map((s, i) => (
              <button
                key={i}
                type="button"
                className={`lesson-dot${i + 1 === step ? ' lesson-dot-current' : ''}${progress.steps[i + 1]?.figures ? ' lesson-dot-done' : ''}`}
                aria-current={i + 1 === step ? 'step' : undefined}
                aria-label={t('step.goto', { n: i + 1, title: pick(s.title, lang) })}
                onClick={() => goTo(i + 1)}
              >
                {i + 1}
              </button>
            ))}
          </nav>
          <p className="lesson-count">{t('step.count', { n: step, total: lesson.steps.length })}</p>
          <h2 id="lesson-step-title">{pick(current.title, lang)}</h2>
          <Paragraphs text={fillTemplate(pick(current.text, lang), null, runs, lang).text} />
          {current.predict && (
            <fieldset className="lesson-predict" data-testid="lesson-predict">
              <legend>{pick(current.predict.question, lang)}</legend>
              {current.predict.options.map((o, i) => {
                const revealed = ranThisStep && state.phase === 'done';
                const mark = revealed ? (o.correct ? ' lesson-option-correct' : i === answer ? ' lesson-option-wrong' : '') : '';
                return (
                  <label key={i} className={`lesson-option${mark}`}>
                    <input
                      type="radio"
                      name={`${radioGroup}${step}`}
                      checked={answer === i}
                      disabled={ranThisStep && state.phase !== 'failed'}
                      onChange={() => save((p) => ({ ...p, steps: { ...p.steps, [step]: { ...p.steps[step], answer: i } } }))}
                    />
                    <span>{pick(o.text, lang)}</span>
                  </label>
                );
              })}
            </fieldset>
          )}
          {current.sketch && (
            <SketchPad
              seconds={current.sketch.seconds}
              max={current.sketch.max}
              sketch={progress.steps[step]?.sketch}
              actual={ranThisStep && state.phase === 'done' ? actualCwnd(current.sketch.flow, current.sketch.seconds) : null}
              disabled={ranThisStep && state.phase !== 'failed'}
              onChange={(sketch: Sketch) => save((p) => ({ ...p, steps: { ...p.steps, [step]: { ...p.steps[step], sketch } } }))}
            />
          )}
          <div className="lesson-actions">
            <button
              type="button"
              className="button button-primary"
              data-testid="lesson-run"
              disabled={(current.predict !== undefined && answer === undefined) || (ranThisStep && state.phase === 'running')}
              onClick={() => run(step, current.params)}
            >
              {ranThisStep ? t('run.again') : t('run.run')}
            </button>
            {current.predict && answer === undefined && <span className="lesson-hint">{t('run.predictFirst')}</span>}
            {ranThisStep && state.phase === 'running' && (
              <span className="lesson-hint" role="status">
                {t('run.running', { percent: Math.round(state.progress * 100) })}
              </span>
            )}
          </div>
          {ranThisStep && state.phase === 'failed' && <p className="lesson-failed" role="alert">{t('run.failed', { message: state.message })}</p>}
          {ranThisStep && state.phase === 'done' && (
            <Reveal lesson={lesson} step={step} answer={answer} figures={figuresOf(state.summary)} runs={runs} lang={lang} />
          )}
          <div className="lesson-nav">
            <button type="button" className="button" disabled={step <= 1} onClick={() => goTo(step - 1)} data-testid="lesson-prev">
              {t('step.prev')}
            </button>
            <button type="button" className="button" disabled={step >= lesson.steps.length} onClick={() => goTo(step + 1)} data-testid="lesson-next">
              {t('step.next')}
            </button>
          </div>
        </section>
        <div className="lesson-stage">
          {ranThisStep ? (
            <>
              <AnimationPanel />
              <PlotsPanel />
              <Panel title={t('stage.summary')} testId="summary-panel">
                <SummaryTable />
              </Panel>
            </>
          ) : (
            <p className="lesson-stage-empty panel" data-testid="lesson-stage-empty">
              {current.predict ? t('stage.waitingPrediction') : t('stage.waiting')}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

function Reveal({ lesson, step, answer, figures, runs, lang }: { lesson: Lesson; step: number; answer: number | undefined; figures: RunFigures; runs: Record<number, RunFigures | undefined>; lang: string }) {
  const { t } = useTranslation('lessons');
  const { controller } = useServices();
  const s = lesson.steps[step - 1]!;
  const correct = s.predict && answer !== undefined ? s.predict.options[answer]?.correct === true : null;
  const filled = s.reveal ? fillTemplate(pick(s.reveal, lang), figures, runs, lang) : null;
  const appLink = `?${withLanguage(serializeUrl(controller.urlState()), lang)}`;
  return (
    <div className="lesson-reveal" data-testid="lesson-reveal" role="status">
      {correct !== null && (
        <p className={correct ? 'lesson-verdict lesson-verdict-right' : 'lesson-verdict lesson-verdict-wrong'} data-testid="lesson-verdict" data-correct={String(correct)}>
          {correct ? t('reveal.right') : t('reveal.wrong')}
        </p>
      )}
      {filled && <Paragraphs text={filled.text} />}
      {filled && filled.missing.length > 0 && <MissingHint missing={filled.missing} />}
      <a className="lesson-applink" href={appLink} data-testid="lesson-open-app">
        {t('reveal.openInApp')}
      </a>
    </div>
  );
}

/** Figures a text could not fill: earlier steps not run yet (named by step), or fields the run lacks. */
function MissingHint({ missing }: { missing: readonly string[] }) {
  const { t } = useTranslation('lessons');
  const steps = [...new Set(missing.flatMap((m) => /^\{step([0-9]+):/.exec(m)?.[1] ?? []))].sort((a, b) => Number(a) - Number(b));
  const others = missing.filter((m) => !/^\{step[0-9]+:/.test(m));
  return (
    <p className="lesson-hint" data-testid="lesson-missing">
      {steps.length > 0 && t('reveal.runEarlier', { steps: steps.join(', ') })}
      {steps.length > 0 && others.length > 0 && ' '}
      {others.length > 0 && t('reveal.missing', { list: others.join(', ') })}
    </p>
  );
}

function Paragraphs({ text }: { text: string }) {
  return (
    <div className="lesson-text">
      {text
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter((p) => p !== '')
        .map((p, i) => (
          <p key={i}>{p}</p>
        ))}
    </div>
  );
}
