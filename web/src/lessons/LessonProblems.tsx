import { useTranslation } from 'react-i18next';
import type { LessonProblem } from './schema';

/** A lesson file's problems, one line per field: `steps.2.params: ... (allowed: ...)`. */
export function LessonProblems({ problems, testId }: { problems: readonly LessonProblem[]; testId?: string }) {
  const { t } = useTranslation('lessons');
  return (
    <ul className="lesson-problems" data-testid={testId}>
      {problems.map((p, i) => (
        <li key={i} data-path={p.path}>
          <code>{p.path}</code>: {t(`errors.${p.code}`, { ...p.params, defaultValue: p.params.message ?? p.code })}
          {p.params.allowed !== undefined && <> ({t('errors.allowed', { allowed: p.params.allowed })})</>}
        </li>
      ))}
    </ul>
  );
}

/** A notice of the lesson page (bad link, file that cannot be read). */
export interface LessonNotice {
  key: string;
  level: 'error' | 'warning';
  title: string;
  lines?: string[];
  problems?: LessonProblem[];
}

export function LessonNotices({ notices, onDismiss }: { notices: readonly LessonNotice[]; onDismiss: (key: string) => void }) {
  const { t } = useTranslation('lessons');
  if (notices.length === 0) return null;
  return (
    <div className="notices" aria-label={t('notices.label')}>
      {notices.map((n) => (
        <div key={n.key} className={`notice notice-${n.level}`} role={n.level === 'error' ? 'alert' : 'status'} data-testid="lesson-notice" data-notice={n.key}>
          <div className="notice-body">
            <strong className="notice-title">{n.title}</strong>
            {n.lines?.map((line, i) => <p key={i}>{line}</p>)}
            {n.problems && <LessonProblems problems={n.problems} />}
          </div>
          <button type="button" className="button button-small button-quiet" onClick={() => onDismiss(n.key)}>
            {t('notices.dismiss')}
          </button>
        </div>
      ))}
    </div>
  );
}
