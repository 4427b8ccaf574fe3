import { afterEach, describe, expect, it } from 'vitest';
import { ViewStore } from '../state/viewStore';
import { followViewLanguage } from './follow';
import { currentLanguage, setLanguage, t } from './index';

afterEach(() => setLanguage('en'));

describe('followViewLanguage', () => {
  it('switches the catalogs to the view language, and back to the browser language when unset', () => {
    const view = new ViewStore();
    let changes = 0;
    const stop = followViewLanguage(view, ['en-GB'], () => (changes += 1));
    view.set({ lang: 'ko' });
    expect(currentLanguage()).toBe('ko');
    expect(changes).toBe(1);
    view.set({ help: true });
    expect(changes).toBe(1);
    expect(t('common:panels.settings')).toBe('설정');
    view.set({ lang: null });
    expect(currentLanguage()).toBe('en');
    expect(t('common:panels.settings')).toBe('Settings');
    stop();
    view.set({ lang: 'ko' });
    expect(currentLanguage()).toBe('en');
  });
});

describe('numbers follow the language through Intl', () => {
  it('keeps English output and formats Korean with the same digits', async () => {
    const { formatCount, formatRate, formatClock } = await import('../format');
    expect(formatCount(1234567)).toBe('1,234,567');
    setLanguage('ko');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatRate(734_400)).toBe('734 kbit/s');
    expect(formatClock(5000)).toBe('5.000 s');
  });
});
