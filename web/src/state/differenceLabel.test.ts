import { describe, expect, it } from 'vitest';
import { differenceLabel } from './differenceLabel';

describe('differenceLabel', () => {
  const knobs = [{ path: 'flows.ftp.tcp.variant', label: 'TCP variant' }, { label: 'SACK' }];
  it("uses the scenario's knob label", () => {
    expect(differenceLabel('flows.ftp.tcp.variant', knobs)).toBe('TCP variant');
  });
  it('names the item and the field otherwise, not the raw path', () => {
    expect(differenceLabel('flows.ftp.receiver.sack', knobs)).toBe('ftp \u00b7 SACK (receiver)');
    expect(differenceLabel('links.bottleneck.queue.limit', knobs)).toBe('bottleneck \u00b7 queue limit');
    expect(differenceLabel('duration', knobs)).toBe('duration');
  });
});
