// The entry script: starts the engine's worker first, then loads the app.
// The app's bundle is large (the views, the charts, two languages); starting
// the worker before it is fetched and parsed lets the wasm engine download
// and compile in parallel, and the run the URL asks for starts in it before
// the app is there to ask (engine/earlyRun.ts).
import { startEarlyWorker } from './engine/earlyWorker';

startEarlyWorker(window.location.search);
void import('./main');

// The main thread waits for the app's bundle (parsed off the main thread):
// meanwhile, load the locale data the first number format and plural rule
// need (tens of ms, otherwise paid in the app's first render). The formats
// themselves are made and cached by format.ts and i18next.
setTimeout(() => {
  const ko = /(^|[?&])lang=ko(&|$)/.test(window.location.search) || (navigator.languages ?? [navigator.language]).some((l) => l.toLowerCase().startsWith('ko'));
  const locale = ko ? 'ko-KR' : 'en-US';
  try {
    new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(1234.5);
    new Intl.PluralRules(locale).select(2);
  } catch {
    /* no Intl: nothing to warm */
  }
}, 0);
