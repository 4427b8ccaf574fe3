// Run B of a comparison: the scenario with A's requested overrides and B's on
// top, the same seed, in its own engine (created on first use) and store.

import type { EngineClient } from '../engine/client';
import { formatFieldError, type Override, type Resolution } from '../engine/protocol';
import { t as tr } from '../i18n';
import type { CatalogEntry } from './catalog';
import { localNotice, removeNotices, upsertNotice, type Notice } from './notices';
import { resolutionNoticesB, withError } from './resolutionNotices';
import { mergedSets, runKey } from './runRequest';
import type { RunStore } from './runStore';
import type { UrlState } from './url';

/** What run B changes in the app's snapshot. */
export interface CompareOutput {
  notices(): Notice[];
  set(patch: { resolutionB?: Resolution | null; notices?: Notice[] }): void;
}

export class CompareRun {
  private client: EngineClient | null = null;
  /** What run B is running: an unchanged run is not started again. */
  private running: string | null = null;

  constructor(
    private readonly makeClient: (() => EngineClient) | undefined,
    private readonly store: RunStore | undefined,
    private readonly out: CompareOutput,
  ) {}

  /** Forgets what runs, so the next apply() starts run B again. */
  forget(): void {
    this.running = null;
  }

  cancel(): void {
    this.client?.cancel();
  }

  /** Runs (or, outside compare mode, stops) run B; `current()` says the request is still the latest. */
  async apply(entry: CatalogEntry, request: UrlState, current: () => boolean): Promise<void> {
    const store = this.store;
    if (request.compare === undefined || !store || !this.makeClient) {
      if (this.running !== null) {
        this.client?.cancel();
        store?.reset();
        this.running = null;
      }
      this.out.set({ resolutionB: null, notices: removeNotices(this.out.notices(), (k) => k.startsWith('overrideB:')) });
      return;
    }
    this.client ??= this.makeClient();
    const client = this.client;
    const format = entry.format ?? 'toml';
    const overrides: Override[] = [...mergedSets(request.sets, request.compare), ['seed', String(request.seed)]];
    let resolution: Resolution;
    try {
      resolution = await client.validate(entry.text, format, overrides);
    } catch (e) {
      if (!current()) return;
      this.out.set({ notices: withError(this.out.notices(), 'runB', 'notices:runBNotChecked', e) });
      return;
    }
    if (!current()) return;
    this.out.set({ resolutionB: resolution, notices: resolutionNoticesB(this.out.notices(), resolution, request.compare) });
    if (!resolution.ok) return;
    const key = runKey(entry.text, resolution.accepted);
    const meta = store.getMeta();
    if (key === this.running && (meta.status === 'running' || meta.status === 'done')) return;
    this.running = key;
    const runId = client.run({ text: entry.text, format, overrides: resolution.accepted, recording: 'full' }, (msg) => {
      store.receive(msg);
      if (msg.type === 'error') {
        const lines = msg.error.fieldErrors.length > 0 ? msg.error.fieldErrors.map(formatFieldError) : [msg.error.message];
        this.out.set({ notices: upsertNotice(this.out.notices(), localNotice('runB', 'error', () => ({ title: tr('notices:runBFailed'), lines }))) });
      }
    });
    store.begin(runId);
  }
}
