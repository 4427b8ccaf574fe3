// The entry script: starts the engine first, then loads the app. index.html
// already preloads the wasm engine and the app's chunks (web/build/
// preloadColdLoad.ts); this script compiles the engine once for every engine
// worker of the page (engine/engineModule.ts) and starts the first worker,
// which runs the run the URL asks for before the app is there to ask
// (engine/earlyRun.ts), and starts loading that run's scenario file for the
// app (scenarioFiles.ts). The worker also loads the locale data of the app's
// first number format (WarmIntlMessage): done on this thread, it blocked it
// for up to 300 ms on a busy machine.
import { startEarlyWorker } from './engine/earlyWorker';
import { compileEngineEarly } from './engine/engineModule';
import { numberLocaleOf, pickLanguage } from './i18n/language';
import { preloadScenarioFile } from './scenarioFiles';

// For profiles of a cold load: the entry script ran (scripts/bench-ui.mjs reads the app's marks).
performance.mark('ackscope:boot');
const search = window.location.search;
// The engine first: its download (preloaded by index.html) and compile take longest.
compileEngineEarly();
startEarlyWorker(search, numberLocaleOf(pickLanguage(search, navigator.languages ?? [navigator.language])));
preloadScenarioFile(search);
// The app's code a task later: evaluating it holds this thread for tens of ms,
// and the worker's start and the engine's compile need a turn of it first
// (seed000/wired and seed003/two-way, 6 alternating runs of 5-10 cold loads:
// first frame median 5 times lower, by 10-130 ms).
setTimeout(() => void import('./main'), 0);
