import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The content width of an element, kept current with a ResizeObserver. Its
 * first report comes after the browser's own layout, before that frame is
 * painted: reading the width here instead (clientWidth) would force a layout
 * per component while the page first renders, each after the last one's
 * re-render changed the page.
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver((entries) => {
      const w = entries[0]?.contentRect.width;
      if (w !== undefined) setWidth(Math.floor(w));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return width;
}
