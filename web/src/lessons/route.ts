// Which page the URL asks for: the app (default), a lesson
// (`?lesson=cwnd-basics&step=3`, or a teacher's file `?lessonUrl=/my.toml`), the
// lesson list (`?view=lessons`) or paper mode (`?view=paper&seed=003`).

export type Route =
  | { page: 'app' }
  | { page: 'lessons' }
  | { page: 'lesson'; source: { kind: 'bundled'; id: string } | { kind: 'url'; url: string }; step: StepRequest; unknown: string[] }
  | { page: 'paper'; seed: string | null };

/** The step the URL asks for: none, a valid number, or text that is not one. */
export type StepRequest = { kind: 'none' } | { kind: 'number'; step: number } | { kind: 'bad'; value: string };

export const PAPER_SEEDS = ['000', '001', '002', '003', '004'] as const;

/** What a lesson link may say; the run's own settings belong in the lesson file. */
export const LESSON_PARAMS = ['lesson', 'lessonUrl', 'step', 'lang'];

export function routeOf(search: string): Route {
  const q = new URLSearchParams(search);
  const lesson = q.get('lesson');
  const lessonUrl = q.get('lessonUrl');
  if (lesson !== null || lessonUrl !== null) {
    const stepText = q.get('step');
    const step: StepRequest =
      stepText === null ? { kind: 'none' } : /^[1-9][0-9]{0,2}$/.test(stepText) ? { kind: 'number', step: Number(stepText) } : { kind: 'bad', value: stepText.slice(0, 40) };
    const unknown = [...new Set([...q.keys()].filter((k) => !LESSON_PARAMS.includes(k)))];
    return { page: 'lesson', source: lessonUrl !== null ? { kind: 'url', url: lessonUrl } : { kind: 'bundled', id: lesson ?? '' }, step, unknown };
  }
  const view = q.get('view');
  if (view === 'lessons') return { page: 'lessons' };
  if (view === 'paper') return { page: 'paper', seed: q.get('seed') };
  return { page: 'app' };
}

/** A lesson link: `?lesson=id&step=n`, keeping `lang=` when given. */
export function lessonHref(id: string, step: number | null, lang: string | null): string {
  const q = new URLSearchParams();
  q.set('lesson', id);
  if (step !== null) q.set('step', String(step));
  if (lang) q.set('lang', lang);
  return `?${q.toString()}`;
}

/**
 * A teacher's lesson file may come only from this site: a path or an absolute
 * URL of the same origin. Returns the URL to fetch, or null.
 */
export function sameOriginUrl(raw: string, origin: string): string | null {
  try {
    const url = new URL(raw, origin);
    return url.origin === origin && (url.protocol === 'http:' || url.protocol === 'https:') ? url.href : null;
  } catch {
    return null;
  }
}
