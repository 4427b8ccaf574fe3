// The notices a validation gives rise to: refused overrides, overrides that
// change less than they say, an invalid scenario, and problems of the URL.
// Pure functions of their inputs; the wording is redone after a language switch.

import { t as tr } from '../i18n';
import { formatFieldError, type Override, type Resolution } from '../engine/protocol';
import { localNotice, removeNotices, upsertNotice, type Notice } from './notices';
import { overrideEffects } from './overrideEffects';
import { describeProblem, type UrlProblem } from './url';

const FALLBACK_PARAMS = new Set(['s', 'seed', 'set', 't', 'speed', 'flow', 'plots', 'zoom', 'pkt', 'ev', 'evflow', 'cs', 'cmp', 'bset', 'present', 'lang']);

/** What the app does instead of a bad URL parameter, in the current language. */
export function fallback(param: string): string {
  return tr(`notices:fallback.${FALLBACK_PARAMS.has(param) ? param : 'other'}`);
}

/** A URL problem's notice; its wording is that of the language the URL was read in (relocalize reads it again). */
export function urlNotice(p: UrlProblem, index: number): Notice {
  return {
    key: `url:${p.param}:${index}`,
    level: 'warning',
    title: tr('notices:urlParam', { param: p.param }),
    lines: [describeProblem(p), fallback(p.param)],
  };
}

/** The notices with an error notice for `e` under `key`, titled by a catalog key. */
export function withError(notices: readonly Notice[], key: string, titleKey: string, e: unknown): Notice[] {
  const message = e instanceof Error ? e.message : String(e);
  return upsertNotice(notices, localNotice(key, 'error', () => ({ title: tr(titleKey), lines: [message] })));
}

/** Run A's notices after a validation of `file` (replacing those of the previous one). */
export function resolutionNotices(notices: readonly Notice[], resolution: Resolution, file: string): Notice[] {
  let out = removeNotices(notices, (k) => k.startsWith('override:') || k === 'run');
  for (const r of resolution.rejected) {
    const [path, value] = r.override;
    out = upsertNotice(out, localNotice(`override:${path}`, 'error', () => ({
      title: path === 'seed' ? tr('notices:seedNotUsed', { value }) : tr('notices:overrideNotApplied', { path, value }),
      lines: [...r.errors.map(formatFieldError), tr('notices:runsWithout')],
    })));
  }
  // Accepted but not shown as set: no setting is ignored or cut short without a word.
  for (const e of overrideEffects(resolution.accepted)) {
    const value = e.value.length > 40 ? `${e.value.slice(0, 37)}...` : e.value;
    out = upsertNotice(out, localNotice(`override:effect:${e.path}`, 'warning', () => ({
      title: tr(e.kind === 'ignored' ? 'common:layout.overrideIgnoredTitle' : 'common:layout.overrideClippedTitle', { path: e.path, value }),
      lines: [tr(e.kind === 'ignored' ? 'common:layout.overrideIgnored' : 'common:layout.overrideClipped', { path: e.path, chars: e.shownChars ?? 0, length: [...e.value].length })],
    })));
  }
  if (!resolution.ok) {
    out = upsertNotice(out, localNotice('run', 'error', () => ({
      title: tr('notices:scenarioInvalid', { file }),
      lines: resolution.errors.map(formatFieldError),
    })));
  }
  return out;
}

/** Run B's notices: only its own refused overrides (A's are reported already). */
export function resolutionNoticesB(notices: readonly Notice[], resolution: Resolution, bSets: readonly Override[]): Notice[] {
  let out = removeNotices(notices, (k) => k.startsWith('overrideB:') || k === 'runB');
  for (const r of resolution.rejected) {
    const [path, value] = r.override;
    if (!bSets.some(([p]) => p === path)) continue;
    out = upsertNotice(out, localNotice(`overrideB:${path}`, 'error', () => ({
      title: tr('notices:runBOverride', { path, value }),
      lines: [...r.errors.map(formatFieldError), tr('notices:runBWithout')],
    })));
  }
  return out;
}
