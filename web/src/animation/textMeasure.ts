// How wide a label is drawn. The page measures with a canvas in the font it
// draws with; tests (and a page without a 2D context) estimate, counting
// Hangul and other wide characters as a full em.

/** Width in CSS px of `text` at `px`, bold (600) or regular. */
export type Measure = (text: string, px: number, bold: boolean) => number;

/** East Asian wide characters: Hangul, CJK, fullwidth forms. */
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

/** Average width of a Latin character in em, regular and bold. */
const LATIN_EM = 0.58;
const LATIN_BOLD_EM = 0.61;

/** About 0.58 em a Latin character (0.61 bold), 1 em a wide one. */
export const estimateWidth: Measure = (text, px, bold) => {
  let em = 0;
  for (const ch of text) em += WIDE.test(ch) ? 1 : bold ? LATIN_BOLD_EM : LATIN_EM;
  return em * px;
};

/** Room for `chars` regular Latin characters at `px`, before any text is known (margins, name widths). */
export function charsWidth(chars: number, px: number): number {
  return chars * LATIN_EM * px;
}

/** Measures with a 2D context in `font` (a CSS font family list), cached per string. */
export function canvasMeasure(ctx: CanvasRenderingContext2D | null, font: string): Measure {
  if (!ctx) return estimateWidth;
  const cache = new Map<string, number>();
  return (text, px, bold) => {
    const key = `${bold ? 'b' : 'r'}${px}|${text}`;
    let w = cache.get(key);
    if (w === undefined) {
      ctx.font = `${bold ? '600 ' : ''}${px}px ${font}`;
      w = ctx.measureText(text).width;
      cache.set(key, w);
    }
    return w;
  };
}

let pageContext: CanvasRenderingContext2D | null | undefined;

/** One 2D context for measuring, made once per page (a new canvas and context took 1-5 ms per scene built). */
export function measuringContext(): CanvasRenderingContext2D | null {
  if (pageContext === undefined) pageContext = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  return pageContext;
}
