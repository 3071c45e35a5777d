import { onBehalfLine } from '../../../../shared/return-acting.ts';
import type { ReturnState } from '../../../../shared/reporting-cycle.ts';
import type { ReturnEvent, TermReturn } from '../../../../shared/schemas/returns.ts';

/** States in which the institution still owes the return: a new due date matters only then. */
const OWED: readonly ReturnState[] = ['not started', 'in progress', 'reopened'];

/**
 * The return's own due date to show ("Due again on …") instead of "Overdue": set by a send-back or reopening, while the
 * return is still owed and that date has not passed. Past it the return is overdue again and says so.
 */
export function dueAgainShown(ret: Pick<TermReturn, 'state' | 'due_again_on' | 'overdue'>): string | null {
  if (ret.due_again_on === null || ret.overdue || !OWED.includes(ret.state)) return null;
  return ret.due_again_on;
}

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
