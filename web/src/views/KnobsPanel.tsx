import { useEffect, useId, useState } from 'react';
import { formatFieldError } from '../engine/protocol';
import { knobViews, overrideFor, type KnobView } from '../state/knobs';
import { ALLOWED, parseSeed } from '../state/url';
import { useApp, useServices } from './services';

/** The scenario's knobs (a select when it offers options, else text) and the seed. */
export function KnobsPanel() {
  const app = useApp();
  const { controller } = useServices();
  const views = knobViews(app.entry?.scenario ?? null, app.resolution, app.knobOptions, app.request.sets);
  const hasOverrides = app.request.sets.length > 0;
  const commit = (k: KnobView, raw: string, optionIndex: number | null) =>
    controller.setOverride(k.path, overrideFor(k.path, raw, optionIndex, app.knobOptions));

  return (
    <form className="knobs" onSubmit={(e) => e.preventDefault()} aria-label="Scenario settings">
      {views.map((k) => (
        <KnobRow key={`${app.request.scenario}:${k.path}`} knob={k} onCommit={commit} />
      ))}
      <SeedRow seed={app.request.seed} onCommit={(seed) => controller.setSeed(seed)} />
      <div className="knobs-actions">
        <button
          type="button"
          className="button button-quiet"
          disabled={!hasOverrides}
          onClick={() => controller.resetOverrides()}
        >
          Reset to scenario values
        </button>
      </div>
    </form>
  );
}

function KnobRow({ knob, onCommit }: { knob: KnobView; onCommit: (k: KnobView, raw: string, optionIndex: number | null) => void }) {
  const id = useId();
  const invalid = knob.errors.length > 0;
  const describedBy = [knob.help ? `${id}-help` : null, invalid ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`knob ${invalid ? 'knob-invalid' : ''}`} data-knob={knob.path}>
      <label htmlFor={id}>{knob.label}</label>
      {knob.options.length > 0 ? (
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
              {knob.text}
              {invalid ? ' (not valid)' : ''}
            </option>
          )}
          {knob.options.map((o, i) => (
            <option key={o} value={String(i)}>
              {o}
            </option>
          ))}
        </select>
      ) : (
        <TextKnob id={id} knob={knob} describedBy={describedBy} onCommit={(raw) => onCommit(knob, raw, null)} />
      )}
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

/** Free text, committed on Enter or when leaving the field; the typed text is kept. */
function TextKnob({
  id,
  knob,
  describedBy,
  onCommit,
}: {
  id: string;
  knob: KnobView;
  describedBy: string | undefined;
  onCommit: (raw: string) => void;
}) {
  const [draft, setDraft] = useState(knob.text);
  useEffect(() => setDraft(knob.text), [knob.text]);
  const commit = () => {
    if (draft !== knob.text) onCommit(draft);
  };
  return (
    <input
      id={id}
      type="text"
      value={draft}
      spellCheck={false}
      aria-invalid={knob.errors.length > 0}
      aria-describedby={describedBy}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
    />
  );
}

function SeedRow({ seed, onCommit }: { seed: number | null; onCommit: (seed: number) => void }) {
  const id = useId();
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
      <label htmlFor={id}>Random seed</label>
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
          Same seed, same run: every random stream derives from it.
        </p>
      ) : (
        <p className="knob-error" id={`${id}-error`} role="alert">
          seed: &quot;{draft}&quot; is not valid (allowed: {ALLOWED.seed})
        </p>
      )}
    </div>
  );
}
