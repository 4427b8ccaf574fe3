import { useLayoutEffect, useState, type RefObject } from 'react';
import { fitHeight, FIRST_SCREEN_MARGIN_PX, WIDE_MIN_PX } from './fitHeight';

/** What must end on the first screen: the first plot (cwnd) on wide screens, the play controls on narrow ones. */
function fitTarget(): Element | null {
  if (window.innerWidth >= WIDE_MIN_PX) return document.querySelector('[data-testid="plot-cwnd"]') ?? document.querySelector('figure.plot') ?? document.querySelector('.playback');
  return document.querySelector('.playback');
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
    const fit = () => {
      const target = fitTarget();
      if (!target) {
        setHeight(naturalPx);
        return;
      }
      const bottom = target.getBoundingClientRect().bottom + window.scrollY;
      const spare = window.innerHeight - FIRST_SCREEN_MARGIN_PX - bottom;
      setHeight(fitHeight(box.getBoundingClientRect().height, spare, naturalPx));
    };
    // First measured by the observer's first report, after the browser's own
    // layout: measuring here would force one more layout while the page renders.
    const ro = new ResizeObserver(fit);
    const stage = box.closest('.app') ?? document.body;
    ro.observe(stage);
    window.addEventListener('resize', fit);
    return () => {
      ro.disconnect();
      window.removeEventListener('resize', fit);
    };
  }, [ref, naturalPx]);
  return height;
}
