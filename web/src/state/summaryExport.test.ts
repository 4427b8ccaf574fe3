import { describe, expect, it } from 'vitest';
import type { Summary } from '../generated/types';
import { summaryExport } from './summaryExport';

const summary: Summary = { digest: 'd', duration_s: 20, events: 5, flows: [], links: [], scenario: 'seed000/wired', seed: 1 };

describe('summaryExport', () => {
  it('says what was run and what came out, for both runs of a comparison', () => {
    const e = summaryExport(
      'http://x/?s=seed000/wired',
      { scenario: 'seed000/wired', seed: 1, sets: [['flows.ftp.tcp.rwnd', '725KB']], t: 0, compare: [['flows.ftp.tcp.variant', 'reno']] },
      { summary, digest: 'aa' },
      { summary, digest: 'bb' },
    );
    expect(e).toMatchObject({
      format: 'ackscope-summary',
      scenario: 'seed000/wired',
      seed: 1,
      overrides: { 'flows.ftp.tcp.rwnd': '725KB' },
      digest: 'aa',
      compare: {
        differences: { 'flows.ftp.tcp.variant': 'reno' },
        overrides: { 'flows.ftp.tcp.rwnd': '725KB', 'flows.ftp.tcp.variant': 'reno' },
        digest: 'bb',
      },
    });
    expect(JSON.parse(JSON.stringify(e))).toEqual(e);
  });

  it('has no comparison outside compare mode', () => {
    expect(summaryExport('u', { scenario: 's', seed: 1, sets: [], t: 0 }, { summary: null, digest: null }, null).compare).toBeNull();
  });
});
