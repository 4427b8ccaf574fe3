import { useTranslation } from 'react-i18next';
import { useMemo } from 'react';
import { AnimationCanvas } from '../animation/AnimationCanvas';
import { legendKinds, type LegendKind } from '../animation/legendKinds';
import { Panel } from './Panel';
import { PlaybackControls } from './PlaybackControls';
import { useApp, useRun, useServices } from './services';
import { useSettledVersion } from './useSettledVersion';

/** The kinds of packet and link state this run shows (the legend lists only those). */
function useLegendKinds(): Set<LegendKind> {
  const { store } = useServices();
  const run = useRun();
  const version = useSettledVersion(run);
  const hasLinks = (run.topology?.channels.length ?? 0) > 0;
  const hasOutages = run.seriesInfo.some((s) => s.quantity === 'outage');
  // version: the trace grows in place while the run streams in.
  // Kept with a finished run: shown again from the run cache, it is not scanned again.
  return useMemo(
    () => store.memo(`legendKinds:${hasLinks}:${hasOutages}`, () => legendKinds(store.traceView(), hasLinks, hasOutages)),
    [store, hasLinks, hasOutages, version],
  );
}

function Legend() {
  const kinds = useLegendKinds();
  const has = (k: LegendKind) => kinds.has(k);
  const { t } = useTranslation('network');
  return (
    <ul className="legend" aria-label={t('legend.name')}>
      <li hidden={!has('data')}>
        <svg width="18" height="10" aria-hidden="true">
          <rect x="1" y="1" width="16" height="8" fill="var(--pkt-data)" />
        </svg>
        {t('legend.data')}
      </li>
      <li hidden={!has('ack')}>
        <svg width="18" height="10" aria-hidden="true">
          <path d="M1 2.5h12l4 2.5-4 2.5H1z" fill="var(--pkt-ack)" />
        </svg>
        {t('legend.ack')}
      </li>
      <li hidden={!has('retransmission')}>
        <svg width="18" height="10" aria-hidden="true">
          <rect x="1.5" y="1.5" width="15" height="7" fill="var(--pkt-retx)" stroke="var(--text)" />
        </svg>
        {t('legend.retransmission')}
      </li>
      <li hidden={!has('ecn')}>
        <svg width="18" height="12" aria-hidden="true">
          <rect x="1" y="2" width="16" height="8" fill="var(--pkt-data)" />
          <rect x="14" y="0" width="3" height="12" fill="var(--pkt-ecn)" />
        </svg>
        {t('legend.ecn')}
      </li>
      <li hidden={!has('localRetransmission')}>
        <svg width="18" height="10" aria-hidden="true">
          <rect x="1.5" y="1.5" width="15" height="7" fill="var(--pkt-retx)" stroke="var(--text)" />
          <rect x="1.5" y="3.5" width="15" height="3" fill="var(--pkt-middlebox)" />
        </svg>
        {t('legend.localRetransmission')}
      </li>
      <li hidden={!has('spoofed')}>
        <svg width="18" height="10" aria-hidden="true">
          <path d="M1.5 2.5h12l4 2.5-4 2.5h-12z" fill="var(--pkt-ack)" stroke="var(--pkt-middlebox)" strokeDasharray="2 1.5" strokeWidth="1.5" />
        </svg>
        {t('legend.spoofedAck')}
      </li>
      <li hidden={!has('datagram')}>
        <svg width="18" height="10" aria-hidden="true">
          <rect x="1" y="1" width="16" height="8" fill="var(--pkt-datagram)" />
        </svg>
        {t('legend.datagram')}
      </li>
      <li hidden={!has('fragmented')}>
        <svg width="18" height="10" aria-hidden="true">
          <rect x="1" y="1" width="16" height="8" fill="var(--pkt-data)" />
          <rect x="6" y="1" width="1.5" height="8" fill="var(--surface)" />
          <rect x="11" y="1" width="1.5" height="8" fill="var(--surface)" />
        </svg>
        {t('legend.fragmented')}
      </li>
      <li hidden={!has('drop')}>
        <svg width="12" height="12" aria-hidden="true">
          <path d="M2 2l8 8M10 2l-8 8" stroke="var(--loss-drop)" strokeWidth="2.4" strokeLinecap="round" />
        </svg>
        {t('legend.queueDrop')}
      </li>
      <li hidden={!has('corrupt')}>
        <svg width="14" height="14" aria-hidden="true">
          <circle cx="7" cy="7" r="5.5" fill="none" stroke="var(--loss-corrupt)" strokeWidth="1.4" />
          <path d="M4.5 4.5l5 5M9.5 4.5l-5 5" stroke="var(--loss-corrupt)" strokeWidth="2" strokeLinecap="round" />
        </svg>
        {t('legend.corrupted')}
      </li>
      <li hidden={!has('queue')}>
        <svg width="12" height="14" aria-hidden="true">
          <rect x="1" y="1" width="10" height="12" fill="none" stroke="var(--queue-outline)" strokeDasharray="2 2" />
          <rect x="2" y="7" width="8" height="5" fill="var(--pkt-data)" />
        </svg>
        {t('legend.queueLimit')}
      </li>
      <li hidden={!has('down')}>
        <svg width="22" height="10" aria-hidden="true">
          <path d="M1 2h7M14 2h7M1 8h7M14 8h7" stroke="var(--text-muted)" strokeDasharray="3 2" />
          <path d="M8 0l2 4-2 2 2 4M14 0l-2 4 2 2-2 4" stroke="var(--loss-drop)" strokeWidth="1.5" fill="none" />
        </svg>
        {t('legend.linkDown')}
      </li>
    </ul>
  );
}

export function AnimationPanel() {
  const { request } = useApp();
  const { t } = useTranslation('common');
  // In compare mode the animation and the event list show run A.
  return (
    <Panel title={request.compare === undefined ? t('panels.network') : t('panels.networkA')} aside={<Legend />} className="animation-panel" testId="animation-panel">
      <AnimationCanvas />
      <PlaybackControls />
    </Panel>
  );
}
