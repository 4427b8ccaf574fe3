// Computes the runs one click away in a worker of its own while the user
// looks at the current run, and keeps each finished run in the run cache: a
// mechanism switch then shows its run at once. Low priority by construction:
// it starts only after run A is done, one run at a time, and any new request
// of the user replaces its list.

import type { EngineClient } from '../engine/client';
import type { Override, Resolution, ScenarioFormat } from '../engine/protocol';
import type { RunCache } from './runCache';
import { runKey } from './runRequest';
import { RunStore } from './runStore';

export interface PrefetchRequest {
  text: string;
  format: ScenarioFormat;
  /** The overrides as the controller would send them to validation (seed last). */
  overrides: Override[];
}

export class Prefetcher {
  private client: EngineClient | null = null;
  private generation = 0;

  constructor(
    private readonly makeClient: () => EngineClient,
    private readonly cache: RunCache,
    /** Hears each validation (the controller keeps them: a click then needs no round trip to the engine). */
    private readonly validated: (text: string, format: ScenarioFormat, overrides: Override[], r: Resolution) => void = () => undefined,
  ) {}

  /** Replaces the list of runs to compute ahead. */
  schedule(requests: readonly PrefetchRequest[]): void {
    this.stop();
    const generation = this.generation;
    void this.work(requests, generation);
  }

  /** Stops computing ahead (the user asked for something). */
  stop(): void {
    this.generation += 1;
    this.client?.cancel();
  }

  dispose(): void {
    this.stop();
    this.client?.dispose();
    this.client = null;
  }

  private async work(requests: readonly PrefetchRequest[], generation: number): Promise<void> {
    for (const r of requests) {
      if (generation !== this.generation) return;
      this.client ??= this.makeClient();
      const client = this.client;
      let accepted: Override[];
      try {
        const resolution = await client.validate(r.text, r.format, r.overrides);
        this.validated(r.text, r.format, r.overrides, resolution);
        if (!resolution.ok) continue;
        accepted = resolution.accepted;
      } catch {
        continue;
      }
      if (generation !== this.generation) return;
      const key = runKey(r.text, accepted);
      if (this.cache.has(key)) continue;
      const store = new RunStore({ notifyIntervalMs: 1 << 30 });
      const finished = await new Promise<boolean>((resolve) => {
        const runId = client.run({ text: r.text, format: r.format, overrides: accepted, recording: 'full' }, (msg) => {
          store.receive(msg);
          if (msg.type === 'done') resolve(true);
          else if (msg.type === 'cancelled' || msg.type === 'error' || msg.type === 'paused') resolve(false);
        });
        store.begin(runId);
      });
      const run = finished ? store.finishedRun() : null;
      if (run && generation === this.generation) this.cache.put(key, run, 'speculative');
      else if (!finished) client.cancel();
    }
  }
}
