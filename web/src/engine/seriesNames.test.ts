import { describe, expect, it } from 'vitest';
import { SERIES_QUANTITIES, type SeriesOwner } from '../generated/seriesVocabulary';
import { QUANTITY_COLOURS, quantityColour, SERIES_VARS } from '../theme';
import { ownerPath, parseOwner, seriesName } from './seriesNames';

describe('series names', () => {
  const owners: [SeriesOwner, string][] = [
    [{ kind: 'flow', flow: 'ftp' }, 'flows.ftp'],
    [{ kind: 'channel', link: 'sat-up', direction: 'forward' }, 'links.sat-up.forward'],
    [{ kind: 'node', node: 'bs' }, 'nodes.bs'],
    [{ kind: 'middlebox', middlebox: 'mh' }, 'middleboxes.mh'],
    [{ kind: 'middlebox_flow', middlebox: 'pep', flow: 'ftp' }, 'middleboxes.pep.ftp'],
  ];

  it("writes each owner kind's path and reads it back", () => {
    for (const [owner, path] of owners) {
      expect(ownerPath(owner)).toBe(path);
      expect(parseOwner(path)).toEqual(owner);
    }
    expect(parseOwner('links.ab')).toBeNull();
    expect(parseOwner('gizmos.x')).toBeNull();
  });

  it('names a series by its owner and quantity, as the engine does', () => {
    expect(seriesName({ kind: 'flow', flow: 'ftp' }, 'cwnd')).toBe('flows.ftp.cwnd');
    expect(seriesName('links.bottleneck.forward', 'red_avg')).toBe('links.bottleneck.forward.red_avg');
  });
});

describe('quantity colours', () => {
  it('give every engine quantity a theme colour or the per-owner palette', () => {
    expect(Object.keys(QUANTITY_COLOURS).sort()).toEqual(Object.keys(SERIES_QUANTITIES).sort());
    for (const c of Object.values(QUANTITY_COLOURS)) expect(c === 'owner' || (SERIES_VARS as readonly string[]).includes(c)).toBe(true);
    expect(quantityColour('cwnd')).toBe('cwnd');
    expect(quantityColour('queue', 9)).toBe('flow-2');
  });
});
