import type { ViewStore } from '../state/viewStore';
import { currentLanguage, pickLanguage, setLanguage } from './index';

/**
 * Keeps the interface language on the view's choice (lang= in the URL or the
 * language switch), else on the browser's preferred languages; `changed` runs
 * after a switch (to reword what was worded before it).
 */
export function followViewLanguage(view: ViewStore, preferred: readonly string[], changed: () => void = () => {}): () => void {
  return view.subscribe(() => {
    const before = currentLanguage();
    setLanguage(view.getSnapshot().lang ?? pickLanguage('', preferred));
    if (currentLanguage() !== before) changed();
  });
}
