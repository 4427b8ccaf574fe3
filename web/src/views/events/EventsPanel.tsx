import { useTranslation } from 'react-i18next';
import { useMemo } from 'react';
import { Panel } from '../Panel';
import { useApp, useRun, useServices, useView } from '../services';
import { useSettledVersion } from '../useSettledVersion';
import { EventFilter } from './EventFilter';
import { EventTable } from './EventTable';
import { Inspector } from './Inspector';

/** Packet Tracer's simulation panel: the event list beside the packet inspector. */
export function EventsPanel() {
  const { events } = useServices();
  const run = useRun();
  const { filter } = useView();
  const { request } = useApp();
  const { t } = useTranslation('common');
  // The same cached list the table reads; only its length is needed here.
  const version = useSettledVersion(run);
  const shown = useMemo(() => events.list().length, [events, version, run.runId, filter]);
  return (
    <Panel title={request.compare === undefined ? t('panels.events') : t('panels.eventsA')} className="events-panel" testId="events-panel">
      <EventFilter shown={shown} />
      <div className="events-body">
        <EventTable height={236} />
        <Inspector />
      </div>
    </Panel>
  );
}
