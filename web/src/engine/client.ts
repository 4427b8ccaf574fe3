// The UI side of the engine: one worker, requests matched to replies by id.
// Starting a run cancels the previous one; replies of older runs are dropped.

import type { Recording } from '../generated/types';
import { t as tr } from '../i18n';
import { runBudget, type RunBudget } from './budget';
import type { EngineError, EngineToUi, Override, Resolution, RunMessage, ScenarioFormat, UiToEngine } from './protocol';
import type { TraceChunk } from './traceColumns';
import { createEngineWorker, takeEarlyWorker } from './earlyWorker';

/** A message pipe to an engine host (a Worker in the app, an in-process host in tests). */
export interface EngineChannel {
  send(msg: UiToEngine): void;
  /** Registers the single receiver of the host's messages and of pipe failures. */
  listen(onMessage: (msg: EngineToUi) => void, onFailure: (message: string) => void): void;
  close(): void;
}

export interface RunRequest {
  text: string;
  format: ScenarioFormat;
  overrides: Override[];
  recording: Recording;
  /** Default: this browser's budget (see budget.ts); null: none. */
  budget?: RunBudget | null;
}

export type RunListener = (msg: RunMessage) => void;

export class EngineRequestError extends Error {
  constructor(readonly error: EngineError) {
    super(error.message);
  }
}

interface Pending {
  resolve(r: Resolution): void;
  reject(e: Error): void;
}

export class EngineClient {
  private channel: EngineChannel;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private active: { runId: number; listener: RunListener } | null = null;
  /** The trace window asked for last (an older one is replaced in the host). */
  private windowRequest: { requestId: number; resolve(c: TraceChunk | null): void; reject(e: Error): void } | null = null;

  constructor(private readonly openChannel: () => EngineChannel) {
    this.channel = this.connect();
  }

  /** Validates a scenario with overrides; refused overrides come back in `rejected`. */
  validate(
    text: string,
    format: ScenarioFormat,
    overrides: readonly Override[],
    options: { knobOptions?: boolean } = {},
  ): Promise<Resolution> {
    const requestId = this.nextId++;
    return new Promise<Resolution>((resolve, reject) => {
      this.pending.set(requestId, { resolve, reject });
      this.channel.send({
        type: 'validate',
        requestId,
        text,
        format,
        overrides: [...overrides],
        knobOptions: options.knobOptions ?? false,
      });
    });
  }

  /** Starts a run (cancelling the one in progress) and returns its id. */
  run(request: RunRequest, listener: RunListener): number {
    // The host cancels whatever it is running when a new run arrives; replies to
    // the old run are dropped below since it is no longer the active one.
    const runId = this.nextId++;
    this.active = { runId, listener };
    const budget = request.budget === undefined ? runBudget() : request.budget;
    const { text, format, recording } = request;
    this.channel.send({ type: 'run', runId, text, format, recording, overrides: [...request.overrides], ...(budget ? { budget } : {}) });
    return runId;
  }

  /** Tells the engine the page has drawn the current run's first data (an early run it held goes on). */
  shown(): void {
    const run = this.active;
    if (run) this.channel.send({ type: 'shown', runId: run.runId });
  }

  /** Goes on with a run that stopped at its budget. */
  continueRun(): void {
    const run = this.active;
    if (run) this.channel.send({ type: 'continue', runId: run.runId });
  }

  /**
   * The trace of a run between two times, simulated again in the worker (the
   * run is deterministic, so it is the same run). A newer request replaces an
   * older one, which then resolves to null.
   */
  traceWindow(request: Omit<RunRequest, 'recording'>, fromMs: number, toMs: number): Promise<TraceChunk | null> {
    const requestId = this.nextId++;
    this.windowRequest?.resolve(null);
    return new Promise<TraceChunk | null>((resolve, reject) => {
      this.windowRequest = { requestId, resolve, reject };
      this.channel.send({ type: 'traceWindow', requestId, text: request.text, format: request.format, overrides: [...request.overrides], fromMs, toMs });
    });
  }

  /** Cancels the run in progress, if any; its listener hears `cancelled`. */
  cancel(): void {
    const run = this.active;
    if (!run) return;
    this.channel.send({ type: 'cancel', runId: run.runId });
  }

  get activeRunId(): number | null {
    return this.active?.runId ?? null;
  }

  dispose(): void {
    this.channel.close();
    this.failAll(tr('notices:engine.shutDown'));
  }

  private connect(): EngineChannel {
    const channel = this.openChannel();
    channel.listen(
      (msg) => this.receive(msg),
      (message) => {
        // The worker died (script failed to load, out of memory): fail everything
        // waiting on it and start a fresh one for the next request.
        this.failAll(message);
        this.channel.close();
        this.channel = this.connect();
      },
    );
    return channel;
  }

  private receive(msg: EngineToUi): void {
    switch (msg.type) {
      case 'validated': {
        const p = this.pending.get(msg.requestId);
        this.pending.delete(msg.requestId);
        p?.resolve(msg.resolution);
        return;
      }
      case 'validateFailed': {
        const p = this.pending.get(msg.requestId);
        this.pending.delete(msg.requestId);
        p?.reject(new EngineRequestError(msg.error));
        return;
      }
      case 'traceWindowed':
      case 'traceWindowFailed': {
        const w = this.windowRequest;
        if (!w || w.requestId !== msg.requestId) return;
        this.windowRequest = null;
        if (msg.type === 'traceWindowed') w.resolve(msg.trace);
        else w.reject(new EngineRequestError(msg.error));
        return;
      }
      default: {
        const run = this.active;
        if (!run || run.runId !== msg.runId) return; // a reply to a run already replaced
        if (msg.type === 'done' || msg.type === 'cancelled' || msg.type === 'error') this.active = null;
        run.listener(msg);
      }
    }
  }

  private failAll(message: string): void {
    const error: EngineError = { message, fieldErrors: [], panic: false };
    for (const p of this.pending.values()) p.reject(new EngineRequestError(error));
    this.pending.clear();
    this.windowRequest?.reject(new EngineRequestError(error));
    this.windowRequest = null;
    const run = this.active;
    this.active = null;
    run?.listener({ type: 'error', runId: run.runId, error });
  }
}

/** The app's channel: a module Worker running worker.ts. */
export function workerChannel(): EngineChannel {
  const worker = takeEarlyWorker() ?? createEngineWorker();
  return {
    send: (msg) => worker.postMessage(msg),
    listen: (onMessage, onFailure) => {
      worker.onmessage = (ev: MessageEvent<EngineToUi>) => onMessage(ev.data);
      worker.onerror = (ev: ErrorEvent) => {
        ev.preventDefault();
        onFailure(tr('notices:engine.workerFailed', { reason: ev.message || tr('notices:engine.notLoaded') }));
      };
      worker.onmessageerror = () => onFailure(tr('notices:engine.unreadable'));
    },
    close: () => worker.terminate(),
  };
}
