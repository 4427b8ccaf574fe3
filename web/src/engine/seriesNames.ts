// Series names as the engine writes them, `<owner path>.<quantity>`, built
// and read through the generated owner paths (record::series_name) rather
// than string prefixes matched by hand.

import { SERIES_OWNER_PATHS, type SeriesOwner } from '../generated/seriesVocabulary';
import type { SeriesQuantity } from '../generated/types';

type OwnerKind = SeriesOwner['kind'];

const TEMPLATES = (Object.entries(SERIES_OWNER_PATHS) as [OwnerKind, string][]).map(([kind, path]) => ({ kind, parts: path.split('.') }));

/** `{field}` -> field; a literal part -> null. */
function placeholder(part: string): string | null {
  const m = /^\{(\w+)\}$/.exec(part);
  return m ? (m[1] ?? null) : null;
}

/** An owner's scenario path, e.g. { kind: 'flow', flow: 'ftp' } -> "flows.ftp". */
export function ownerPath(owner: SeriesOwner): string {
  const fields = owner as unknown as Record<string, string>;
  return SERIES_OWNER_PATHS[owner.kind].replace(/\{(\w+)\}/g, (_, f: string) => fields[f] ?? '');
}

const parsed = new Map<string, SeriesOwner | null>();

/** The owner a path names ("links.bottleneck.forward" -> a channel), or null for none of the known kinds. */
export function parseOwner(path: string): SeriesOwner | null {
  const known = parsed.get(path);
  if (known !== undefined) return known;
  const parts = path.split('.');
  let found: SeriesOwner | null = null;
  for (const t of TEMPLATES) {
    if (t.parts.length !== parts.length) continue;
    const owner: Record<string, string> = { kind: t.kind };
    const fits = t.parts.every((p, i) => {
      const field = placeholder(p);
      if (field === null) return p === parts[i];
      owner[field] = parts[i] ?? '';
      return true;
    });
    if (fits) {
      found = owner as unknown as SeriesOwner;
      break;
    }
  }
  parsed.set(path, found);
  return found;
}

/** The name of `owner`'s series of `quantity`; `owner` is an owner or its path. */
export function seriesName(owner: SeriesOwner | string, quantity: SeriesQuantity): string {
  return `${typeof owner === 'string' ? owner : ownerPath(owner)}.${quantity}`;
}
