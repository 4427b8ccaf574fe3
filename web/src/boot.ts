// The entry script: starts the engine's worker first, then loads the app.
// The app's bundle is large (the views, the charts, two languages); starting
// the worker before it is fetched and parsed lets the wasm engine download
// and compile in parallel, so the first run can start as soon as the app asks.
import { startEarlyWorker } from './engine/earlyWorker';

startEarlyWorker();
void import('./main');
