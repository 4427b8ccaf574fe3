import { useTranslation } from 'react-i18next';
import { useId } from 'react';
import { formatFieldError } from '../engine/protocol';
import type { KnobView, PresetKnobView } from '../state/knobs';
import { Segmented } from './controls/Segmented';
import { Switch } from './controls/Switch';
import { choosePreset, useCommitKnob, useEditTarget, useKnobs } from './useKnobs';
import { useApp } from './services';
import { useServices } from './services';

/** A preset knob with an "off" first preset and one other reads best as a switch. */
function presetSwitch(p: PresetKnobView): boolean {
  return p.presets.length === 2 && /^(off|no|none|without|disabled?)\b/i.test(p.presets[0]?.label ?? '');
}

/**
 * The scenario's prominent mechanisms (Snoop, SACK, ECN, ACK priority, ...)
 * as large switches above the network: one click re-runs with it on or off.
 */
export function MechanismBar() {
  const { fields, presets } = useKnobs();
  const { run } = useEditTarget();
  const comparing = useApp().request.compare !== undefined;
  const prominentFields = fields.filter((k) => k.prominent);
  const prominentPresets = presets.filter((p) => p.prominent);
  const { t } = useTranslation('controls');
  if (prominentFields.length === 0 && prominentPresets.length === 0) return null;
  return (
    <section className={`mechanisms ${comparing ? `mechanisms-run-${run}` : ''}`} aria-label={t('knobs.mechanisms')} data-testid="mechanisms" data-run={comparing ? run : undefined}>
      {/* In compare mode the switches show and change the run the settings edit; the network shows run A. */}
      {comparing && (
        <span className={`mechanisms-run run-badge-${run}`} data-testid="mechanisms-run">
          {t('common:layout.mechanismsOfRun', { run })}
        </span>
      )}
      {prominentFields.map((k) => (
        <FieldMechanism key={k.path} knob={k} />
      ))}
      {prominentPresets.map((p) => (
        <PresetMechanism key={p.index} knob={p} />
      ))}
    </section>
  );
}

function FieldMechanism({ knob }: { knob: KnobView }) {
  const commit = useCommitKnob();
  const id = useId();
  const invalid = knob.errors.length > 0;
  return (
    <div className="mechanism" data-knob={knob.path} title={knob.help ?? undefined}>
      {knob.isSwitch ? (
        <Switch checked={knob.selected >= 0 && knob.selected === knob.onIndex} onChange={(on) => commit(knob, on ? 'true' : 'false', on ? knob.onIndex : 1 - knob.onIndex)} invalid={invalid} testId={`mechanism-${knob.label}`}>
          {knob.label}
        </Switch>
      ) : (
        <>
          <span className="mechanism-label" id={id}>
            {knob.label}
          </span>
          <Segmented label={knob.label} selected={knob.selected} options={knob.options.map((o) => ({ label: o }))} onChange={(i) => commit(knob, knob.options[i] ?? '', i)} />
        </>
      )}
      {invalid && <span className="knob-error">{knob.errors.map(formatFieldError).join('; ')}</span>}
    </div>
  );
}

function PresetMechanism({ knob }: { knob: PresetKnobView }) {
  const { controller } = useServices();
  const choose = (i: number) => choosePreset(controller, knob, i);
  const invalid = knob.errors.length > 0;
  return (
    <div className="mechanism" data-knob={`preset:${knob.label}`} title={knob.help ?? undefined}>
      {presetSwitch(knob) ? (
        <Switch checked={knob.selected === 1} onChange={(on) => choose(on ? 1 : 0)} invalid={invalid} testId={`mechanism-${knob.label}`}>
          {knob.label}
        </Switch>
      ) : (
        <>
          <span className="mechanism-label">{knob.label}</span>
          <Segmented
            label={knob.label}
            selected={knob.selected}
            options={knob.presets.map((p) => ({ label: p.label, disabled: !p.valid }))}
            onChange={choose}
          />
        </>
      )}
      {invalid && <span className="knob-error">{knob.errors.map(formatFieldError).join('; ')}</span>}
    </div>
  );
}
