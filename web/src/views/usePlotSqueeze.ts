import { useLayoutEffect, useState } from 'react';
import { FIRST_SCREEN_MARGIN_PX, MIN_ANIMATION_PX, plotSqueeze, WIDE_MIN_PX } from './fitHeight';
import { firstPlot, observeFirstScreen } from './useFitHeight';

/**
 * Pixels the plots give up so the first plot (cwnd) ends on a wide first
 * screen when the animation alone cannot make the room (useFitHeight shrinks
 * it first); at most `maxPx`. Re-measured when the page changes size.
 */
export function usePlotSqueeze(maxPx: number): number {
  const [squeeze, setSqueeze] = useState(0);
  useLayoutEffect(
    () =>
      observeFirstScreen(document.querySelector('.app') ?? document.body, () => {
        const target = firstPlot();
        if (window.innerWidth < WIDE_MIN_PX || !target) {
          setSqueeze(0);
          return;
        }
        const animation = document.querySelector('[data-testid="animation"]');
        const overflow = target.getBoundingClientRect().bottom + window.scrollY - (window.innerHeight - FIRST_SCREEN_MARGIN_PX);
        const slack = animation ? Math.max(0, animation.getBoundingClientRect().height - MIN_ANIMATION_PX) : 0;
        setSqueeze((current) => plotSqueeze(current, overflow, slack, maxPx));
      }),
    [maxPx],
  );
  return squeeze;
}
