// Test helper: an EngineChannel to a real EngineHost in the same process.
// Messages cross asynchronously and are cloned, as with a worker.

import type { EngineChannel } from '../client';
import { EngineHost } from '../host';
import type { EngineToUi, UiToEngine } from '../protocol';
import { loadWasmInNode } from './wasm-node';

export interface InProcess {
  open: () => EngineChannel;
  /** Simulates the worker dying. */
  fail: (message: string) => void;
  opened: () => number;
  sent: UiToEngine[];
}

export function inProcessChannel(): InProcess {
  let failure: ((m: string) => void) | null = null;
  let opened = 0;
  const sent: UiToEngine[] = [];
  return {
    sent,
    opened: () => opened,
    fail: (m) => failure?.(m),
    open: () => {
      opened += 1;
      let receive: (msg: EngineToUi) => void = () => undefined;
      let closed = false;
      const host = new EngineHost({
        load: loadWasmInNode,
        post: (msg) => setTimeout(() => !closed && receive(structuredClone(msg)), 0),
        yieldThen: (fn) => setTimeout(fn, 0),
        now: () => performance.now(),
        sliceBudgetMs: 2,
      });
      return {
        send: (msg) => {
          sent.push(msg);
          setTimeout(() => host.handle(structuredClone(msg)), 0);
        },
        listen: (onMessage, onFailure) => {
          receive = onMessage;
          failure = onFailure;
        },
        close: () => {
          closed = true;
        },
      };
    },
  };
}
