// How much one run may take in the browser before it stops and asks: a shared
// link can describe a day of simulated traffic, and a student's laptop should
// not stay busy for an hour because a link was opened. The run stops at the
// budget with its partial results and an offer to go on (each Continue grants
// one more budget).

export interface RunBudget {
  /** Engine events per allowance. */
  maxEvents: number;
  /** Wall-clock ms per allowance. */
  maxWallMs: number;
}

/** Every shipped scenario finishes well within these (PERF-1 takes a few seconds). */
export const DEFAULT_BUDGET: RunBudget = { maxEvents: 200_000_000, maxWallMs: 60_000 };

/** localStorage key of a budget for this browser, e.g. `{"maxEvents":1e6,"maxWallMs":5000}`. */
export const BUDGET_STORAGE_KEY = 'ackscope:budget';

/** The budget: the default, or a valid one stored for this browser. */
export function runBudget(storage: Pick<Storage, 'getItem'> | null = globalStorage()): RunBudget {
  try {
    const raw = storage?.getItem(BUDGET_STORAGE_KEY);
    if (!raw) return DEFAULT_BUDGET;
    const v = JSON.parse(raw) as Partial<RunBudget>;
    const ok = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;
    return {
      maxEvents: ok(v.maxEvents) ? v.maxEvents : DEFAULT_BUDGET.maxEvents,
      maxWallMs: ok(v.maxWallMs) ? v.maxWallMs : DEFAULT_BUDGET.maxWallMs,
    };
  } catch {
    return DEFAULT_BUDGET;
  }
}

function globalStorage(): Pick<Storage, 'getItem'> | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
