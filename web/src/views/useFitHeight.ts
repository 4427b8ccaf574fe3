import { useLayoutEffect, useState, type RefObject } from 'react';
import { fitHeight, FIRST_SCREEN_MARGIN_PX, WIDE_MIN_PX } from './fitHeight';

/** The first plot (cwnd; a run without TCP has none, then its first plot). */
export function firstPlot(): Element | null {
  return document.querySelector('[data-testid="plot-cwnd"]') ?? document.querySelector('figure.plot');
}

/** What must end on the first screen: the first plot on wide screens, the play controls on narrow ones. */
function fitTarget(): Element | null {
  if (window.innerWidth >= WIDE_MIN_PX) return firstPlot() ?? document.querySelector('.playback');
  return document.querySelector('.playback');
}

/**
 * Calls `fit` whenever the page's content or the window changes size; returns
 * the cleanup. First called by the observer's first report, after the
 * browser's own layout: measuring at once would force one more layout while
 * the page renders.
 */
export function observeFirstScreen(from: Element, fit: () => void): () => void {
  const ro = new ResizeObserver(fit);
  ro.observe(from.closest('.app') ?? document.body);
  window.addEventListener('resize', fit);
  return () => {
    ro.disconnect();
    window.removeEventListener('resize', fit);
  };
}

/**
 * The height of the box at `ref` that keeps the fit target on the first
 * screen, re-measured when the window or the page's content changes size.
 */
export function useFitHeight(ref: RefObject<HTMLElement | null>, naturalPx: number): number {
  const [height, setHeight] = useState(naturalPx);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    return observeFirstScreen(box, () => {
      const target = fitTarget();
      if (!target) {
        setHeight(naturalPx);
        return;
      }
      const bottom = target.getBoundingClientRect().bottom + window.scrollY;
      const spare = window.innerHeight - FIRST_SCREEN_MARGIN_PX - bottom;
      setHeight(fitHeight(box.getBoundingClientRect().height, spare, naturalPx));
    });
  }, [ref, naturalPx]);
  return height;
}
