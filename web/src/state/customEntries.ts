// Custom scenarios (built in the browser, carried in the URL's `cs`
// parameter): decoded and checked by the engine once per link, then cached.

import type { EngineClient } from '../engine/client';
import { formatFieldError } from '../engine/protocol';
import { t as tr } from '../i18n';
import type { CatalogEntry } from './catalog';
import { decodeScenario } from './customScenario';
import { localNotice, upsertNotice, type Notice } from './notices';
import { fallback, withError } from './resolutionNotices';
import { ALLOWED, CUSTOM_SCENARIO } from './url';

/** A change of the notices, applied to the notices current when it arrives. */
export type NoticePatch = (notices: readonly Notice[]) => Notice[];

export class CustomEntries {
  private readonly cache = new Map<string, CatalogEntry | null>();

  constructor(private readonly client: EngineClient) {}

  /** A scenario the app built and checked itself, under its `cs` value. */
  remember(cs: string, text: string, scenario: NonNullable<CatalogEntry['scenario']>): void {
    this.cache.set(cs, { file: CUSTOM_SCENARIO, text, format: 'json', scenario, errors: [] });
  }

  /**
   * The custom scenario of a `cs` parameter, checked by the engine; null (with
   * a notice naming the parameter) when it cannot be read or run.
   */
  async entry(cs: string): Promise<{ entry: CatalogEntry | null; notices?: NoticePatch }> {
    if (this.cache.has(cs)) return { entry: this.cache.get(cs) ?? null };
    let text: string;
    try {
      text = await decodeScenario(cs);
    } catch (e) {
      return {
        entry: null,
        notices: (n) =>
          upsertNotice(n, localNotice('url:cs', 'warning', () => ({
            title: tr('notices:urlParam', { param: 'cs' }),
            lines: [tr('notices:withAllowed', { problem: e instanceof Error ? e.message : String(e), allowed: ALLOWED.cs }), fallback('cs')],
          }))),
      };
    }
    let entry: CatalogEntry | null = null;
    let notices: NoticePatch | undefined;
    try {
      const r = await this.client.validate(text, 'json', []);
      if (r.ok && r.scenario) entry = { file: CUSTOM_SCENARIO, text, format: 'json', scenario: r.scenario, errors: [] };
      else {
        notices = (n) =>
          upsertNotice(n, localNotice('url:cs', 'error', () => ({
            title: tr('notices:csCannotRun'),
            lines: [...r.errors.map(formatFieldError), fallback('cs')],
          })));
      }
    } catch (e) {
      notices = (n) => withError(n, 'url:cs', 'notices:csNotChecked', e);
    }
    this.cache.set(cs, entry);
    return notices ? { entry, notices } : { entry };
  }
}
