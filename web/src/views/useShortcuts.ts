import { useEffect } from 'react';
import { ownsKey, shortcutFor } from './shortcuts';
import { useServices } from './services';

/** The app's keyboard shortcuts, on the window; a focused field keeps its keys. */
export function useShortcuts(): void {
  const services = useServices();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const shortcut = shortcutFor(e);
      if (!shortcut || ownsKey(e.target, e.key)) return;
      if (e.repeat && e.key === ' ') return;
      e.preventDefault();
      shortcut.run(services);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [services]);
}
