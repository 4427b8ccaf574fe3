// Messages shown above the app: problems with the URL, refused overrides, run
// failures. Keyed, so a newer message about the same thing replaces the older.

export type NoticeLevel = 'error' | 'warning' | 'info';

export interface Notice {
  key: string;
  level: NoticeLevel;
  title: string;
  /** One line per problem. */
  lines: string[];
  /**
   * Words the title and lines again in the current language (after a language
   * switch); absent for notices whose text has no catalog words.
   */
  render?: () => { title: string; lines: string[] };
}

/** A notice worded from the catalogs, now and again after a language switch. */
export function localNotice(key: string, level: NoticeLevel, render: () => { title: string; lines: string[] }): Notice {
  return { key, level, ...render(), render };
}

/** The notices worded in the current language. */
export function reworded(list: readonly Notice[]): Notice[] {
  return list.map((n) => (n.render ? { ...n, ...n.render() } : n));
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
