import { useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AfterFirstFrame } from './AfterFirstFrame';
import { AnimationPanel } from './AnimationPanel';
import { ErrorBoundary } from './ErrorBoundary';
import { Header } from './Header';
import { CompareSection, ComparePanel, CustomEditor, EventsPanel, HelpOverlay, KnobsPanel, PlotsPanel, ScenarioInfo, SummaryPanel } from './laterPanels';
import { MechanismBar } from './MechanismBar';
import { Notices } from './Notices';
import { Panel } from './Panel';
import { RunStatus } from './RunStatus';
import { useApp, useRun, useServices, useView } from './services';
import { useShortcuts } from './useShortcuts';

/**
 * The page. Its root exposes the run's state as data attributes, which the
 * end-to-end tests wait on instead of sleeping. A cold load renders the
 * header, the notices, the mechanism bar and the network first; the rest
 * follows the animation's first frame (AfterFirstFrame, laterPanels.ts).
 */
export function App() {
  useShortcuts();
  const { t } = useTranslation('common');
  const { present } = useView();
  return (
    <AppRoot>
      <ErrorBoundary name={t('boundary.header')}>
        <Header />
      </ErrorBoundary>
      <ErrorBoundary name={t('boundary.messages')}>
        <Notices />
      </ErrorBoundary>
      <Later name={t('boundary.help')}>
        <HelpOverlay />
      </Later>
      <Later name={t('boundary.editor')}>
        <CustomEditor />
      </Later>
      <main className="layout">
        {/* Present mode hides the editing panes: the projector shows the network and the plots. */}
        <aside className="sidebar" hidden={present}>
          <Panel title={t('panels.scenario')} testId="scenario-panel">
            <AfterFirstFrame>
              <ScenarioInfo />
            </AfterFirstFrame>
          </Panel>
          <Panel title={t('panels.settings')} testId="knobs-panel">
            <AfterFirstFrame>
              <KnobsPanel />
            </AfterFirstFrame>
            <RunStatus />
          </Panel>
          <AfterFirstFrame>
            <Panel title={t('panels.compare')} testId="compare-panel">
              <ComparePanel />
            </Panel>
          </AfterFirstFrame>
        </aside>
        <div className="stage">
          <ErrorBoundary name={t('boundary.mechanisms')}>
            <MechanismBar />
          </ErrorBoundary>
          <AnimationPanel />
          {/* The plots right under the network: on a projector both fit one screen. */}
          <Later name={t('panels.plots')}>
            <PlotsPanel />
          </Later>
          {/* Below the fold. */}
          <Later name={t('panels.events')}>
            <EventsPanel />
          </Later>
          <Later name={t('panels.summary')}>
            <SummaryPanel />
            <CompareSection />
          </Later>
        </div>
      </main>
    </AppRoot>
  );
}

/** A part of the page shown after the first animated frame, behind its own error boundary. */
function Later({ name, children }: { name: string; children: ReactNode }) {
  return (
    <ErrorBoundary name={name}>
      <AfterFirstFrame>{children}</AfterFirstFrame>
    </ErrorBoundary>
  );
}

/** Only this element re-renders on run progress; the panels subscribe to what they show. */
function AppRoot({ children }: { children: ReactNode }) {
  const app = useApp();
  const run = useRun();
  const { storeB } = useServices();
  const runB = useSyncExternalStore(storeB.subscribe, storeB.getMeta);
  const comparing = app.request.compare !== undefined;
  const { present } = useView();
  return (
    <div
      className="app"
      data-present={present ? 'true' : undefined}
      data-phase={app.phase}
      data-run-state={run.status}
      data-run-id={run.runId ?? ''}
      data-digest={run.status === 'done' ? (run.digest ?? '') : ''}
      data-run-b-state={comparing ? runB.status : ''}
      data-run-b-id={comparing ? (runB.runId ?? '') : ''}
      data-digest-b={comparing && runB.status === 'done' ? (runB.digest ?? '') : ''}
    >
      {children}
    </div>
  );
}
