/**
 * What other features use from the term returns feature: the open returns (the home page's "What is due"), the return
 * of one term (the record form's lock notice), the cached list of periods (the Periods screen), and how a return's
 * state, overdue mark and days look; the return and its actions for the whole-term grid, which signs off in place.
 */
export { periodsQueryOptions, RETURNS_QUERY_KEY, useOpenReturns, useReturn, useReturnOfTerm } from './api/get-returns.ts';
export { ReturnActions } from './components/return-actions.tsx';
export { SignOffPeople } from './components/sign-off-people.tsx';
export { availableReturnActions } from './lib/return-actions.ts';
export { OverdueBadge, ReturnStateBadge } from './components/return-state-badge.tsx';
export { formatDay, formatInstant } from './lib/format-day.ts';
// A return's own due date after a send-back or reopening, and what an app admin did on the institution's behalf.
export { dueAgainShown, onBehalfNotes } from './lib/return-due-text.ts';
export { RETURN_UI } from './messages.ts';
// Why a return is open again (sent back or reopened), for its card on the home page.
export { returnedNotice, shortReason } from './lib/returned-notice.ts';
// The record page's "Next program of this return": a return's programs, and the new-record link of one.
export { useReturnPrograms } from './api/get-returns.ts';
export { newRecordLink } from './components/return-programs.tsx';
