// What a reveal text claims, written so a test can hold the engine to it:
// `checks = ["flows.ftp.retransmits == 0", "flows.ij.goodput_bps < step1:flows.ij.goodput_bps",
// "flows.tcp.owd_fwd_mean_s > 0.5*flows.tcp.rtt_mean_s"]`.
// tests/golden/lessons.test.ts runs every shipped lesson step and evaluates them.

import { readPlaceholder, type Placeholder } from './schema';
import type { RunFigures } from './template';

export type CheckOp = '<' | '<=' | '>' | '>=' | '==' | '!=';

export interface Check {
  left: Placeholder;
  op: CheckOp;
  right: Placeholder | number;
  /** The right figure is multiplied by this (`0.5*flows.tcp.rtt_mean_s`). */
  factor: number;
}

const CHECK = /^\s*(\S+)\s*(<=|>=|==|!=|<|>)\s*(\S+)\s*$/;

/** Reads `figure op (figure | number)`; null when it is not one. */
export function parseCheck(text: string): Check | null {
  const m = CHECK.exec(text);
  if (!m) return null;
  const left = readPlaceholder(m[1] ?? '');
  const scaled = /^([0-9.]+)\*(.+)$/.exec(m[3] ?? '');
  const factor = scaled ? Number(scaled[1]) : 1;
  const rightText = scaled ? (scaled[2] ?? '') : (m[3] ?? '');
  const number = Number(rightText);
  const right = !scaled && rightText !== '' && Number.isFinite(number) ? number : readPlaceholder(rightText);
  if (!left || right === null || !Number.isFinite(factor)) return null;
  return { left, op: m[2] as CheckOp, right, factor };
}

function valueOf(p: Placeholder, current: RunFigures, runs: Record<number, RunFigures | undefined>): number | null {
  const figures = p.step === null ? current : runs[p.step];
  const v = figures?.[`${p.entity}.${p.field}`];
  return typeof v === 'number' ? v : null;
}

/** Whether the check holds; null when a figure it names is missing. */
export function holds(check: Check, current: RunFigures, runs: Record<number, RunFigures | undefined>): boolean | null {
  const a = valueOf(check.left, current, runs);
  const r = typeof check.right === 'number' ? check.right : valueOf(check.right, current, runs);
  if (a === null || r === null) return null;
  const b = r * check.factor;
  switch (check.op) {
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    case '==':
      return a === b;
    case '!=':
      return a !== b;
  }
}
