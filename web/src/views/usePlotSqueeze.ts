import { useLayoutEffect, useState } from 'react';
import { FIRST_SCREEN_MARGIN_PX, MIN_ANIMATION_PX, plotSqueeze, WIDE_MIN_PX } from './fitHeight';

/**
 * Pixels the plots give up so the first plot (cwnd) ends on a wide first
 * screen when the animation alone cannot make the room (useFitHeight shrinks
 * it first); at most `maxPx`. Re-measured when the page changes size.
 */
export function usePlotSqueeze(maxPx: number): number {
  const [squeeze, setSqueeze] = useState(0);
  useLayoutEffect(() => {
    const fit = () => {
      const target = document.querySelector('[data-testid="plot-cwnd"]') ?? document.querySelector('figure.plot');
      const animation = document.querySelector('[data-testid="animation"]');
      if (window.innerWidth < WIDE_MIN_PX || !target) {
        setSqueeze(0);
        return;
      }
      const overflow = target.getBoundingClientRect().bottom + window.scrollY - (window.innerHeight - FIRST_SCREEN_MARGIN_PX);
      const slack = animation ? Math.max(0, animation.getBoundingClientRect().height - MIN_ANIMATION_PX) : 0;
      setSqueeze((current) => plotSqueeze(current, overflow, slack, maxPx));
    };
    const ro = new ResizeObserver(fit);
    ro.observe(document.querySelector('.app') ?? document.body);
    window.addEventListener('resize', fit);
    return () => {
      ro.disconnect();
      window.removeEventListener('resize', fit);
    };
  }, [maxPx]);
  return squeeze;
}
