// Messages between the UI thread and the engine worker, named by direction.
// Every reply carries the id of the request it answers (`requestId` for
// validations, `runId` for runs), so stale replies can be recognised and dropped.

import type { FieldError, Recording, Scenario, SeriesInfo, Summary, Topology } from '../generated/types';
import type { RunBudget } from './budget';
import { columnBuffers, type TraceChunk } from './traceColumns';

export type ScenarioFormat = 'toml' | 'json';

/** A field override as the user typed it: `[path, raw value]`, e.g. `["links.bottleneck.rate", "250kbps"]`. */
export type Override = readonly [path: string, value: string];

/** The engine's `topologyJson()`: nodes, channels (with rate, delay and queue limit), flows. */
export type { Topology, TopologyChannel, TopologyFlow, TopologyNode } from '../generated/types';

/** New series points: chunk i is series `ids[i]` with `lengths[i]` points. */
export interface SeriesChunk {
  ids: Uint32Array;
  lengths: Uint32Array;
  timesMs: Float64Array;
  values: Float64Array;
}

/** New trace records, as columns: see traceColumns.ts (the one list of them). */
export type { TraceChunk } from './traceColumns';
export { FLAG, PacketFate, PacketKind } from './traceColumns';
/** An override the engine refused, with its field errors. */
export interface RejectedOverride {
  override: Override;
  errors: FieldError[];
}

/** What each option of a knob normalizes to, so the UI can tell which one is in effect. */
export interface KnobOptionValues {
  path: string;
  /** The scenario's own value at the path, normalized (null when unset). */
  base: string | null;
  /** One entry per option, in order; null where the engine refuses the option. */
  normalized: (string | null)[];
}

/** What each preset of a preset knob sets, normalized, so the UI can tell which one is in effect. */
export interface PresetValues {
  /** Index of the knob in the scenario's `knobs`. */
  knob: number;
  presets: {
    label: string;
    /** Its field settings as a user would type them. */
    set: Override[];
    /** Each setting normalized; null when the engine refuses the preset. */
    normalized: (string | null)[] | null;
    /** The scenario's own value at each path, normalized (null when unset). */
    base: (string | null)[];
  }[];
}

/**
 * The answer to `validate`: the scenario normalized with every override the
 * engine accepts; the refused ones are listed one by one.
 */
export interface Resolution {
  /** False when the scenario itself (without overrides) is invalid. */
  ok: boolean;
  scenario: Scenario | null;
  /** Errors of the scenario itself. */
  errors: FieldError[];
  accepted: Override[];
  rejected: RejectedOverride[];
  /** Present when asked for (`knobOptions: true`) and the scenario is valid. */
  knobOptions: KnobOptionValues[] | null;
  /** Like knobOptions, for preset knobs. */
  presetValues: PresetValues[] | null;
}

export interface EngineError {
  /** Readable, one line per problem. */
  message: string;
  /** Structured errors when the engine refused the input. */
  fieldErrors: FieldError[];
  /** True when the engine itself failed (a bug); the worker has re-created it. */
  panic: boolean;
}

export type UiToEngine =
  | {
      type: 'validate';
      requestId: number;
      text: string;
      format: ScenarioFormat;
      overrides: Override[];
      knobOptions: boolean;
    }
  | {
      type: 'run';
      runId: number;
      text: string;
      format: ScenarioFormat;
      overrides: Override[];
      recording: Recording;
      /** Absent: no budget. */
      budget?: RunBudget;
    }
  | { type: 'cancel'; runId: number }
  /** Go on with a run that stopped at its budget, with one more budget. */
  | { type: 'continue'; runId: number }
  /** The page has drawn the run's first data: an early run it adopted goes on (EngineHost.adopt). */
  | { type: 'shown'; runId: number }
  | {
      /**
       * The trace of a run between two times, simulated again from the start
       * (runs are deterministic): the animation of a run too large to keep whole.
       */
      type: 'traceWindow';
      requestId: number;
      text: string;
      format: ScenarioFormat;
      overrides: Override[];
      fromMs: number;
      toMs: number;
    };

export type EngineToUi =
  | { type: 'validated'; requestId: number; resolution: Resolution }
  | { type: 'validateFailed'; requestId: number; error: EngineError }
  | {
      type: 'started';
      runId: number;
      scenario: Scenario;
      topology: Topology;
      series: SeriesInfo[];
      endMs: number;
    }
  | {
      type: 'progress';
      runId: number;
      nowMs: number;
      progress: number;
      events: number;
      series: SeriesChunk | null;
      trace: TraceChunk | null;
    }
  | { type: 'done'; runId: number; summary: Summary; digest: string; events: number; wallMs: number }
  | { type: 'cancelled'; runId: number }
  /** The run reached its budget: the summary so far; it waits for `continue` or `cancel`. */
  | { type: 'paused'; runId: number; reason: 'events' | 'wall'; summary: Summary; events: number; nowMs: number; wallMs: number }
  | { type: 'traceWindowed'; requestId: number; fromMs: number; toMs: number; trace: TraceChunk | null }
  | { type: 'traceWindowFailed'; requestId: number; error: EngineError }
  | { type: 'error'; runId: number; error: EngineError };

/** The replies that belong to a run. */
export type RunMessage = Extract<EngineToUi, { runId: number }>;

/** Buffers of a message to transfer rather than copy. */
export function transferables(msg: EngineToUi): Transferable[] {
  if (msg.type === 'traceWindowed') return msg.trace ? [...new Set(columnBuffers(msg.trace))] : [];
  if (msg.type !== 'progress') return [];
  const out: Transferable[] = [];
  if (msg.series) {
    const s = msg.series;
    out.push(s.ids.buffer, s.lengths.buffer, s.timesMs.buffer, s.values.buffer);
  }
  if (msg.trace) out.push(...columnBuffers(msg.trace));
  // A buffer listed twice makes postMessage throw; drains give one buffer per column,
  // but guard anyway (a zero-length array may share a static buffer).
  return [...new Set(out)];
}

/** `path: problem (allowed: ...)`, the CLI's format. */
export function formatFieldError(e: FieldError): string {
  return e.allowed ? `${e.path}: ${e.problem} (allowed: ${e.allowed})` : `${e.path}: ${e.problem}`;
}
