import { useTranslation } from 'react-i18next';
import { CUSTOM_SCENARIO } from '../state/url';
import { resumeEditor } from './custom/openEditor';
import { useApp, useServices } from './services';

export function ScenarioInfo() {
  const { entry, resolution } = useApp();
  const services = useServices();
  const s = entry?.scenario;
  const { t } = useTranslation('controls');
  if (!s) return <p className="muted">{t('info.loading')}</p>;
  return (
    <div className="scenario-info">
      <h3 className="scenario-title">{s.title}</h3>
      {s.paper && (
        <p className="scenario-paper">
          {t('info.paper', { seed: s.paper.seed, reproduces: s.paper.reproduces })}
        </p>
      )}
      {s.description && <p className="scenario-description">{s.description.replace(/\s*\n\s*/g, ' ')}</p>}
      <p className="scenario-meta">
        <code>{s.id}</code> · {t('info.simulated', { duration: s.duration })}
      </p>
      {s.id === CUSTOM_SCENARIO && (
        <button type="button" className="button button-small scenario-edit" onClick={() => resumeEditor(services, resolution?.scenario ?? s)} data-testid="edit-custom">
          {t('info.edit')}
        </button>
      )}
    </div>
  );
}
