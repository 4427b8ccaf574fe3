import { useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PlotsPanel } from '../plots/PlotsPanel';
import { AfterFirstFrame } from './AfterFirstFrame';
import { AnimationPanel } from './AnimationPanel';
import { EventsPanel } from './events/EventsPanel';
import { ComparePanel } from './ComparePanel';
import { CustomEditor } from './custom/CustomEditor';
import { CompareSummary } from './CompareSummary';
import { ErrorBoundary } from './ErrorBoundary';
import { Header } from './Header';
import { HelpOverlay } from './HelpOverlay';
import { KnobsPanel } from './KnobsPanel';
import { MechanismBar } from './MechanismBar';
import { Notices } from './Notices';
import { Panel } from './Panel';
import { RunStatus } from './RunStatus';
import { ScenarioInfo } from './ScenarioInfo';
import { useApp, useRun, useServices, useView } from './services';
import { SummaryExportButton } from './SummaryExport';
import { SummaryTable } from './SummaryTable';
import { useShortcuts } from './useShortcuts';

/**
 * The page. Its root exposes the run's state as data attributes, which the
 * end-to-end tests wait on instead of sleeping.
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
      <ErrorBoundary name={t('boundary.help')}>
        <AfterFirstFrame>
          <HelpOverlay />
        </AfterFirstFrame>
      </ErrorBoundary>
      <ErrorBoundary name={t('boundary.editor')}>
        <AfterFirstFrame>
          <CustomEditor />
        </AfterFirstFrame>
      </ErrorBoundary>
      <main className="layout">
        {/* Present mode hides the editing panes: the projector shows the network and the plots. */}
        <aside className="sidebar" hidden={present}>
          <Panel title={t('panels.scenario')} testId="scenario-panel">
            <ScenarioInfo />
          </Panel>
          <Panel title={t('panels.settings')} testId="knobs-panel">
            <KnobsPanel />
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
          <PlotsPanel />
          {/* Below the fold: after the first animated frame (AfterFirstFrame.tsx). */}
          <AfterFirstFrame>
            <EventsPanel />
            <SummaryPanel />
            <CompareSection />
          </AfterFirstFrame>
        </div>
      </main>
    </AppRoot>
  );
}

/** Per-flow and per-link results; in compare mode, of run A (the A/B table follows). */
function SummaryPanel() {
  const { request } = useApp();
  const { t } = useTranslation('common');
  return (
    <Panel title={request.compare === undefined ? t('panels.summary') : t('panels.summaryA')} testId="summary-panel" aside={<SummaryExportButton />}>
      <SummaryTable />
    </Panel>
  );
}

/** The A/B table, in compare mode only. */
function CompareSection() {
  const { request } = useApp();
  const { t } = useTranslation('common');
  if (request.compare === undefined) return null;
  return (
    <Panel title={t('panels.ab')} testId="compare-summary-panel">
      <CompareSummary />
    </Panel>
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
