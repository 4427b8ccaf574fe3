// Messages shown above the app: problems with the URL, refused overrides, run
// failures. Keyed, so a newer message about the same thing replaces the older.

export type NoticeLevel = 'error' | 'warning' | 'info';

export interface Notice {
  key: string;
  level: NoticeLevel;
  title: string;
  /** One line per problem. */
  lines: string[];
}

export function upsertNotice(list: readonly Notice[], notice: Notice): Notice[] {
  const i = list.findIndex((n) => n.key === notice.key);
  if (i < 0) return [...list, notice];
  const next = [...list];
  next[i] = notice;
  return next;
}

export function removeNotices(list: readonly Notice[], match: (key: string) => boolean): Notice[] {
  const next = list.filter((n) => !match(n.key));
  return next.length === list.length ? (list as Notice[]) : next;
}
