// Word wrap for labels drawn on a canvas, where the browser wraps nothing.

const ELLIPSIS = '\u2026';

/**
 * Greedy word wrap at spaces into at most `maxLines` lines no wider than
 * `maxWidth`; a word too long for a line is cut, and text left over ends the
 * last line with an ellipsis.
 */
export function wrapLines(text: string, maxWidth: number, maxLines: number, measure: (s: string) => number): string[] {
  const fit = (s: string) => measure(s) <= maxWidth;
  /** The longest start of `s` that fits with an ellipsis after it. */
  const cut = (s: string) => {
    let n = s.length;
    while (n > 1 && !fit(`${s.slice(0, n)}${ELLIPSIS}`)) n--;
    return `${s.slice(0, n)}${ELLIPSIS}`;
  };
  const lines: string[] = [];
  const words = text.split(/\s+/).filter(Boolean);
  let line = '';
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? '';
    const next = line ? `${line} ${word}` : word;
    if (fit(next)) {
      line = next;
      continue;
    }
    if (line) {
      lines.push(line);
      line = '';
      i--;
    } else {
      // One word wider than the line: cut it here.
      lines.push(cut(word));
    }
    if (lines.length === maxLines) {
      const last = lines[maxLines - 1] ?? '';
      if (!last.endsWith(ELLIPSIS)) lines[maxLines - 1] = fit(`${last}${ELLIPSIS}`) ? `${last}${ELLIPSIS}` : cut(last);
      return lines;
    }
  }
  if (line) lines.push(line);
  return lines;
}
