import type { ViewStore } from '../state/viewStore';
import { pickLanguage, setLanguage } from './index';

/**
 * Keeps the interface language on the view's choice (lang= in the URL or the
 * language switch), else on the browser's preferred languages.
 */
export function followViewLanguage(view: ViewStore, preferred: readonly string[]): () => void {
  const apply = () => setLanguage(view.getSnapshot().lang ?? pickLanguage('', preferred));
  return view.subscribe(apply);
}
