// Number formatting for labels, readouts and tables, through Intl in the
// interface's language (unit symbols are SI, the same in every language).

import { numberLocale } from './i18n';

const formats = new Map<string, Intl.NumberFormat>();

/** A cached Intl.NumberFormat of the current language. */
function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const locale = numberLocale();
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    formats.set(key, f);
  }
  return f;
}

/** A number with exactly `digits` decimals, no grouping (readouts). */
export function formatFixed(v: number, digits: number): string {
  return numberFormat({ minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }).format(v);
}

/** Bit rate, e.g. 800000 -> "800 kbit/s", 9600 -> "9.6 kbit/s". */
export function formatRate(bps: number): string {
  const units: [number, string][] = [
    [1e9, 'Gbit/s'],
    [1e6, 'Mbit/s'],
    [1e3, 'kbit/s'],
  ];
  for (const [scale, unit] of units) {
    if (Math.abs(bps) >= scale) return `${trim(bps / scale)} ${unit}`;
  }
  return `${trim(bps)} bit/s`;
}

/** A duration in ms, e.g. 0.1 -> "0.1 ms", 250 -> "250 ms", 1500 -> "1.5 s". */
export function formatDuration(ms: number): string {
  if (Math.abs(ms) >= 1000) return `${trim(ms / 1000)} s`;
  if (Math.abs(ms) > 0 && Math.abs(ms) < 0.001) return `${trim(ms * 1000)} \u00b5s`;
  return `${trim(ms)} ms`;
}

/** The playback readout: seconds with millisecond precision. */
export function formatClock(ms: number): string {
  return `${formatFixed(ms / 1000, 3)} s`;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1e6) return `${trim(bytes / 1e6)} MB`;
  if (bytes >= 1e3) return `${trim(bytes / 1e3)} kB`;
  return `${trim(bytes)} B`;
}

export function formatCount(n: number): string {
  return numberFormat({ maximumFractionDigits: 3 }).format(n);
}

/** Up to three significant digits, no trailing zeros. */
export function trim(v: number): string {
  if (v === 0) return '0';
  const digits = Math.abs(v) >= 100 ? 0 : Math.abs(v) >= 10 ? 1 : Math.abs(v) >= 1 ? 2 : 3;
  return numberFormat({ maximumFractionDigits: digits, useGrouping: false }).format(v);
}
