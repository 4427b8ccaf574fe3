import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The content width of an element: read once as it mounts, then kept current
 * with a ResizeObserver. Read in the layout effect, the width is there for the
 * frame that first shows the element (a ResizeObserver's first report comes
 * after layout, and the re-render it asks for went to the next frame or two:
 * a switch that adds a plot painted it empty first). Components mounting in
 * one commit read their widths one after another with no change in between,
 * so they share one layout.
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(Math.floor(el.getBoundingClientRect().width - horizontalPadding(el)));
    const ro = new ResizeObserver((entries) => {
      const w = entries[0]?.contentRect.width;
      if (w !== undefined) setWidth(Math.floor(w));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return width;
}

/** The element's left and right padding and borders: the observer reports the content box. */
function horizontalPadding(el: HTMLElement): number {
  const s = getComputedStyle(el);
  return parseFloat(s.paddingLeft) + parseFloat(s.paddingRight) + parseFloat(s.borderLeftWidth) + parseFloat(s.borderRightWidth);
}
