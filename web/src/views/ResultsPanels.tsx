import { useTranslation } from 'react-i18next';
import { CompareSummary } from './CompareSummary';
import { Panel } from './Panel';
import { useApp } from './services';
import { SummaryExportButton } from './SummaryExport';
import { SummaryTable } from './SummaryTable';

/** Per-flow and per-link results; in compare mode, of run A (the A/B table follows). */
export function SummaryPanel() {
  const { request } = useApp();
  const { t } = useTranslation('common');
  return (
    <Panel title={request.compare === undefined ? t('panels.summary') : t('panels.summaryA')} testId="summary-panel" aside={<SummaryExportButton />}>
      <SummaryTable />
    </Panel>
  );
}

/** The A/B table, in compare mode only. */
export function CompareSection() {
  const { request } = useApp();
  const { t } = useTranslation('common');
  if (request.compare === undefined) return null;
  return (
    <Panel title={t('panels.ab')} testId="compare-summary-panel">
      <CompareSummary />
    </Panel>
  );
}
