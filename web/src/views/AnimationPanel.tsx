import { useTranslation } from 'react-i18next';
import { AnimationCanvas } from '../animation/AnimationCanvas';
import { Panel } from './Panel';
import { PlaybackControls } from './PlaybackControls';
import { useApp } from './services';

function Legend() {
  const { t } = useTranslation('network');
  return (
    <ul className="legend" aria-label={t('legend.name')}>
      <li>
        <svg width="18" height="10" aria-hidden="true">
          <rect x="1" y="1" width="16" height="8" fill="var(--pkt-data)" />
        </svg>
        {t('legend.data')}
      </li>
      <li>
        <svg width="18" height="10" aria-hidden="true">
          <path d="M1 2.5h12l4 2.5-4 2.5H1z" fill="var(--pkt-ack)" />
        </svg>
        {t('legend.ack')}
      </li>
      <li>
        <svg width="18" height="10" aria-hidden="true">
          <rect x="1.5" y="1.5" width="15" height="7" fill="var(--pkt-retx)" stroke="var(--text)" />
        </svg>
        {t('legend.retransmission')}
      </li>
      <li>
        <svg width="18" height="12" aria-hidden="true">
          <rect x="1" y="2" width="16" height="8" fill="var(--pkt-data)" />
          <rect x="14" y="0" width="3" height="12" fill="var(--pkt-ecn)" />
        </svg>
        {t('legend.ecn')}
      </li>
      <li>
        <svg width="18" height="10" aria-hidden="true">
          <rect x="1.5" y="1.5" width="15" height="7" fill="var(--pkt-retx)" stroke="var(--text)" />
          <rect x="1.5" y="3.5" width="15" height="3" fill="var(--pkt-middlebox)" />
        </svg>
        {t('legend.localRetransmission')}
      </li>
      <li>
        <svg width="18" height="10" aria-hidden="true">
          <path d="M1.5 2.5h12l4 2.5-4 2.5h-12z" fill="var(--pkt-ack)" stroke="var(--pkt-middlebox)" strokeDasharray="2 1.5" strokeWidth="1.5" />
        </svg>
        {t('legend.spoofedAck')}
      </li>
      <li>
        <svg width="18" height="10" aria-hidden="true">
          <rect x="1" y="1" width="16" height="8" fill="var(--pkt-datagram)" />
        </svg>
        {t('legend.datagram')}
      </li>
      <li>
        <svg width="18" height="10" aria-hidden="true">
          <rect x="1" y="1" width="16" height="8" fill="var(--pkt-data)" />
          <rect x="6" y="1" width="1.5" height="8" fill="var(--surface)" />
          <rect x="11" y="1" width="1.5" height="8" fill="var(--surface)" />
        </svg>
        {t('legend.fragmented')}
      </li>
      <li>
        <svg width="12" height="12" aria-hidden="true">
          <path d="M2 2l8 8M10 2l-8 8" stroke="var(--loss-drop)" strokeWidth="2.4" strokeLinecap="round" />
        </svg>
        {t('legend.queueDrop')}
      </li>
      <li>
        <svg width="14" height="14" aria-hidden="true">
          <circle cx="7" cy="7" r="5.5" fill="none" stroke="var(--loss-corrupt)" strokeWidth="1.4" />
          <path d="M4.5 4.5l5 5M9.5 4.5l-5 5" stroke="var(--loss-corrupt)" strokeWidth="2" strokeLinecap="round" />
        </svg>
        {t('legend.corrupted')}
      </li>
      <li>
        <svg width="12" height="14" aria-hidden="true">
          <rect x="1" y="1" width="10" height="12" fill="none" stroke="var(--queue-outline)" strokeDasharray="2 2" />
          <rect x="2" y="7" width="8" height="5" fill="var(--pkt-data)" />
        </svg>
        {t('legend.queueLimit')}
      </li>
      <li>
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
