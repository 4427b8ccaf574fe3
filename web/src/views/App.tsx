import type { ReactNode } from 'react';
import { PlotsPanel } from '../plots/PlotsPanel';
import { AnimationPanel } from './AnimationPanel';
import { EventsPanel } from './events/EventsPanel';
import { ErrorBoundary } from './ErrorBoundary';
import { Header } from './Header';
import { KnobsPanel } from './KnobsPanel';
import { MechanismBar } from './MechanismBar';
import { Notices } from './Notices';
import { Panel } from './Panel';
import { RunStatus } from './RunStatus';
import { ScenarioInfo } from './ScenarioInfo';
import { useApp, useRun } from './services';
import { SummaryTable } from './SummaryTable';
import { useShortcuts } from './useShortcuts';

/**
 * The page. Its root exposes the run's state as data attributes, which the
 * end-to-end tests wait on instead of sleeping.
 */
export function App() {
  useShortcuts();
  return (
    <AppRoot>
      <ErrorBoundary name="The header">
        <Header />
      </ErrorBoundary>
      <ErrorBoundary name="Messages">
        <Notices />
      </ErrorBoundary>
      <main className="layout">
        <aside className="sidebar">
          <Panel title="Scenario" testId="scenario-panel">
            <ScenarioInfo />
          </Panel>
          <Panel title="Settings" testId="knobs-panel">
            <KnobsPanel />
            <RunStatus />
          </Panel>
        </aside>
        <div className="stage">
          <ErrorBoundary name="The mechanism switches">
            <MechanismBar />
          </ErrorBoundary>
          <AnimationPanel />
          <EventsPanel />
          <PlotsPanel />
          <Panel title="Summary" testId="summary-panel">
            <SummaryTable />
          </Panel>
        </div>
      </main>
    </AppRoot>
  );
}

/** Only this element re-renders on run progress; the panels subscribe to what they show. */
function AppRoot({ children }: { children: ReactNode }) {
  const app = useApp();
  const run = useRun();
  return (
    <div
      className="app"
      data-phase={app.phase}
      data-run-state={run.status}
      data-run-id={run.runId ?? ''}
      data-digest={run.status === 'done' ? (run.digest ?? '') : ''}
    >
      {children}
    </div>
  );
}
