// Messages between paper mode and its sweep workers, named by direction.

import type { FieldError, Summary } from '../generated/types';
import type { Override } from '../engine/protocol';

export type UiToSweep =
  | { type: 'expand'; id: number; text: string }
  | { type: 'run'; id: number; text: string; overrides: Override[] };

export type SweepToUi =
  | { type: 'expanded'; id: number; json: string }
  | { type: 'result'; id: number; summary: Summary; wallMs: number }
  | { type: 'error'; id: number; message: string; fieldErrors: FieldError[] };
