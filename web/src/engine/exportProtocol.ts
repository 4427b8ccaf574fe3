// Messages between the page and an export worker (exportWorker.ts). One
// worker per export: cancelling terminates it.

import type { Override, ScenarioFormat } from './protocol';

/** The file formats a run exports to besides CSV/PNG/SVG. */
export type ExportKind = 'pcap' | 'ns2';

export interface ExportRequest {
  kind: ExportKind;
  text: string;
  format: ScenarioFormat;
  overrides: Override[];
}

export type ExportReply =
  /** The next bytes of the file (its buffer is transferred). */
  | { type: 'chunk'; bytes: Uint8Array; progress: number }
  /** The file is complete: `bytes` long, with `items` packets (pcap) or lines (ns-2). */
  | { type: 'done'; bytes: number; items: number; digest: string }
  | { type: 'error'; message: string };
