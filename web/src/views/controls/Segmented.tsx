import { useId } from 'react';

interface Props {
  label: string;
  options: { label: string; disabled?: boolean; title?: string }[];
  /** Index of the chosen option, or -1. */
  selected: number;
  onChange(index: number): void;
  testId?: string;
}

/** A row of mutually exclusive buttons (a radio group), for a few named choices. */
export function Segmented({ label, options, selected, onChange, testId }: Props) {
  const name = useId();
  return (
    <div className="segmented" role="radiogroup" aria-label={label} data-testid={testId}>
      {options.map((o, i) => (
        <label key={o.label} className={`segment ${i === selected ? 'is-on' : ''} ${o.disabled ? 'is-disabled' : ''}`} title={o.title}>
          <input type="radio" name={name} checked={i === selected} disabled={o.disabled} onChange={() => onChange(i)} />
          {o.label}
        </label>
      ))}
    </div>
  );
}
