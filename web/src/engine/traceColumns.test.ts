import { describe, expect, it } from 'vitest';
import { columnBuffers, emptyColumns, FLAG, flagNames, readColumns, TRACE_COLUMN_NAMES, TRACE_COLUMNS } from './traceColumns';
import { loadWasmInNode, scenarioText } from './testing/wasm-node';

describe('trace columns', () => {
  it('every column of the table is a getter of the engine TraceDrain, with the declared type and width', async () => {
    const api = await loadWasmInNode();
    const engine = api.createEngine(scenarioText('seed000/wired'), 'toml', '[]', 'full');
    engine.runFor(5000);
    const drain = engine.drainTrace();
    const n = drain.length;
    expect(n).toBeGreaterThan(0);
    const cols = readColumns(drain);
    for (const name of TRACE_COLUMN_NAMES) {
      const spec = TRACE_COLUMNS[name];
      const made = emptyColumns(1)[name];
      expect(cols[name].constructor, name).toBe(made.constructor);
      expect(cols[name].length, name).toBe(n * spec.per);
    }
    // Sent no later than enqueued on its first channel; sizes are real packets.
    for (let i = 0; i < n; i++) {
      expect(cols.createdMs[i] ?? 0).toBeLessThanOrEqual(cols.enqueuedMs[i] ?? 0);
      expect(cols.size[i] ?? 0).toBeGreaterThanOrEqual(40);
    }
    drain.free();
    engine.free();
  });

  it('lists each buffer once for transfer', () => {
    const cols = emptyColumns(4);
    const buffers = columnBuffers(cols);
    expect(buffers).toHaveLength(TRACE_COLUMN_NAMES.length);
    expect(new Set(buffers).size).toBe(buffers.length);
    expect(cols.sackBlocks.length).toBe(24);
  });

  it('names flags in bit order', () => {
    expect(flagNames(FLAG.retransmission | FLAG.ce | FLAG.localRetransmission)).toEqual(['retransmission', 'ce', 'localRetransmission']);
    expect(flagNames(0)).toEqual([]);
  });
});
