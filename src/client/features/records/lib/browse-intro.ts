import { RECORD_BROWSE_UI } from '../browse-messages.ts';

const T = RECORD_BROWSE_UI.browse;

/** The list's opening line: what it holds, and what opening a row offers (readers are not promised editing). */
export function browseIntro({ readsAll, canEdit }: { readsAll: boolean; canEdit: boolean }): string {
  return `${readsAll ? T.introAll : T.intro} ${canEdit ? T.openToEdit : T.openToSee}`;
}
