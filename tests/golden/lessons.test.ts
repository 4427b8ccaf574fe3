// Every shipped lesson tells the truth about this engine: each step's run (its
// `params`, as the browser runs it) is made with the wasm engine, every figure
// its texts quote must exist, and every claim in its `checks` must hold.
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseToml } from 'smol-toml';
import { parseLesson, pick, type Lesson } from '../../web/src/lessons/schema';
import { parseCheck, holds } from '../../web/src/lessons/checks';
import { figuresOf, fillTemplate, type RunFigures } from '../../web/src/lessons/template';
import { parseUrl } from '../../web/src/state/url';
import type { Summary } from '../../web/src/generated/types';

const root = fileURLToPath(new URL('../..', import.meta.url));
const scenarios = join(root, 'scenarios');
const pkg = join(root, 'web/src/engine/pkg');

type WasmModule = typeof import('../../web/src/engine/pkg/ackscope_wasm.js');
let wasm: WasmModule;

beforeAll(async () => {
  wasm = await import(join(pkg, 'ackscope_wasm.js'));
  wasm.initSync({ module: readFileSync(join(pkg, 'ackscope_wasm_bg.wasm')) });
});

function tomlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? tomlFiles(path) : name.endsWith('.toml') ? [path] : [];
  });
}

const files = tomlFiles(scenarios);
const scenarioText = new Map(
  files
    .filter((f) => !f.endsWith('.sweep.toml') && !f.endsWith('.lesson.toml'))
    .map((f) => {
      const text = readFileSync(f, 'utf8');
      return [String((parseToml(text) as { id?: unknown }).id), text] as const;
    }),
);
const lessonFiles = files.filter((f) => f.endsWith('.lesson.toml'));

/** One step's run, as the app makes it: the URL's overrides, then the seed (the URL's or the scenario's). */
function run(params: string): Summary {
  const { state, problems } = parseUrl(params, { scenarios: [...scenarioText.keys()] });
  expect(problems).toEqual([]);
  const text = scenarioText.get(state.scenario)!;
  const seed = state.seed ?? Number((parseToml(text) as { seed?: unknown }).seed ?? 0);
  const engine = new wasm.Engine(text, 'toml', JSON.stringify([...state.sets, ['seed', String(seed)]]), 'summary');
  while (!engine.runFor(1_000_000)) {
    /* to the end */
  }
  const summary = JSON.parse(engine.summaryJson()) as Summary;
  engine.free();
  return summary;
}

describe('shipped lessons', () => {
  it('there are at least seven, each with checks', () => {
    expect(lessonFiles.length).toBeGreaterThanOrEqual(7);
  });

  for (const file of lessonFiles) {
    it(`${file.replace(root, '')}: every quoted figure exists and every check holds`, { timeout: 300_000 }, () => {
      const parsed = parseLesson(readFileSync(file, 'utf8'), { scenarios: [...scenarioText.keys()] });
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
      const lesson: Lesson = parsed.lesson;
      const runs: Record<number, RunFigures> = {};
      let checked = 0;
      lesson.steps.forEach((step, i) => {
        const figures = figuresOf(run(step.params));
        for (const lang of ['en', 'ko']) {
          for (const text of [step.text, step.reveal]) {
            const filled = fillTemplate(pick(text, lang), figures, runs, lang);
            expect(filled.missing, `step ${i + 1} (${lang})`).toEqual([]);
          }
        }
        for (const c of step.checks ?? []) {
          const check = parseCheck(c)!;
          expect(holds(check, figures, runs), `step ${i + 1}: ${c}`).toBe(true);
          checked += 1;
        }
        runs[i + 1] = figures;
      });
      expect(checked).toBeGreaterThan(0);
    });
  }
});
