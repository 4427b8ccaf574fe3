// Every scenario file in the repository, bundled as text, each in a chunk of its
// own (new files appear on rebuild). The app loads the URL's file first and the
// rest once run A's data come (AppController.start). The entry script starts the
// URL's file as the page loads (preloadScenarioFile) and the app then gets that
// very promise, already settled: its check of the file goes out to the engine
// before React's first render takes the main thread, not after it (a dynamic
// import, even of a module already loaded, resolves only in a later task).

import { earlyRunOf } from './engine/earlyRun';

const loaders = import.meta.glob<string>('../../scenarios/**/*.toml', { query: '?raw', import: 'default' });
const started = new Map<string, Promise<string>>();

/** The files' loaders, keyed by import path; the preloaded file's returns the promise the entry script made. */
export const scenarioFiles: Record<string, () => Promise<string>> = Object.fromEntries(
  Object.entries(loaders).map(([path, load]) => [path, () => started.get(path) ?? load()]),
);

/** Starts loading the file of the scenario `search` (the page's query) runs, when it is a plain shipped one. */
export function preloadScenarioFile(search: string): void {
  const run = earlyRunOf(search, null);
  const path = run && `../../scenarios/${run.scenario}.toml`;
  const load = path ? loaders[path] : undefined;
  if (!path || !load) return;
  const text = load();
  // A failure is the app's to report, when it asks for the file.
  text.catch(() => {});
  started.set(path, text);
}
