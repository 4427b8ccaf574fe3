import { describe, expect, it } from 'vitest';
import { registerLater } from './registerLater';

describe('registerLater', () => {
  it('registers only after the gate opens and an idle moment follows', async () => {
    const steps: string[] = [];
    let open: (() => void) | null = null;
    let idle: (() => void) | null = null;
    registerLater({
      gate: {
        whenPassed: (f) => {
          open = f;
          return () => {};
        },
      },
      idle: (f) => {
        steps.push('idle asked');
        idle = f;
      },
      register: () => {
        steps.push('registered');
        return Promise.resolve();
      },
    });
    expect(steps).toEqual([]);
    open!();
    expect(steps).toEqual(['idle asked']);
    idle!();
    expect(steps).toEqual(['idle asked', 'registered']);
  });

  it('swallows a refused registration (the app still runs online)', async () => {
    let failed: Promise<unknown> | null = null;
    registerLater({
      gate: { whenPassed: (f) => (f(), () => {}) },
      idle: (f) => f(),
      register: () => (failed = Promise.reject(new Error('SecurityError'))),
    });
    await expect(failed).rejects.toThrow('SecurityError');
  });
});
