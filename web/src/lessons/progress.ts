// Where each learner is in each lesson, kept in the browser (localStorage):
// the step, the answer chosen per step, and the figures of each step's run
// (later steps quote them). A storage that fails or holds junk is ignored.

import type { RunFigures } from './template';

export interface StepProgress {
  /** Index of the chosen option. */
  answer?: number;
  /** The learner's sketch of the cwnd (./sketch.ts). */
  sketch?: (number | null)[];
  /** Figures of the step's last finished run. */
  figures?: RunFigures;
}

export interface LessonProgress {
  /** 1-based. */
  step: number;
  steps: Record<number, StepProgress>;
}

export const PROGRESS_KEY = 'ackscope.lessons.v1';

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export class ProgressStore {
  constructor(private readonly storage: KeyValueStorage | null) {}

  private readAll(): Record<string, LessonProgress> {
    try {
      const raw = this.storage?.getItem(PROGRESS_KEY);
      const data: unknown = raw ? JSON.parse(raw) : {};
      return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, LessonProgress>) : {};
    } catch {
      return {};
    }
  }

  get(lessonId: string): LessonProgress | null {
    const p = this.readAll()[lessonId];
    if (!p || typeof p.step !== 'number' || !Number.isInteger(p.step) || p.step < 1) return null;
    return { step: p.step, steps: typeof p.steps === 'object' && p.steps !== null ? p.steps : {} };
  }

  update(lessonId: string, change: (p: LessonProgress) => LessonProgress): LessonProgress {
    const all = this.readAll();
    const next = change(this.get(lessonId) ?? { step: 1, steps: {} });
    all[lessonId] = next;
    try {
      this.storage?.setItem(PROGRESS_KEY, JSON.stringify(all));
    } catch {
      // Full or forbidden storage: progress lives only as long as the page.
    }
    return next;
  }
}

export function browserStorage(): KeyValueStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
