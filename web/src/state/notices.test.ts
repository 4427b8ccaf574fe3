import { describe, expect, it } from 'vitest';
import { removeNotices, upsertNotice, type Notice } from './notices';

const n = (key: string, title = key): Notice => ({ key, level: 'error', title, lines: [] });

describe('notices', () => {
  it('replaces a notice with the same key in place', () => {
    const list = upsertNotice(upsertNotice([n('a'), n('b')], n('c')), n('a', 'newer'));
    expect(list.map((x) => x.title)).toEqual(['newer', 'b', 'c']);
  });
  it('removes by key and keeps identity when nothing matches', () => {
    const list = [n('url:s'), n('override:x')];
    expect(removeNotices(list, (k) => k.startsWith('override:')).map((x) => x.key)).toEqual(['url:s']);
    expect(removeNotices(list, () => false)).toBe(list);
  });
});
