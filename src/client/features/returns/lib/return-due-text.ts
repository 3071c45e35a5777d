import { onBehalfLine } from '../../../../shared/return-acting.ts';
import type { ReturnEvent, TermReturn } from '../../../../shared/schemas/returns.ts';

/** Shared with the matrix download, which shows the same day where the screen does. */
export { dueAgainShown } from '../../../../shared/return-due.ts';

/** What an app admin did on the institution's behalf, and why: the history's lines that say so, newest first. */
export function onBehalfNotes(
  ret: Pick<TermReturn, 'institution_name' | 'history'>,
  actionName: (action: string) => string,
): { id: number; at: string; text: string }[] {
  return ret.history
    .filter((e): e is ReturnEvent & { on_behalf_reason: string } => e.on_behalf_reason !== null)
    .reverse()
    .map((e) => ({
      id: e.id,
      at: e.at,
      text: `${actionName(e.action)} ${onBehalfLine(ret.institution_name, e.user_name, e.on_behalf_reason)}`,
    }));
}
