// The URL's run parameters that the entry script reads before the app loads
// (engine/earlyRun.ts): kept free of i18n and the rest of url.ts, which
// re-exports them.

export const DEFAULT_SCENARIO = 'seed000/wired';
export const MAX_SEED = Number.MAX_SAFE_INTEGER; // 2^53 - 1, the engine's limit too

export function parseSeed(text: string): number | null {
  if (!/^[0-9]{1,16}$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) && n <= MAX_SEED ? n : null;
}
