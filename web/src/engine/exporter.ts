// The page side of exports: starts an export worker, gathers the chunks it
// posts as Blob parts (the browser may keep them out of the JS heap), and
// hands back one Blob made of them, with its exact size.

import type { ExportKind, ExportReply, ExportRequest } from './exportProtocol';

export interface ExportedFile {
  blob: Blob;
  bytes: number;
  /** Packets (pcap) or lines (ns-2 trace). */
  items: number;
  /** The digest of the run the file was written from. */
  digest: string;
}

export interface ExportJob {
  result: Promise<ExportedFile>;
  /** Stops the export; `result` rejects with an AbortError. */
  cancel(): void;
}

export const EXPORT_MIME: Record<ExportKind, string> = {
  pcap: 'application/vnd.tcpdump.pcap',
  ns2: 'text/plain',
};

export const EXPORT_EXTENSION: Record<ExportKind, string> = { pcap: 'pcap', ns2: 'tr' };

/** A worker, or a stand-in for tests. */
export interface ExportPort {
  postMessage(msg: ExportRequest): void;
  onmessage: ((ev: MessageEvent<ExportReply>) => void) | null;
  onerror: ((ev: ErrorEvent) => void) | null;
  terminate(): void;
}

export function exportWorker(): ExportPort {
  return new Worker(new URL('./exportWorker.ts', import.meta.url), { type: 'module', name: 'ackscope-export' }) as ExportPort;
}

export function startExport(
  request: ExportRequest,
  onProgress: (fraction: number, bytes: number) => void,
  open: () => ExportPort = exportWorker,
): ExportJob {
  const port = open();
  let parts: Blob[] = [];
  let received = 0;
  let settle: { resolve(f: ExportedFile): void; reject(e: Error): void } | null = null;
  const result = new Promise<ExportedFile>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const end = (outcome: ExportedFile | Error) => {
    port.terminate();
    const s = settle;
    settle = null;
    parts = [];
    if (!s) return;
    if (outcome instanceof Error) s.reject(outcome);
    else s.resolve(outcome);
  };
  port.onmessage = (ev) => {
    const msg = ev.data;
    switch (msg.type) {
      case 'chunk':
        parts.push(new Blob([msg.bytes as Uint8Array<ArrayBuffer>]));
        received += msg.bytes.length;
        onProgress(msg.progress, received);
        return;
      case 'done': {
        if (msg.bytes !== received) {
          end(new Error(`the export lost data (${received} of ${msg.bytes} bytes arrived)`));
          return;
        }
        const blob = new Blob(parts, { type: EXPORT_MIME[request.kind] });
        end({ blob, bytes: msg.bytes, items: msg.items, digest: msg.digest });
        return;
      }
      case 'error':
        end(new Error(msg.message));
        return;
    }
  };
  port.onerror = (ev) => {
    ev.preventDefault();
    end(new Error(ev.message || 'the export worker could not start'));
  };
  port.postMessage(request);
  return {
    result,
    cancel: () => end(new DOMException('The export was cancelled.', 'AbortError') as Error),
  };
}
