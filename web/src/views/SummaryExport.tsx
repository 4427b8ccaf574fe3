import { useTranslation } from 'react-i18next';
import { useSyncExternalStore } from 'react';
import { download, fileName } from '../plots/exportPlot';
import { summaryExport } from '../state/summaryExport';
import { ExportMenu } from './ExportMenu';
import { useApp, useRun, useServices } from './services';

/** Downloads the summary (both runs in compare mode) as JSON; the run itself as pcap or ns-2 trace. */
export function SummaryExportButton() {
  const app = useApp();
  const run = useRun();
  const { controller, storeB } = useServices();
  const b = useSyncExternalStore(storeB.subscribe, storeB.getMeta);
  const comparing = app.request.compare !== undefined;
  const { t } = useTranslation('controls');
  const ready = run.summary !== null && (!comparing || b.summary !== null);
  const save = () => {
    controller.flushUrl();
    const data = summaryExport(window.location.href, app.request, run, comparing ? b : null);
    download(new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' }), fileName([app.request.scenario, 'summary'], 'json'));
  };
  return (
    <div className="export-actions">
      <button type="button" className="button button-small" disabled={!ready} onClick={save} data-testid="export-summary">
        {t('export.json')}
      </button>
      <ExportMenu />
    </div>
  );
}
