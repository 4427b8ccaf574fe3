import type { ReactNode } from 'react';

interface Props {
  checked: boolean;
  onChange(checked: boolean): void;
  /** The accessible name when there is no visible label pointing at it. */
  label?: string;
  /** Id of a visible label naming it. */
  labelledBy?: string;
  id?: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  children?: ReactNode;
  testId?: string;
}

/** An on/off switch (a button with role="switch"); any children are its visible text. */
export function Switch({ checked, onChange, label, labelledBy, id, disabled, invalid, describedBy, children, testId }: Props) {
  return (
    <button
      type="button"
      role="switch"
      id={id}
      className="switch"
      aria-checked={checked}
      aria-label={label}
      aria-labelledby={labelledBy}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      data-testid={testId}
    >
      <span className="switch-track" aria-hidden="true">
        <span className="switch-thumb" />
      </span>
      {children && <span className="switch-text">{children}</span>}
    </button>
  );
}
