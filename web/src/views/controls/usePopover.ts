import { useEffect, useId, useRef, useState } from 'react';

/**
 * A button's popover: a click outside or Escape closes it (Escape gives the
 * focus back to the button); on opening, the first element matching
 * `focusFirst` inside the root takes the focus.
 */
export function usePopover(focusFirst?: string) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    if (focusFirst) rootRef.current?.querySelector<HTMLElement>(focusFirst)?.focus();
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, focusFirst]);
  return { open, setOpen, rootRef, buttonRef, listId };
}
