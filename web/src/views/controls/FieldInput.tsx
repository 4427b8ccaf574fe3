import { useTranslation } from 'react-i18next';
import { formatFieldError } from '../../engine/protocol';
import type { FieldCell } from '../../state/entityForms';
import type { FieldDesc } from '../../state/schemaForm';
import { Switch } from './Switch';
import { TextField } from './TextField';

interface Props {
  id: string;
  field: FieldDesc;
  cell: FieldCell;
  /** The accessible name (the visible label names the row). */
  label: string;
  onCommit(text: string): void;
  describedBy?: string;
}

/** One schema field: a switch, a list of choices or free text, by its type. */
export function FieldInput({ id, field, cell, label, onCommit, describedBy }: Props) {
  const invalid = cell.errors.length > 0;
  const { t } = useTranslation('controls');
  // Unset in the scenario: show the engine's default (from the schema).
  const text = cell.text === '' && field.default !== null && field.default !== undefined && typeof field.default !== 'object' ? String(field.default) : cell.text;
  const errorId = `${id}-error`;
  const described = [describedBy, invalid ? errorId : null].filter(Boolean).join(' ') || undefined;
  let control;
  if (field.kind === 'boolean') {
    control = (
      <Switch id={id} checked={text === 'true'} onChange={(on) => onCommit(String(on))} label={label} invalid={invalid} describedBy={described} />
    );
  } else if (field.kind === 'choice') {
    const known = field.choices.some((c) => c.value === text);
    control = (
      <select id={id} value={known ? text : `custom:${text}`} aria-label={label} aria-invalid={invalid || undefined} aria-describedby={described} onChange={(e) => onCommit(e.target.value)}>
        {!known && (
          <option value={`custom:${text}`} disabled>
            {text === '' ? t('entity.engineDefault') : `${text}${invalid ? t('common:notValid') : ''}`}
          </option>
        )}
        {field.choices.map((c) => (
          <option key={c.value} value={c.value} title={c.description ?? undefined}>
            {c.value}
          </option>
        ))}
      </select>
    );
  } else {
    // A default is what an empty field means; an example only shows the form of a value.
    const fallback = field.default === null || field.default === undefined ? (field.example ? t('entity.example', { example: field.example }) : null) : String(field.default);
    control = (
      <TextField
        id={id}
        value={cell.text}
        label={label}
        placeholder={fallback ?? undefined}
        invalid={invalid}
        describedBy={described}
        inputMode={field.kind === 'integer' ? 'numeric' : field.kind === 'number' ? 'decimal' : 'text'}
        onCommit={onCommit}
      />
    );
  }
  return (
    <div className={`field-input ${invalid ? 'is-invalid' : ''}`} data-path={cell.path}>
      {control}
      {invalid && (
        <p className="knob-error" id={errorId} role="alert">
          {cell.errors.map(formatFieldError).join('; ')}
        </p>
      )}
    </div>
  );
}
