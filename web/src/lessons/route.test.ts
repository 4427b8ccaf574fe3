import { describe, expect, it } from 'vitest';
import { MemoryHistory } from './memoryHistory';
import { ProgressStore } from './progress';
import { lessonHref, routeOf, sameOriginUrl } from './route';

describe('lesson routes', () => {
  it('tell the page from the URL', () => {
    expect(routeOf('?s=seed000/wired')).toEqual({ page: 'app' });
    expect(routeOf('?view=lessons')).toEqual({ page: 'lessons' });
    expect(routeOf('?view=paper&seed=003')).toEqual({ page: 'paper', seed: '003' });
    expect(routeOf('?lesson=cwnd-basics&step=3')).toMatchObject({ page: 'lesson', source: { kind: 'bundled', id: 'cwnd-basics' }, step: { kind: 'number', step: 3 } });
    expect(routeOf('?lesson=x&step=0')).toMatchObject({ step: { kind: 'bad', value: '0' } });
    expect(routeOf('?lesson=x&step=2a')).toMatchObject({ step: { kind: 'bad', value: '2a' } });
    expect(routeOf('?lessonUrl=/l.toml')).toMatchObject({ source: { kind: 'url', url: '/l.toml' }, step: { kind: 'none' }, unknown: [] });
    expect(routeOf('?lesson=x&lang=ko&set=a=1&set=b=2&zz=1')).toMatchObject({ unknown: ['set', 'zz'] });
    expect(lessonHref('cwnd-basics', 2, 'ko')).toBe('?lesson=cwnd-basics&step=2&lang=ko');
  });

  it('accept teacher files from this site only', () => {
    expect(sameOriginUrl('/lessons/a.toml', 'http://localhost:5173')).toBe('http://localhost:5173/lessons/a.toml');
    expect(sameOriginUrl('https://elsewhere.example/a.toml', 'http://localhost:5173')).toBeNull();
    expect(sameOriginUrl('javascript:alert(1)', 'http://localhost:5173')).toBeNull();
  });

  it('keep progress per lesson and survive junk in storage', () => {
    const data = new Map<string, string>();
    const storage = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
    const store = new ProgressStore(storage);
    expect(store.get('a')).toBeNull();
    store.update('a', (p) => ({ ...p, step: 3, steps: { 3: { answer: 1 } } }));
    expect(new ProgressStore(storage).get('a')).toEqual({ step: 3, steps: { 3: { answer: 1 } } });
    data.set('ackscope.lessons.v1', '{not json');
    expect(store.get('a')).toBeNull();
    expect(new ProgressStore(null).update('a', (p) => ({ ...p, step: 2 })).step).toBe(2);
  });

  it('memory history: the controller sees navigations as back/forward moves', () => {
    const h = new MemoryHistory();
    let pops = 0;
    const off = h.onPop(() => (pops += 1));
    h.replace('s=a');
    expect(h.search()).toBe('?s=a');
    h.navigate('?s=b');
    expect([h.search(), pops]).toEqual(['?s=b', 1]);
    off();
    h.navigate('s=c');
    expect(pops).toBe(1);
  });
});

describe('lesson runs keep the page language', () => {
  it('adds lang= unless the step names one', async () => {
    const { withLanguage } = await import('./useLessonRun');
    expect(withLanguage('s=seed000/wired&set=a=1', 'ko')).toBe('s=seed000%2Fwired&set=a%3D1&lang=ko');
    expect(withLanguage('?s=x&lang=en', 'ko')).toBe('s=x&lang=en');
  });
});
