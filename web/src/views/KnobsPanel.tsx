import { useTranslation } from 'react-i18next';
import { useEffect, useId, useState } from 'react';
import { formatFieldError } from '../engine/protocol';
import type { KnobView, PresetKnobView } from '../state/knobs';
import { ALLOWED, parseSeed } from '../state/url';
import { Segmented } from './controls/Segmented';
import { Switch } from './controls/Switch';
import { TextField } from './controls/TextField';
import { AfterFirstFrame } from './AfterFirstFrame';
import { EntityForms } from './EntityForms';
import { useApp, useServices } from './services';
import { choosePreset, useCommitKnob, useEditTarget, useKnobs } from './useKnobs';

/** The scenario's knobs (switches, choices, presets, text), the seed, then every link and flow setting. */
export function KnobsPanel() {
  const app = useApp();
  const { controller } = useServices();
  const { fields, presets } = useKnobs();
  const commit = useCommitKnob();
  const target = useEditTarget();
  const { t } = useTranslation('controls');
  const hasOverrides = target.run === 'B' ? (app.request.compare?.length ?? 0) > 0 : app.request.sets.length > 0;

  return (
    <form className={`knobs editing-${target.run}`} onSubmit={(e) => e.preventDefault()} aria-label={t('knobs.form')} data-editing={target.run}>
      {app.request.compare !== undefined && (
        <p className={`editing-banner editing-banner-${target.run}`} role="status">
          {t('knobs.editingRun')} <strong>{target.run}</strong>
          {target.run === 'B' ? t('knobs.onlyB') : t('knobs.both')}
        </p>
      )}
      {fields
        .filter((k) => !k.prominent)
        .map((k) => (
          <KnobRow key={`${app.request.scenario}:${k.path}`} knob={k} onCommit={commit} />
        ))}
      {presets
        .filter((p) => !p.prominent)
        .map((p) => (
          <PresetRow key={`${app.request.scenario}:preset:${p.index}`} knob={p} onChoose={(i) => choosePreset(controller, p, i)} />
        ))}
      <SeedRow seed={app.request.seed} onCommit={(seed) => controller.setSeed(seed)} />
      {/* Long forms in closed sections: after the first animated frame. */}
      <AfterFirstFrame>
        <EntityForms />
      </AfterFirstFrame>
      <div className="knobs-actions">
        <button type="button" className="button button-quiet" disabled={!hasOverrides} onClick={() => controller.resetOverrides()}>
          {t('knobs.reset')}
        </button>
      </div>
    </form>
  );
}

export function KnobRow({ knob, onCommit }: { knob: KnobView; onCommit: (k: KnobView, raw: string, optionIndex: number | null) => void }) {
  const id = useId();
  const { t } = useTranslation('controls');
  const invalid = knob.errors.length > 0;
  const describedBy = [knob.help ? `${id}-help` : null, invalid ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  let control;
  if (knob.isSwitch && !invalid) {
    control = (
      <Switch id={id} labelledBy={`${id}-label`} checked={knob.selected >= 0 && knob.selected === knob.onIndex} describedBy={describedBy} onChange={(on) => onCommit(knob, on ? 'true' : 'false', on ? knob.onIndex : 1 - knob.onIndex)}>
        {knob.selected >= 0 && knob.selected === knob.onIndex ? t('common:on') : t('common:off')}
      </Switch>
    );
  } else if (knob.options.length > 0) {
    control = (
      <select
        id={id}
        value={knob.selected >= 0 ? String(knob.selected) : 'custom'}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        onChange={(e) => {
          const i = Number(e.target.value);
          const raw = knob.options[i];
          if (raw !== undefined) onCommit(knob, raw, i);
        }}
      >
        {knob.selected < 0 && (
          <option value="custom" disabled>
            {knob.unset ? t('common:layout.knobNotSet') : knob.text}
            {invalid ? t('common:notValid') : ''}
          </option>
        )}
        {knob.options.map((o, i) => (
          <option key={o} value={String(i)}>
            {o}
          </option>
        ))}
      </select>
    );
  } else {
    control = <TextField id={id} value={knob.text} invalid={invalid} describedBy={describedBy} onCommit={(raw) => onCommit(knob, raw, null)} />;
  }
  return (
    <div className={`knob ${invalid ? 'knob-invalid' : ''} ${knob.isSwitch ? 'knob-switch' : ''}`} data-knob={knob.path}>
      <label htmlFor={id} id={`${id}-label`}>
        {knob.label}
      </label>
      {control}
      {knob.help && (
        <p className="knob-help" id={`${id}-help`}>
          {knob.help}
        </p>
      )}
      {invalid && (
        <p className="knob-error" id={`${id}-error`} role="alert">
          {knob.errors.map(formatFieldError).join('; ')}
        </p>
      )}
    </div>
  );
}

export function PresetRow({ knob, onChoose }: { knob: PresetKnobView; onChoose: (index: number) => void }) {
  const id = useId();
  const { t } = useTranslation('controls');
  const invalid = knob.errors.length > 0;
  return (
    <div className={`knob ${invalid ? 'knob-invalid' : ''}`} data-knob={`preset:${knob.label}`}>
      <span className="knob-label" id={`${id}-label`}>
        {knob.label}
      </span>
      <Segmented
        label={knob.label}
        selected={knob.selected}
        onChange={onChoose}
        options={knob.presets.map((p) => ({ label: p.label, disabled: !p.valid, title: p.valid ? undefined : t('knobs.refused') }))}
      />
      {knob.help && <p className="knob-help">{knob.help}</p>}
      {invalid && (
        <p className="knob-error" role="alert">
          {knob.errors.map(formatFieldError).join('; ')}
        </p>
      )}
    </div>
  );
}

function SeedRow({ seed, onCommit }: { seed: number | null; onCommit: (seed: number) => void }) {
  const id = useId();
  const { t } = useTranslation('controls');
  const shown = seed === null ? '' : String(seed);
  const [draft, setDraft] = useState(shown);
  useEffect(() => setDraft(shown), [shown]);
  const valid = parseSeed(draft.trim()) !== null;
  const commit = () => {
    const n = parseSeed(draft.trim());
    if (n !== null) onCommit(n);
  };
  return (
    <div className={`knob ${valid ? '' : 'knob-invalid'}`} data-knob="seed">
      <label htmlFor={id}>{t('knobs.seed')}</label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        value={draft}
        aria-invalid={!valid}
        aria-describedby={valid ? `${id}-help` : `${id}-error`}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
      />
      {valid ? (
        <p className="knob-help" id={`${id}-help`}>
          {t('knobs.seedHelp')}
        </p>
      ) : (
        <p className="knob-error" id={`${id}-error`} role="alert">
          {t('knobs.seedInvalid', { value: draft, allowed: ALLOWED.seed })}
        </p>
      )}
    </div>
  );
}
