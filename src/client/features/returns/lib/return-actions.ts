import { canDecideReturns, canEditInstitution, canSignOffReturn } from '../../../../shared/permissions.ts';
import { actsOnBehalf, ON_BEHALF_ACTIONS } from '../../../../shared/return-acting.ts';
import { allowedInState, RETURN_ACTIONS, RETURN_TRANSITIONS } from '../../../../shared/reporting-cycle.ts';
import type { Privileges } from '../../../../shared/schemas/profile.ts';
import type { TermReturn } from '../../../../shared/schemas/returns.ts';
import { earliestDueAgainOn } from '../../../../shared/return-due.ts';
import { formatDay } from './format-day.ts';
import { RETURN_UI } from '../messages.ts';

/** The actions of the return page, in the order its buttons stand. */
export const RETURN_PAGE_ACTIONS = ['fill-zeros', 'submit', 'approve', 'send-back', 'reopen'] as const;
export type ReturnPageAction = (typeof RETURN_PAGE_ACTIONS)[number];

/** Actions that need a reason, kept in the history, and set the return's new due date (the state machine's). */
export const REASON_ACTIONS: readonly ReturnPageAction[] = RETURN_ACTIONS.filter((a) => RETURN_TRANSITIONS[a].reason);

/**
 * Whether the dialog asks why: always to send back or reopen, and to zero-fill or sign off when an app admin acts for
 * an institution they are not an admin of (the server refuses a reason from anyone else).
 */
export function asksReason(action: ReturnPageAction, institutionId: number, privileges: Privileges): boolean {
  if (REASON_ACTIONS.includes(action)) return true;
  return (ON_BEHALF_ACTIONS as readonly string[]).includes(action) && actsOnBehalf(privileges, institutionId);
}

/**
 * The actions this user may take on this return now (docs/reporting-cycle.md's table): the institution's admins and
 * app admins fill zeros and sign off an open return; app admins approve or send back a submitted one and reopen an
 * approved one. Filling zeros is offered only while some program has no record, and signing off only once every
 * expected program has a submitted record, so a button never leads to a certain refusal.
 */
export function availableReturnActions(ret: TermReturn, privileges: Privileges): ReturnPageAction[] {
  const signsOff = canSignOffReturn(privileges, ret.institution_id);
  const decides = canDecideReturns(privileges);
  // By the shared state machine (shared/reporting-cycle.ts), which the server enforces: who, and from which states.
  return RETURN_PAGE_ACTIONS.filter((action) => {
    if (!allowedInState(action, ret.state)) return false;
    if (action === 'fill-zeros') return signsOff && ret.reported < ret.expected;
    if (RETURN_TRANSITIONS[action].who === 'app admin') return decides;
    return signsOff && ret.submitted >= ret.expected;
  });
}

/** How many expected programs keep the return from being signed off: those without a submitted record. */
export const missingSubmissions = (ret: Pick<TermReturn, 'expected' | 'submitted'>) => Math.max(0, ret.expected - ret.submitted);

/**
 * What the return page says where no action button stands (issue 29: "There is nothing you can do" told a writer
 * nothing): what happens next to the return, and who does it.
 */
export function noActionsText(ret: TermReturn, privileges: Privileges): string {
  const T = RETURN_UI.detail.noActions;
  if (ret.state === 'submitted') return T.submitted;
  if (ret.state === 'approved') return T.approved;
  if (!canEditInstitution(privileges, ret.institution_id)) return T.read(ret.institution_name);
  if (canSignOffReturn(privileges, ret.institution_id)) return T.submitDrafts;
  return missingSubmissions(ret) > 0 ? T.enter(ret.institution_name) : T.tell(ret.institution_name);
}

/**
 * What is wrong with a send-back's or reopening's new due date, by the server's rule (shared/return-due.ts): none
 * chosen or a past day, or a day before the period's own due date; null when it is fine.
 */
export function dueAgainProblem(day: string, today: string, periodDueOn: string): string | null {
  if (day === '' || day < today) return RETURN_UI.actions.dueAgainPast;
  return day < earliestDueAgainOn(today, periodDueOn) ? RETURN_UI.actions.dueAgainEarly(formatDay(periodDueOn)) : null;
}
