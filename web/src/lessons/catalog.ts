// The lessons shipped with the app: every scenarios/lessons/*.toml, bundled as
// text and checked like a teacher's own file.

import { parse as parseToml } from 'smol-toml';
import { parseLesson, type Lesson, type LessonProblem } from './schema';

const lessonFiles = import.meta.glob<string>('../../../scenarios/lessons/*.lesson.toml', { query: '?raw', import: 'default', eager: true });
const scenarioTexts = import.meta.glob<string>('../../../scenarios/**/*.toml', { query: '?raw', import: 'default', eager: true });

export interface BundledLesson {
  file: string;
  lesson: Lesson | null;
  problems: LessonProblem[];
}

let scenarioIdCache: string[] | null = null;

/** Ids of the bundled scenarios (steps may name only these). */
export function scenarioIds(): string[] {
  scenarioIdCache ??= Object.entries(scenarioTexts)
    .filter(([path]) => !path.endsWith('.sweep.toml') && !path.endsWith('.lesson.toml'))
    .map(([, text]) => {
      try {
        const id = (parseToml(text) as { id?: unknown }).id;
        return typeof id === 'string' ? id : null;
      } catch {
        return null;
      }
    })
    .filter((id): id is string => id !== null);
  return scenarioIdCache;
}

let cache: BundledLesson[] | null = null;

export function bundledLessons(): BundledLesson[] {
  cache ??= Object.entries(lessonFiles)
    .map(([path, text]) => {
      const r = parseLesson(text, { scenarios: scenarioIds() });
      return { file: path.replace(/^.*\/scenarios\//, 'scenarios/'), lesson: r.ok ? r.lesson : null, problems: r.ok ? [] : r.problems };
    })
    .sort((a, b) => (a.lesson?.order ?? 999) - (b.lesson?.order ?? 999) || a.file.localeCompare(b.file));
  return cache;
}

export function findLesson(id: string): Lesson | null {
  return bundledLessons().find((b) => b.lesson?.id === id)?.lesson ?? null;
}
