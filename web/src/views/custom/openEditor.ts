import type { Scenario } from '../../generated/types';
import { draftFromScenario } from '../../state/customDraft';
import { blankScenario } from '../../state/customScenario';
import type { Services } from '../services';

/** Opens the custom-scenario editor on a fresh draft of `from` (a blank scenario when null). */
export function openEditor(s: Pick<Services, 'drafts' | 'view'>, from: Scenario | null): void {
  s.drafts.set(draftFromScenario(from ?? blankScenario()));
  s.view.set({ editor: true });
}

/** Opens the editor on the draft being worked on, if any, else on `from`. */
export function resumeEditor(s: Pick<Services, 'drafts' | 'view'>, from: Scenario | null): void {
  if (s.drafts.getSnapshot()) s.view.set({ editor: true });
  else openEditor(s, from);
}
