// Test helpers: the real wasm engine, loaded in Node, behind the host's WasmApi.

import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WasmApi } from '../host';
import type { ValidateFn } from '../resolve';

type Glue = typeof import('../pkg/ackscope_wasm.js');

const pkg = new URL('../pkg/', import.meta.url);
let bytes: Buffer | null = null;
let generation = 0;

/** A fresh wasm instance (a fresh copy of the glue module each time, as the worker does). */
export async function loadWasmInNode(): Promise<WasmApi> {
  bytes ??= readFileSync(fileURLToPath(new URL('ackscope_wasm_bg.wasm', pkg)));
  generation += 1;
  const glue = (await import(/* @vite-ignore */ `${new URL('ackscope_wasm.js', pkg).href}?instance=${generation}`)) as Glue;
  glue.initSync({ module: bytes });
  return {
    validate: glue.validate,
    takePanicMessage: glue.takePanicMessage,
    createEngine: (text, format, overridesJson, recording) => new glue.Engine(text, format, overridesJson, recording),
  };
}

export function validateFn(api: WasmApi): ValidateFn {
  return (text, format, overrides) => JSON.parse(api.validate(text, format, JSON.stringify(overrides))) as ReturnType<ValidateFn>;
}

const scenarios = new URL('../../../../scenarios/', import.meta.url);

export function scenarioText(id: string): string {
  return readFileSync(fileURLToPath(new URL(`${id}.toml`, scenarios)), 'utf8');
}

/** Every scenario file, keyed as import.meta.glob keys them from web/src/state/. */
export function allScenarioFiles(): Record<string, string> {
  const root = fileURLToPath(scenarios);
  const out: Record<string, string> = {};
  for (const name of readdirSync(root, { recursive: true })) {
    const rel = String(name).split(sep).join('/');
    if (rel.endsWith('.toml')) out[`../../../scenarios/${rel}`] = readFileSync(join(root, rel), 'utf8');
  }
  return out;
}

/** Resolves once `pred()` holds (polling), or rejects after `timeoutMs`. */
export async function until(pred: () => boolean, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!pred()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting for a condition');
    await new Promise((r) => setTimeout(r, 5));
  }
}
