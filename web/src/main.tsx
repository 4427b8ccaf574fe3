import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { EngineClient, workerChannel } from './engine/client';
import { DEFAULT_SPEED } from './playback/clock';
import { Playback } from './playback/playback';
import { PLOT_NAMES } from './plots/registry';
import { TimeWindow } from './plots/timeWindow';
import { AppController, browserHistory } from './state/controller';
import { DraftStore } from './state/draftStore';
import { ThemeStore } from './themeStore';
import { EventsModel } from './state/eventsModel';
import { RunStore } from './state/runStore';
import { ViewStore } from './state/viewStore';
import { PageRouter } from './views/PageRouter';
import { MemoryHistory } from './lessons/memoryHistory';
import { routeOf } from './lessons/route';
import { useTranslation } from 'react-i18next';
import { initI18n, pickLanguage } from './i18n';
import { followViewLanguage } from './i18n/follow';
import { ServicesContext, type Services } from './views/services';
import { firstFrameGate } from './views/AfterFirstFrame';
import { registerLater } from './offline/registerLater';
import { scenarioFiles as files } from './scenarioFiles';
import { browserIdle } from './idle';
import './styles/app.css';
import './styles/i18n.css';

const preferredLanguages = navigator.languages ?? [navigator.language];
initI18n(pickLanguage(window.location.search, preferredLanguages));

// Lessons drive the app through an in-memory history; the address bar keeps the lesson's link.
const route = routeOf(window.location.search);
const lessonHistory = route.page === 'lesson' || route.page === 'lessons' ? new MemoryHistory() : null;

const client = new EngineClient(workerChannel);
const store = new RunStore();
const storeB = new RunStore();
const playback = new Playback(0, DEFAULT_SPEED, 0);
const view = new ViewStore();
const timeWindow = new TimeWindow();
const controller = new AppController({ client, store, playback, files, history: lessonHistory ?? browserHistory(), view, window: timeWindow, plotNames: PLOT_NAMES,
  // Run B gets its own worker, so both runs compute at once.
  clientB: () => new EngineClient(workerChannel),
  storeB,
  // The runs one click away, computed in a worker of their own after run A is done
  // (state/prefetch.ts): a first switch then shows its run from the cache.
  prefetchClient: () => new EngineClient(workerChannel),
  firstFrame: () => new Promise((shown) => firstFrameGate.whenPassed(shown)),
});
// For scripts/bench-ui.mjs: where a cold load's time goes before the first frame
// (the app's code ran; run A started; its first data arrived).
performance.mark('ackscope:app-code');
const unmark = store.subscribe(() => {
  const m = store.getMeta();
  if (m.topology && performance.getEntriesByName('ackscope:run-started').length === 0) performance.mark('ackscope:run-started');
  if (m.dataVersion > 1 && m.nowMs > 0) {
    performance.mark('ackscope:first-data');
    unmark();
  }
});
// For scripts/bench-ui.mjs: the trace store's bytes per record.
(window as unknown as { __ackscopeTraceBytes?: () => unknown }).__ackscopeTraceBytes = () => store.traceBytesPerRecord();
const events = new EventsModel(store, view, playback, timeWindow);
const drafts = new DraftStore();
const theme = new ThemeStore({
  root: document.documentElement,
  storage: (() => {
    try {
      return window.localStorage;
    } catch {
      return null;
    }
  })(),
  media: window.matchMedia('(prefers-color-scheme: dark)'),
});
followViewLanguage(view, preferredLanguages, () => controller.relocalize());
const services: Services = { controller, store, storeB, playback, view, window: timeWindow, events, drafts, theme };

/** A language switch redraws everything, canvases included, in the new language; the state lives in the services. */
function LanguageRoot() {
  const { i18n } = useTranslation();
  return <PageRouter key={i18n.language} route={route} lessonHistory={lessonHistory} />;
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <ServicesContext.Provider value={services}>
      <LanguageRoot />
    </ServicesContext.Provider>
  </StrictMode>,
);
// A lesson starts the controller at its first run; paper mode runs its own workers.
if (route.page === 'app') void controller.start();
// Offline support installs after the first frame (offline/registerLater.ts); the
// dev server has no service worker.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  registerLater({ gate: firstFrameGate, idle: browserIdle(3000), register: () => navigator.serviceWorker.register('./sw.js', { scope: './' }) });
}
