// Work that can wait for the page to settle (after the first frame): the
// browser's idle callback, waiting at most `maxWaitMs`; a timer where there is none.
export function browserIdle(maxWaitMs: number): (f: () => void) => void {
  return (f) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => f(), { timeout: maxWaitMs });
    else setTimeout(f, Math.min(maxWaitMs, 500));
  };
}
