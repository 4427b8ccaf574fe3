import type { ReactNode } from 'react';
import { usePopover } from './usePopover';

interface Props {
  /** The button's text. */
  label: ReactNode;
  /** The button's accessible name. */
  name: string;
  items: { label: string; name: string; run: () => void }[];
  testId?: string;
}

/** A button opening a short list of actions; Escape or a click elsewhere closes it. */
export function Menu({ label, name, items, testId }: Props) {
  const { open, setOpen, rootRef, buttonRef, listId } = usePopover('.menu-item');
  return (
    <div className="menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="button button-small"
        aria-label={name}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => setOpen((o) => !o)}
        data-testid={testId}
      >
        {label}
      </button>
      {open && (
        <div className="menu-popover" id={listId} role="group" aria-label={name}>
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              className="menu-item"
              aria-label={item.name}
              onClick={() => {
                setOpen(false);
                item.run();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
