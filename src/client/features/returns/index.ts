/**
 * What other features use from the term returns feature: the open returns (the home page's "What is due"), the return
 * of one term (the record form's lock notice), a return's programs and the new-record link of one (the record page's
 * "Next program of this return"), the cached list of periods (the Periods screen), and how a return's state, overdue
 * mark and days look.
 */
export { periodsQueryOptions, RETURNS_QUERY_KEY, useOpenReturns, useReturnOfTerm, useReturnPrograms } from './api/get-returns.ts';
export { newRecordLink } from './components/return-programs.tsx';
export { OverdueBadge, ReturnStateBadge } from './components/return-state-badge.tsx';
export { formatDay } from './lib/format-day.ts';
export { RETURN_UI } from './messages.ts';
