// Axis units and margins of a time plot, from the data range and the text
// size: a unit that keeps tick labels at four digits or fewer (ms -> s,
// B -> KB -> MB), and a left margin wide enough that the tick labels never
// reach the rotated axis title.

import type { TextSizes } from '../viewScale';

export interface AxisUnit {
  /** The unit shown in the axis title. */
  unit: string;
  /** Multiply data values by this for the tick labels. */
  factor: number;
}

/** Larger units, each with its factor from the one the data come in. */
const LADDERS: Record<string, { unit: string; factor: number }[]> = {
  ms: [{ unit: 's', factor: 1e-3 }],
  bytes: [
    { unit: 'KB', factor: 1e-3 },
    { unit: 'MB', factor: 1e-6 },
    { unit: 'GB', factor: 1e-9 },
  ],
  B: [
    { unit: 'KB', factor: 1e-3 },
    { unit: 'MB', factor: 1e-6 },
  ],
  'kbit/s': [{ unit: 'Mbit/s', factor: 1e-3 }],
  'bit/s': [
    { unit: 'kbit/s', factor: 1e-3 },
    { unit: 'Mbit/s', factor: 1e-6 },
  ],
};

/** Ticks need five digits from here: time to switch to a larger unit. */
const FIVE_DIGITS = 10_000;

/** The unit for an axis whose largest tick is `maxAbs` (in the data's unit). */
export function axisUnit(unit: string, maxAbs: number): AxisUnit {
  if (!(maxAbs >= FIVE_DIGITS)) return { unit, factor: 1 };
  const ladder = LADDERS[unit];
  if (ladder) {
    for (const step of ladder) if (maxAbs * step.factor < FIVE_DIGITS) return step;
    return ladder[ladder.length - 1] ?? { unit, factor: 1 };
  }
  // Counts (segments, packets, sequence numbers): in thousands.
  return { unit: unit ? `${unit} (\u00d71000)` : '\u00d71000', factor: 1e-3 };
}

export interface AxisMargins {
  top: number;
  right: number;
  bottom: number;
  left: number;
  /** Where the rotated y-axis title's baseline sits (x, left of the axis). */
  yTitleX: number;
  /** Baselines of the x tick labels and of the x axis title, below the plot area. */
  xTickY: number;
  xTitleY: number;
}

/** Estimated width of text (tabular digits are about 0.6 em). */
export function textWidth(text: string, px: number): number {
  return text.length * px * 0.6;
}

const TICK_GAP = 8;
const TITLE_GAP = 6;

/**
 * Margins for the tick labels shown: the y title sits left of the widest
 * y tick label with a gap; the x title sits on its own line below the x ticks.
 */
export function axisMargins(yLabels: readonly string[], xLabels: readonly string[], text: Pick<TextSizes, 'tick' | 'axis'>): AxisMargins {
  const yTickW = Math.max(0, ...yLabels.map((l) => textWidth(l, text.tick)));
  // Rotated, the title's glyphs reach about one em left of its baseline.
  const yTitleX = -(yTickW + TICK_GAP + TITLE_GAP);
  const left = Math.ceil(yTickW + TICK_GAP + TITLE_GAP + text.axis + 4);
  const lastX = xLabels[xLabels.length - 1] ?? '';
  const right = Math.ceil(Math.max(16, textWidth(lastX, text.tick) / 2 + 4));
  const xTickY = 5 + Math.round(text.tick * 1.1);
  const xTitleY = xTickY + Math.round(text.axis * 1.25);
  return { top: 12, right, bottom: xTitleY + 6, left, yTitleX, xTickY, xTitleY };
}
