/// <reference lib="webworker" />
// Writes one export: runs the scenario again in the wasm engine with its
// trace streamed into a pcap or ns-2 writer, posting the bytes in chunks as
// they are written, so neither thread ever holds the whole file as one piece.

import wasmUrl from './pkg/ackscope_wasm_bg.wasm?url';
import { Exporter, initSync, takePanicMessage } from './pkg/ackscope_wasm.js';
import type { ExportReply, ExportRequest } from './exportProtocol';

declare const self: DedicatedWorkerGlobalScope;

/** Events per slice: a few megabytes of output at most. */
const EVENTS_PER_SLICE = 20_000;

function post(msg: ExportReply, transfer: Transferable[] = []): void {
  self.postMessage(msg, transfer);
}

async function write(request: ExportRequest): Promise<void> {
  const response = await fetch(wasmUrl);
  if (!response.ok) throw new Error(`cannot fetch the engine (${response.status} ${response.statusText})`);
  initSync({ module: await WebAssembly.compile(await response.arrayBuffer()) });
  const exporter = new Exporter(request.text, request.format, JSON.stringify(request.overrides), request.kind);
  try {
    let done = false;
    while (!done) {
      done = exporter.runFor(EVENTS_PER_SLICE);
      const bytes = exporter.takeChunk();
      if (bytes.length > 0) post({ type: 'chunk', bytes, progress: exporter.progress }, [bytes.buffer]);
    }
    post({ type: 'done', bytes: exporter.bytes, items: exporter.items, digest: exporter.digest });
  } finally {
    exporter.free();
  }
}

self.onmessage = (ev: MessageEvent<ExportRequest>) => {
  write(ev.data).catch((e: unknown) => {
    let panic: string | undefined;
    try {
      panic = takePanicMessage();
    } catch {
      panic = undefined;
    }
    post({ type: 'error', message: panic ?? (e instanceof Error ? e.message : String(e)) });
  });
};
