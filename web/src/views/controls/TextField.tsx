import { useEffect, useState } from 'react';

interface Props {
  id: string;
  value: string;
  onCommit(text: string): void;
  placeholder?: string;
  invalid?: boolean;
  describedBy?: string;
  label?: string;
  inputMode?: 'text' | 'numeric' | 'decimal';
  testId?: string;
}

/**
 * Free text, committed on Enter or when leaving the field. What was typed is
 * kept while the value it came from does not change (nothing typed is lost).
 */
export function TextField({ id, value, onCommit, placeholder, invalid, describedBy, label, inputMode, testId }: Props) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const commit = () => {
    if (draft !== value) onCommit(draft);
  };
  return (
    <input
      id={id}
      type="text"
      value={draft}
      spellCheck={false}
      placeholder={placeholder}
      inputMode={inputMode}
      aria-label={label}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit();
        }
        if (e.key === 'Escape') setDraft(value);
      }}
      data-testid={testId}
    />
  );
}
