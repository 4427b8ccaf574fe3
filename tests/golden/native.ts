// Shared by the golden tests: the repository root, the release CLI, and the
// wasm glue module loaded once in Node.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const cli = join(root, 'engine-wasm/target/release/ackscope');
const pkg = join(root, 'web/src/engine/pkg');

export type WasmModule = typeof import('../../web/src/engine/pkg/ackscope_wasm.js');

/** The wasm engine, after checking the CLI it is compared with was built. */
export async function loadWasmBesideCli(): Promise<WasmModule> {
  if (!existsSync(cli)) throw new Error(`build the CLI first: ${cli} is missing (npm test builds it)`);
  const wasm = (await import(join(pkg, 'ackscope_wasm.js'))) as WasmModule;
  wasm.initSync({ module: readFileSync(join(pkg, 'ackscope_wasm_bg.wasm')) });
  return wasm;
}
