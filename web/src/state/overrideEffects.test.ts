import { describe, expect, it } from 'vitest';
import { NODE_LABEL_SHOWN_CHARS, overrideEffects } from './overrideEffects';

describe('overrideEffects', () => {
  it('reports a title override as ignored and a long node label as clipped', () => {
    const long = 'x'.repeat(200);
    expect(
      overrideEffects([
        ['title', 'My run'],
        ['nodes.sender.label', long],
        ['nodes.gateway.label', 'gw'],
        ['flows.ftp.tcp.variant', 'reno'],
      ]),
    ).toEqual([
      { path: 'title', value: 'My run', kind: 'ignored' },
      { path: 'nodes.sender.label', value: long, kind: 'clipped', shownChars: NODE_LABEL_SHOWN_CHARS },
    ]);
  });

  it('says nothing about settings the run shows', () => {
    expect(overrideEffects([['links.bottleneck.rate', '2Mbps'], ['seed', '3']])).toEqual([]);
  });
});
