import { isOpenReturnState, type ReturnState } from '../../../../shared/reporting-cycle.ts';
import type { ReturnEvent } from '../../../../shared/schemas/returns.ts';

/** The history's actions that open a signed-off return again, each with an app admin's reason and a new due date. */
const OPENING_ACTIONS = ['send-back', 'reopen'] as const;
export type OpeningAction = (typeof OPENING_ACTIONS)[number];
/** The actions that move a return between states; a later sign-off or approval ends what a send-back asked. */
const STATE_ACTIONS = ['submit', 'approve', ...OPENING_ACTIONS];

export interface ReturnedNotice {
  action: OpeningAction;
  /** Who sent it back or reopened it (null when the account is gone: the page says "The system"). */
  by: string | null;
  at: string;
  reason: string;
  dueAgainOn: string | null;
}

/**
 * Why an open return is open again: the send-back or reopening that opened it, while the institution has not signed it
 * off since (bug: a sent-back return looked "ready" with the reason only at the foot of the history). Null for a return
 * that was never signed off, or one signed off or approved now.
 */
export function returnedNotice(ret: { state: ReturnState; history: readonly ReturnEvent[] }): ReturnedNotice | null {
  if (!isOpenReturnState(ret.state)) return null;
  const last = ret.history.findLast((e) => STATE_ACTIONS.includes(e.action));
  if (!last || !(OPENING_ACTIONS as readonly string[]).includes(last.action)) return null;
  return {
    action: last.action as OpeningAction,
    by: last.user_name,
    at: last.at,
    reason: last.reason ?? '',
    dueAgainOn: last.due_again_on,
  };
}

/** Characters of a reason a home card shows before it is cut (the return page shows it whole). */
export const SHORT_REASON_CHARS = 80;

/** A reason cut to `max` characters at a word where there is one, with an ellipsis; whitespace runs become one space. */
export function shortReason(reason: string, max = SHORT_REASON_CHARS): string {
  const flat = reason.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

/** A sentence of the reason: it ends with a full stop unless it already ends with one (or ! or ?). */
export const asSentence = (text: string): string => (/[.!?…]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);
